import { COURSE_DESCRIPTION_MAX, COURSE_LIMITS, COURSE_NAME_MAX } from '@heed/contract';
import { Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useMemo } from 'react';
import { useCourseCategories } from '../api/course-categories.ts';
import { flattenCategories } from '../model/category-tree.ts';
import type { CourseDraft } from '../model/course-draft.ts';
import type { CourseForm } from '../model/use-course-form.ts';
import { ThumbnailField } from './thumbnail-field.tsx';

type NumberField =
  | 'duration_minutes'
  | 'passing_score'
  | 'attempts_allowed'
  | 'recertify_months'
  | 'renewal_days'
  | 'grace_days';

/** The course's own fields: name, description, category, thumbnail, the numbers, and whether it is active. */
export function CourseDetails({ form }: { form: CourseForm }) {
  const { draft } = form;
  const recertifies = draft.recertify_months.trim() !== '';
  const categories = useCourseCategories();
  const options = useMemo(
    () => flattenCategories(categories.data).map((entry) => ({ value: String(entry.id), label: entry.path })),
    [categories.data],
  );
  const text = (field: 'name' | 'description') => ({
    value: draft[field],
    error: form.errorOf(field),
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      form.update((d) => ({ ...d, [field]: value }), [field]);
    },
    onBlur: () => form.touch(field),
  });
  const number = (field: NumberField) => ({
    value: draft[field],
    error: form.errorOf(field),
    inputMode: 'numeric' as const,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      form.update((d: CourseDraft) => ({ ...d, [field]: value }), [field]);
    },
    onBlur: () => form.touch(field),
  });

  return (
    <Stack gap="md">
      <TextInput label="Name" withAsterisk maxLength={COURSE_NAME_MAX} data-autofocus {...text('name')} />
      <Textarea
        label="Description"
        description="What the course covers; learners see it on My Courses."
        autosize
        minRows={3}
        maxRows={8}
        maxLength={COURSE_DESCRIPTION_MAX}
        {...text('description')}
      />
      <Select
        label="Category"
        placeholder={categories.isPending ? 'Loading categories…' : 'No category'}
        searchable
        clearable
        data={options}
        value={draft.category_id === null ? null : String(draft.category_id)}
        onChange={(value) =>
          form.update((d) => ({ ...d, category_id: value === null ? null : Number(value) }), ['category_id'])
        }
        error={form.errorOf('category_id')}
        nothingFoundMessage="No category matches"
        comboboxProps={{ withinPortal: true }}
        maw={480}
      />
      <ThumbnailField
        value={draft.thumbnail_path}
        error={form.errorOf('thumbnail_path')}
        onChange={(thumbnail_path) => form.update((d) => ({ ...d, thumbnail_path }), ['thumbnail_path'])}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <TextInput
          label="Estimated duration"
          withAsterisk
          rightSection="min"
          rightSectionWidth={44}
          description={`${COURSE_LIMITS.durationMinutes.min} to ${COURSE_LIMITS.durationMinutes.max.toLocaleString('en-US')} minutes`}
          {...number('duration_minutes')}
        />
        <TextInput
          label="Passing score"
          withAsterisk
          rightSection="%"
          rightSectionWidth={36}
          description="0 to 100"
          {...number('passing_score')}
        />
        <TextInput
          label="Attempts allowed"
          placeholder="Unlimited"
          description={`Blank: unlimited; at most ${COURSE_LIMITS.attemptsAllowed.max}`}
          {...number('attempts_allowed')}
        />
        <TextInput
          label="Recertify every"
          placeholder="Never"
          rightSection="months"
          rightSectionWidth={64}
          description={`Blank: never; at most ${COURSE_LIMITS.recertifyMonths.max} months`}
          {...number('recertify_months')}
        />
        {recertifies && (
          <>
            <TextInput
              label="Assign the renewal"
              rightSection="days before expiry"
              rightSectionWidth={132}
              description="Each learner gets a renewal assignment this long before their certificate expires"
              {...number('renewal_days')}
            />
            <TextInput
              label="Grace period"
              rightSection="days"
              rightSectionWidth={56}
              description="How long after expiry the renewal is due before the learner counts as lapsed"
              {...number('grace_days')}
            />
          </>
        )}
      </SimpleGrid>
      <Switch
        label="Active"
        description="An inactive course stays in the catalog, marked inactive."
        checked={draft.active}
        onChange={(event) => {
          const active = event.currentTarget.checked;
          form.update((d) => ({ ...d, active }));
        }}
      />
    </Stack>
  );
}

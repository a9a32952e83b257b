import type { CustomField } from '@heed/contract';
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { Modal, useModalClose } from '../../../components/modal/index.ts';
import { useFieldEditor } from '../model/use-field-editor.ts';
import { ConversionReview } from './conversion-review.tsx';
import { FieldForm } from './field-form.tsx';

export interface FieldEditorModalProps {
  /** The field to edit, 'new' to add one, null when closed. */
  field: CustomField | 'new' | null;
  onSaved: (notice: string) => void;
  onClose: () => void;
}

/** Adds or edits a field; an edit that touches values users hold goes through a review step first. */
export function FieldEditorModal({ field, onSaved, onClose }: FieldEditorModalProps) {
  const title = field === 'new' ? 'Add custom field' : field ? `Edit ${field.label}` : '';
  return (
    <Modal opened={field !== null} onClose={onClose} title={title} size="lg">
      {field !== null && <FieldEditor field={field === 'new' ? null : field} onSaved={onSaved} />}
    </Modal>
  );
}

function FieldEditor({ field, onSaved }: { field: CustomField | null; onSaved: (notice: string) => void }) {
  const close = useModalClose();
  const editor = useFieldEditor(field, (notice) => {
    onSaved(notice);
    close();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editor.step === 'form') void editor.submitForm();
    else void editor.submitReview();
  };
  const reviewing = editor.step === 'review' && editor.preview !== null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {editor.message && (
          <Alert color="red" variant="light" role="alert">
            {editor.message}
          </Alert>
        )}
        {reviewing ? (
          <ConversionReview
            label={field?.label ?? editor.draft.label}
            preview={editor.preview!}
            rule={editor.target}
            typeChanged={field?.type !== editor.draft.type}
            choices={editor.choices}
            onChoicesChange={editor.setChoices}
            clearAgreed={editor.clearAgreed}
            onClearAgreedChange={editor.setClearAgreed}
          />
        ) : (
          <FieldForm
            draft={editor.draft}
            onChange={editor.setDraft}
            errors={editor.errors}
            editing={field !== null}
            savedType={field?.type}
          />
        )}
        <Group justify="flex-end" gap="sm">
          {reviewing ? (
            <Button variant="default" onClick={editor.back}>
              Back
            </Button>
          ) : (
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={editor.busy} disabled={reviewing && !editor.canConfirm}>
            {reviewing ? 'Convert and save' : editor.willReview ? 'Review changes' : field ? 'Save' : 'Add field'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

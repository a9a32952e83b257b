import type { UserImport } from '@heed/contract';
import { Alert, Loader, Paper, Stack, Stepper } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatApiError, showApiError } from '../../../lib/error-notices.tsx';
import { useStartDryRun } from '../api/import-mutations.ts';
import { importQueryOptions, useUserImport } from '../api/imports-query.ts';
import { READABLE_ALERT } from '../components/alert-styles.ts';
import { DryRunStep } from '../components/dry-run-step.tsx';
import { ImportStep } from '../components/import-step.tsx';
import { MappingStep } from '../components/mapping-step.tsx';
import { OptionsStep } from '../components/options-step.tsx';
import { UploadStep } from '../components/upload-step.tsx';
import { IMPORT_STEPS, type ImportStep as Step, STEP_LABELS, currentStep, hasStarted } from '../model/import-steps.ts';

/**
 * New import (`/users/import/new`, PRODUCT.md "Users import"): upload → match columns → options →
 * dry run → import with live progress and summary. The import and the step live in the address
 * (`?id=12&step=options`), so a reload, the back button or the history's link come back to it.
 */
export default function UsersImportNewPage() {
  const [params, setParams] = useSearchParams();
  const rawId = Number(params.get('id'));
  const id = Number.isInteger(rawId) && rawId > 0 ? rawId : null;
  const query = useUserImport(id);
  const client = useQueryClient();
  const dryRun = useStartDryRun();
  const item = id === null ? undefined : query.data;
  const step = currentStep(item, params.get('step'));
  const go = (next: Step, target: number | null = id) =>
    setParams(target === null ? {} : { id: String(target), step: next }, {
      replace: next === 'mapping' && target !== id,
    });

  const uploaded = (created: UserImport) => {
    client.setQueryData(importQueryOptions(created.id).queryKey, created);
    go('mapping', created.id);
  };
  const optionsSaved = () => {
    go('check');
    if (id !== null) dryRun.mutate(id, { onError: (error) => showApiError(error) });
  };

  let body: React.ReactNode;
  if (id !== null && query.isPending) body = <Loader aria-label="Loading the import" />;
  else if (id !== null && query.isError)
    body = (
      <Alert
        styles={READABLE_ALERT}
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} aria-hidden />}
        title="This import cannot be shown"
      >
        {formatApiError(query.error).message}
      </Alert>
    );
  else if (!item) body = <UploadStep onUploaded={uploaded} />;
  else if (step === 'mapping') body = <MappingStep key={item.id} item={item} onDone={() => go('options')} />;
  else if (step === 'options')
    body = <OptionsStep key={item.id} item={item} onBack={() => go('mapping')} onDone={optionsSaved} />;
  else if (step === 'check')
    body = <DryRunStep item={item} onBack={() => go('options')} onStarted={() => go('import')} />;
  else body = <ImportStep item={item} onNewImport={() => setParams({})} />;

  const active = IMPORT_STEPS.indexOf(step);
  const locked = item ? hasStarted(item) : true;
  return (
    <Stack gap="lg">
      <Stepper
        active={item?.status === 'completed' ? IMPORT_STEPS.length : active}
        onStepClick={(index) => {
          const target = IMPORT_STEPS[index];
          if (!locked && target && target !== 'upload' && target !== 'import') go(target);
        }}
        allowNextStepsSelect={false}
        size="sm"
        aria-label="Import steps"
      >
        {IMPORT_STEPS.map((name) => (
          <Stepper.Step key={name} label={STEP_LABELS[name].label} description={STEP_LABELS[name].description} />
        ))}
      </Stepper>
      <Paper withBorder radius="md" p="lg">
        {body}
      </Paper>
    </Stack>
  );
}

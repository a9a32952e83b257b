import type { UserImport } from '@heed/contract';

/** The stepper's steps, as kept in the address (`?id=12&step=options`). */
export const IMPORT_STEPS = ['upload', 'mapping', 'options', 'check', 'import'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

export const STEP_LABELS: Record<ImportStep, { label: string; description: string }> = {
  upload: { label: 'Upload', description: 'CSV or XLSX' },
  mapping: { label: 'Match columns', description: 'File columns to fields' },
  options: { label: 'Options', description: 'How rows apply' },
  check: { label: 'Dry run', description: 'Errors before anything changes' },
  import: { label: 'Import', description: 'Progress and summary' },
};

/** Once the run has started, only the import step makes sense. */
export const hasStarted = (item: UserImport) => item.started_at !== null;

/**
 * The step to show: the one in the address when it still applies, else where the import stands
 * (a fresh upload at its mapping, a dry run at its results, a started run at its progress).
 */
export function currentStep(item: UserImport | undefined, requested: string | null): ImportStep {
  if (!item) return 'upload';
  if (hasStarted(item)) return 'import';
  const asked = IMPORT_STEPS.find((step) => step === requested);
  if (asked && asked !== 'upload' && asked !== 'import') return asked;
  if (item.status === 'validating' || item.status === 'validated') return 'check';
  return 'mapping';
}

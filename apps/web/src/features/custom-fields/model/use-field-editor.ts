import type { CustomField, CustomFieldConversion, CustomFieldUpdateBody } from '@heed/contract';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useCreateCustomField } from '../api/create-custom-field.ts';
import { previewCustomFieldChange } from '../api/preview-custom-field-change.ts';
import { type CustomFieldUpdateResult, useUpdateCustomField } from '../api/update-custom-field.ts';
import { type ValueChoice, conversionBody, initialChoices, usersCleared, usersText } from './conversion-choices.ts';
import {
  type FieldDraft,
  createBody,
  draftErrors,
  draftOf,
  draftOptions,
  newDraft,
  renamesOf,
  touchesValues,
  updateBody,
} from './field-draft.ts';

const FORM_FIELDS = ['label', 'key', 'type', 'options', 'required', 'show_in_table'];

/** The notice after a save: what happened to the values, when anything did. */
function savedNotice(label: string, result: CustomFieldUpdateResult): string {
  const conversion = result.conversion;
  if (!conversion) return `${label} saved.`;
  const parts = [
    conversion.converted > 0 && `${usersText(conversion.converted)} converted`,
    conversion.mapped > 0 && `${usersText(conversion.mapped)} given a new value`,
    conversion.cleared > 0 && `${usersText(conversion.cleared)} cleared`,
  ].filter(Boolean);
  return parts.length > 0 ? `${label} saved: ${parts.join(', ')}.` : `${label} saved.`;
}

/**
 * The add/edit flow: local checks from the contract, then the server. An edit that may change
 * values users hold (a new type, options renamed or removed) is previewed first; unless nothing is
 * at stake, the review step shows what converts and asks what becomes of the rest.
 */
export function useFieldEditor(field: CustomField | null, onSaved: (notice: string) => void) {
  const [draft, setDraft] = useState<FieldDraft>(() => (field ? draftOf(field) : newDraft()));
  const [step, setStep] = useState<'form' | 'review'>('form');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [preview, setPreview] = useState<CustomFieldConversion | null>(null);
  const [choices, setChoices] = useState<ValueChoice[]>([]);
  const [clearAgreed, setClearAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const create = useCreateCustomField();
  const update = useUpdateCustomField();
  const target = { type: draft.type, options: draftOptions(draft) };
  const renames = field ? renamesOf(field, draft) : {};

  const showError = (error: unknown) => {
    if (!isApiError(error)) return setMessage(error instanceof Error ? error.message : String(error));
    if (error.status >= 500) return setMessage(null);
    const fields: Record<string, string> = {};
    const others: string[] = [];
    for (const [name, messages] of Object.entries(error.details)) {
      if (FORM_FIELDS.includes(name) && step === 'form' && messages[0]) fields[name] = messages[0];
      else others.push(...messages);
    }
    setErrors(fields);
    setMessage(others.length > 0 ? others.join(' ') : Object.keys(fields).length > 0 ? null : error.message);
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const save = async (body: CustomFieldUpdateBody) => {
    const result = await update.mutateAsync({ id: field!.id, body });
    onSaved(savedNotice(result.data.label, result));
  };

  const review = async (existing: CustomField) => {
    const found = await previewCustomFieldChange(existing.id, target);
    const initial = initialChoices(found, renames);
    const listed = initial.reduce((sum, choice) => sum + choice.users, 0);
    const onlyRenames =
      existing.type === draft.type && found.unconvertible === listed && usersCleared(found, initial) === 0;
    if (found.users === 0 || onlyRenames)
      return save({ ...updateBody(draft), ...conversionBody(initial, renames, false) });
    setPreview(found);
    setChoices(initial);
    setClearAgreed(false);
    setStep('review');
  };

  const submitForm = () => {
    const local = draftErrors(draft);
    if (field) delete local.key;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    return run(async () => {
      if (!field) {
        const created = await create.mutateAsync(createBody(draft));
        onSaved(`${created.label} added.`);
      } else if (touchesValues(field, draft)) await review(field);
      else await save(updateBody(draft));
    });
  };

  const submitReview = () =>
    run(() => save({ ...updateBody(draft), ...conversionBody(choices, renames, clearAgreed) }));

  const cleared = preview ? usersCleared(preview, choices) : 0;
  return {
    draft,
    setDraft: (next: FieldDraft) => {
      setDraft(next);
      setMessage(null);
    },
    step,
    back: () => setStep('form'),
    errors,
    message,
    busy,
    preview,
    target,
    choices,
    setChoices,
    clearAgreed,
    setClearAgreed,
    canConfirm: cleared === 0 || clearAgreed,
    /** Saving first previews what happens to the values users hold. */
    willReview: field !== null && touchesValues(field, draft),
    submitForm,
    submitReview,
  };
}

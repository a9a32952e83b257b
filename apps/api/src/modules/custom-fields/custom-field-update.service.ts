import {
  CUSTOM_FIELD_TYPE_LABELS,
  type CustomField,
  type CustomFieldConversion,
  type CustomFieldType,
  type CustomFieldUpdateBody,
  normalizeCustomFieldValue,
} from '@heed/contract';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { type FieldErrors, invalid, notFound } from '../../platform/errors.ts';
import { applyStagedChanges } from './conversion.repository.ts';
import { type ConversionTally, type FieldRule, type ValueMap, scanConversion } from './conversion.ts';
import { nameErrors, resolveOptions, usersHold } from './custom-fields.rules.ts';
import { toCustomField } from './custom-fields.mapper.ts';
import { findFieldRow, listFieldRows, lockFieldRow, updateFieldRow } from './custom-fields.repository.ts';
import type { CustomFieldsDeps } from './custom-fields.service.ts';
import { storeOptions } from './stored-options.ts';

/** The definition a change asks for, checked on its own (before any value is looked at). */
function targetRule(current: CustomField, type: CustomFieldType | undefined, options: string[] | null | undefined) {
  const targetType = type ?? current.type;
  const resolved = resolveOptions(targetType, options, current.type === 'select' ? current.options : null);
  if ('errors' in resolved) throw invalid(resolved.errors);
  return { type: targetType, options: resolved.options } satisfies FieldRule;
}

/** Whether stored values can be affected: a new type, or select options that are gone. */
function touchesValues(current: CustomField, target: FieldRule, map: ValueMap): boolean {
  if (current.type !== target.type || map.size > 0) return true;
  return current.type === 'select' && (current.options ?? []).some((option) => !target.options?.includes(option));
}

/** value_map targets in their canonical spelling for the new rule; a target that does not fit is a 422. */
function canonicalMap(target: FieldRule, raw: Record<string, string | null> | undefined): ValueMap {
  const map = new Map<string, string | null>();
  const errors: string[] = [];
  for (const [from, to] of Object.entries(raw ?? {})) {
    if (to === null || to.trim() === '') {
      map.set(from, null);
      continue;
    }
    const result = normalizeCustomFieldValue(target, to);
    if ('error' in result) errors.push(`"${to}": ${result.error}`);
    else map.set(from, result.value);
  }
  if (errors.length > 0) throw invalid({ value_map: errors });
  return map;
}

/** GET /custom-fields/{id}/conversion: how the held values fare under a new type and/or options. */
export async function previewCustomFieldChange(
  deps: CustomFieldsDeps,
  ctx: AuthedContext,
  id: number,
  query: { type?: CustomFieldType; options?: string[] },
): Promise<CustomFieldConversion> {
  const row = await findFieldRow(deps.db, ctx.companyId, id);
  if (!row) throw notFound();
  const target = targetRule(toCustomField(row), query.type, query.options);
  const {
    mapped: _m,
    clearedByMap: _c,
    ...preview
  } = await scanConversion(deps.db, { companyId: ctx.companyId, fieldId: id }, target, new Map(), {
    stage: false,
    clearUnconvertible: false,
  });
  return preview;
}

/** A value change the caller has not agreed to: a 422 naming how many users it concerns. */
function refusal(current: CustomField, target: FieldRule, tally: ConversionTally, body: CustomFieldUpdateBody) {
  const typeChanged = current.type !== target.type;
  if (typeChanged && tally.users > 0 && body.confirm_conversion !== true) {
    return {
      type: [`${usersHold(tally.users)} a value of this field: preview the conversion, then confirm it.`],
    } satisfies FieldErrors;
  }
  if (tally.unconvertible > 0 && body.unconvertible !== 'clear') {
    const why = typeChanged
      ? `values that are not valid as ${CUSTOM_FIELD_TYPE_LABELS[target.type as CustomFieldType]}`
      : 'options that are removed';
    return {
      [typeChanged ? 'type' : 'options']: [
        `${usersHold(tally.unconvertible)} ${why}: map them to another value or choose to clear them.`,
      ],
    } satisfies FieldErrors;
  }
  return null;
}

export interface UpdateResult {
  data: CustomField;
  conversion: { converted: number; mapped: number; cleared: number } | null;
}

/**
 * PUT /custom-fields/{id}. The key never changes. A change that affects stored values is planned
 * and applied in the same transaction as the definition (and its audit entry), after the field's
 * row is locked; it is refused unless confirmed as the contract describes, so no value is ever
 * dropped without the caller having asked for it.
 */
export async function updateCustomField(
  deps: CustomFieldsDeps,
  ctx: AuthedContext,
  id: number,
  body: CustomFieldUpdateBody,
): Promise<UpdateResult> {
  const now = iso(ctx.now());
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockFieldRow(trx, ctx.companyId, id, now);
    if (!row) throw notFound();
    const before = toCustomField(row);
    if (body.key !== undefined && body.key !== before.key)
      throw invalid({ key: ['The key cannot be changed after the field is created.'] });
    const target = targetRule(before, body.type, body.options);
    const map = canonicalMap(target, body.value_map);
    const errors = nameErrors(await listFieldRows(trx, ctx.companyId), { label: body.label }, id);
    if (Object.keys(errors).length > 0) throw invalid(errors);

    let conversion: UpdateResult['conversion'] = null;
    if (touchesValues(before, target, map)) {
      const field = { companyId: ctx.companyId, fieldId: id };
      const clearUnconvertible = body.unconvertible === 'clear';
      const tally = await scanConversion(trx, field, target, map, { stage: true, clearUnconvertible });
      const refused = refusal(before, target, tally, body);
      if (refused) throw invalid(refused);
      await applyStagedChanges(trx, ctx.companyId, id);
      const cleared = tally.clearedByMap + (clearUnconvertible ? tally.unconvertible : 0);
      conversion = { converted: tally.convertible, mapped: tally.mapped, cleared };
    }
    await updateFieldRow(trx, id, {
      label: body.label ?? before.label,
      type: target.type,
      options: storeOptions(target.options),
      required: (body.required ?? before.required) ? 1 : 0,
      show_in_table: (body.show_in_table ?? before.show_in_table) ? 1 : 0,
      updated_at: now,
    });
    const after = toCustomField((await findFieldRow(trx, ctx.companyId, id))!);
    await audit(trx, ctx, {
      action: 'custom_field.update',
      entityType: 'custom_field',
      entityId: id,
      before,
      after: conversion ? { ...after, conversion } : after,
    });
    return { data: after, conversion };
  });
}

import {
  CUSTOM_FIELDS_PER_COMPANY_MAX,
  type CustomField,
  type CustomFieldCreateBody,
  type CustomFieldListItem,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalid, invalidField, notFound } from '../../platform/errors.ts';
import { isUniqueViolation, nameErrors, resolveOptions } from './custom-fields.rules.ts';
import { toCustomField } from './custom-fields.mapper.ts';
import {
  countValuesByField,
  deleteField,
  findFieldRow,
  insertFieldRow,
  listFieldRows,
  nextPosition,
  setPositions,
} from './custom-fields.repository.ts';
import { storeOptions } from './stored-options.ts';

export interface CustomFieldsDeps {
  db: Kysely<Database>;
}

/** GET /custom-fields: the company's fields in position order, with value counts when asked. */
export async function listCustomFields(
  deps: CustomFieldsDeps,
  ctx: AuthedContext,
  withCounts: boolean,
): Promise<CustomFieldListItem[]> {
  const rows = await listFieldRows(deps.db, ctx.companyId);
  if (!withCounts) return rows.map(toCustomField);
  const counts = await countValuesByField(deps.db, ctx.companyId);
  return rows.map((row) => ({ ...toCustomField(row), user_count: counts.get(row.id) ?? 0 }));
}

/** POST /custom-fields: a new field placed after the others. */
export async function createCustomField(
  deps: CustomFieldsDeps,
  ctx: AuthedContext,
  body: CustomFieldCreateBody,
): Promise<CustomField> {
  const resolved = resolveOptions(body.type, body.options, null);
  if ('errors' in resolved) throw invalid(resolved.errors);
  const now = iso(ctx.now());
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const fields = await listFieldRows(trx, ctx.companyId);
      if (fields.length >= CUSTOM_FIELDS_PER_COMPANY_MAX)
        throw invalidField('key', `A company can have at most ${CUSTOM_FIELDS_PER_COMPANY_MAX} custom fields.`);
      const errors = nameErrors(fields, body, null);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const id = await insertFieldRow(trx, {
        company_id: ctx.companyId,
        key: body.key,
        label: body.label,
        type: body.type,
        options: storeOptions(resolved.options),
        required: body.required ? 1 : 0,
        show_in_table: body.show_in_table ? 1 : 0,
        position: await nextPosition(trx, ctx.companyId),
        created_at: now,
        updated_at: now,
      });
      const created = toCustomField((await findFieldRow(trx, ctx.companyId, id))!);
      await audit(trx, ctx, {
        action: 'custom_field.create',
        entityType: 'custom_field',
        entityId: id,
        after: created,
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('key', 'Another field already uses this key.');
    throw error;
  }
}

/** DELETE /custom-fields/{id}: the field and every value users hold of it. */
export async function deleteCustomField(deps: CustomFieldsDeps, ctx: AuthedContext, id: number) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await findFieldRow(trx, ctx.companyId, id);
    if (!row) throw notFound();
    const valuesDeleted = await deleteField(trx, ctx.companyId, id);
    await audit(trx, ctx, {
      action: 'custom_field.delete',
      entityType: 'custom_field',
      entityId: id,
      before: toCustomField(row),
      after: { values_deleted: valuesDeleted },
    });
    return { id, values_deleted: valuesDeleted };
  });
}

/** PUT /custom-fields/order: every field of the company, each once, in the new order. */
export async function orderCustomFields(
  deps: CustomFieldsDeps,
  ctx: AuthedContext,
  ids: number[],
): Promise<CustomField[]> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await listFieldRows(trx, ctx.companyId);
    const known = new Set(before.map((field) => field.id));
    const isPermutation =
      ids.length === known.size && new Set(ids).size === ids.length && ids.every((id) => known.has(id));
    if (!isPermutation) throw invalidField('ids', 'List every field of this company exactly once.');
    await setPositions(trx, ctx.companyId, ids, iso(ctx.now()));
    const after = await listFieldRows(trx, ctx.companyId);
    await audit(trx, ctx, {
      action: 'custom_field.reorder',
      entityType: 'custom_field',
      before: before.map((field) => field.key),
      after: after.map((field) => field.key),
    });
    return after.map(toCustomField);
  });
}

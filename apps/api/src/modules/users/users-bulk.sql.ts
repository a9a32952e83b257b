import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { castText, jsonObjectAgg } from '../../db/dialect/index.ts';

// SQL pieces of the bulk audit rows (`users-bulk.audit.ts`): the portable ones come from db/dialect.
export { jsonFlag, jsonObject, jsonObjectOrNull, jsonText } from '../../db/dialect/index.ts';

/** A text parameter PostgreSQL can type without context (`castText`). */
export const text = castText;

/** A user's custom field values as one JSON object {key: value}, `{}` when there are none. */
export function customFieldsJson(dialect: Dialect): RawBuilder<unknown> {
  const from = sql`FROM user_field_values v INNER JOIN custom_fields f ON f.id = v.field_id WHERE v.user_id = users.id`;
  return jsonObjectAgg(dialect, { key: sql`f.key`, value: sql`v.value`, from }, { emptyObject: true });
}

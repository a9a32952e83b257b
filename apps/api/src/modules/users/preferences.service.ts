import { PREFERENCE_MAX_BYTES, type Preference } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalidField } from '../../platform/errors.ts';
import { deletePreferenceRow, findPreference, upsertPreference } from './preferences.repository.ts';
import { hasNul } from './users.filters.ts';

const checkName = (name: string) => {
  if (hasNul(name)) throw invalidField('name', 'Remove control characters.');
  return name;
};

/** JSON text of a value, refused past the size limit (or nested too deep to serialise). */
function toJsonText(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? 'null';
  } catch {
    throw invalidField('value', 'The value cannot be stored.');
  }
  if (Buffer.byteLength(text, 'utf8') > PREFERENCE_MAX_BYTES) {
    throw invalidField('value', `The value is too large (at most ${PREFERENCE_MAX_BYTES / 1024} KB).`);
  }
  return text;
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** POST /users/preferences: creates or replaces one of the signed-in user's preferences. */
export async function savePreference(
  db: Kysely<Database>,
  ctx: AuthedContext,
  body: { name: string; data_type: 'json'; value: unknown },
): Promise<Preference> {
  const name = checkName(body.name);
  const text = toJsonText(body.value);
  await db.transaction().execute(async (trx) => {
    await upsertPreference(trx, {
      userId: ctx.user.id,
      name,
      dataType: body.data_type,
      value: text,
      now: iso(ctx.now()),
    });
    await audit(trx, ctx, {
      action: 'preference.save',
      entityType: 'preference',
      entityId: name,
      after: { name, data_type: body.data_type },
    });
  });
  return { name, data_type: 'json', value: parseValue(text) };
}

/** GET /users/preferences: the preference, or null when it was never saved. */
export async function getPreference(
  db: Kysely<Database>,
  ctx: AuthedContext,
  name: string,
): Promise<Preference | null> {
  const row = await findPreference(db, ctx.user.id, checkName(name));
  return row ? { name: row.name, data_type: 'json', value: parseValue(row.value) } : null;
}

/** DELETE /users/preferences: removes it; deleting a missing preference is not an error. */
export async function deletePreference(db: Kysely<Database>, ctx: AuthedContext, name: string): Promise<void> {
  checkName(name);
  await db.transaction().execute(async (trx) => {
    const deleted = await deletePreferenceRow(trx, ctx.user.id, name);
    if (deleted)
      await audit(trx, ctx, {
        action: 'preference.delete',
        entityType: 'preference',
        entityId: name,
        before: { name },
      });
  });
}

import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/** The name both databases' refusals carry, so the API can tell this refusal from others. */
const NAME = 'login_namespace';

/** The row written (`r` is new. or NEW.) breaks the rule: the same test in both databases. */
const breaks = (r: string) =>
  `(${r}username LIKE '%@%' AND (${r}email IS NULL OR ${r}username <> ${r}email))` +
  ` OR (${r}email IS NOT NULL AND ${r}email NOT LIKE '%@%')`;

/** An update gives the row a new username or e-mail. */
const renames = (n: string, o: string) =>
  `(${n}username IS DISTINCT FROM ${o}username OR ${n}email IS DISTINCT FROM ${o}email)`;

/**
 * One namespace for sign-in names (decision 046): an e-mail always holds an @, a username holds one
 * only when it is the user's own e-mail. With the unique indexes on each column, a name with @ can
 * then only be one account's e-mail, a name without @ only one account's username, so sign-in and
 * forgot password resolve one account or none.
 *
 * Triggers on both databases, refusing an insert, or an update that changes the username or e-mail,
 * of a row that breaks the rule. Rows stored before keep their names until those change. Not a CHECK
 * (NOT VALID) on PostgreSQL: it is evaluated on every update of a row, so such a user could not even
 * record a sign-in, and one of them failed a whole bulk action or department move.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(`CREATE FUNCTION users_${NAME}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION '${NAME}' USING ERRCODE = 'check_violation', CONSTRAINT = '${NAME}', TABLE = 'users';
        END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER users_${NAME}_insert BEFORE INSERT ON users FOR EACH ROW
        WHEN (${breaks('NEW.')}) EXECUTE FUNCTION users_${NAME}()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER users_${NAME}_update BEFORE UPDATE OF username, email ON users FOR EACH ROW
        WHEN (${renames('NEW.', 'OLD.')} AND (${breaks('NEW.')})) EXECUTE FUNCTION users_${NAME}()`)
      .execute(db);
    return;
  }
  await sql
    .raw(`CREATE TRIGGER users_${NAME}_insert BEFORE INSERT ON users WHEN ${breaks('new.')}
    BEGIN SELECT RAISE(ABORT, '${NAME}'); END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER users_${NAME}_update BEFORE UPDATE OF username, email ON users
    WHEN ${renames('new.', 'old.')} AND (${breaks('new.')})
    BEGIN SELECT RAISE(ABORT, '${NAME}'); END`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'update']) {
    await sql.raw(`DROP TRIGGER users_${NAME}_${event}${isPostgres(db) ? ' ON users' : ''}`).execute(db);
  }
  if (isPostgres(db)) await sql.raw(`DROP FUNCTION users_${NAME}()`).execute(db);
}

import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { castText, jsonFlag, jsonObject, jsonObjectAgg, jsonObjectOrNull, jsonText } from '../../db/dialect/index.ts';
import type { BulkPlan } from './users-bulk.rules.ts';

// The SQL of the bulk audit rows (users-bulk.repository.ts writes them): the portable pieces come from db/dialect.

/** A text parameter PostgreSQL can type without context (`castText`). */
const text = castText;

/** A user's custom field values as one JSON object {key: value}, `{}` when there are none. */
function customFieldsJson(dialect: Dialect): RawBuilder<unknown> {
  const from = sql`FROM user_field_values v INNER JOIN custom_fields f ON f.id = v.field_id WHERE v.user_id = users.id`;
  return jsonObjectAgg(dialect, { key: sql`f.key`, value: sql`v.value`, from }, { emptyObject: true });
}

/** The audit action of each bulk action (one row per user). */
const BULK_AUDIT_ACTIONS = {
  deactivate: 'user.deactivate',
  reactivate: 'user.reactivate',
  change_department: 'user.change_department',
  change_role: 'user.change_role',
  send_password_reset: 'user.password_reset_sent',
  delete: 'user.delete',
} as const;

const column = (name: string) => sql`${sql.ref(name)}`;

/** The user's department as {id, name}, or null. */
function departmentJson(dialect: Dialect): RawBuilder<unknown> {
  const name = sql`(SELECT d.name FROM departments d WHERE d.id = users.department_id)`;
  return jsonObjectOrNull(
    dialect,
    sql`users.department_id IS NOT NULL`,
    jsonObject(dialect, [
      ['id', column('users.department_id')],
      ['name', name],
    ]),
  );
}

/** Everything an auditor needs to know about a deleted user: the row (no password) and its custom fields. */
function snapshotJson(dialect: Dialect): RawBuilder<unknown> {
  return jsonObject(dialect, [
    ['id', column('users.id')],
    ['username', column('users.username')],
    ['email', column('users.email')],
    ['first_name', column('users.first_name')],
    ['last_name', column('users.last_name')],
    ['role', column('users.role')],
    ['suspended', jsonFlag(dialect, 'users.suspended')],
    ['department', departmentJson(dialect)],
    ['manager_id', column('users.manager_id')],
    ['phone', column('users.phone')],
    ['hired_at', column('users.hired_at')],
    ['external_id', column('users.external_id')],
    ['last_login_at', column('users.last_login_at')],
    ['created_at', column('users.created_at')],
    ['custom_fields', customFieldsJson(dialect)],
  ]);
}

const constant = (value: unknown) => text(value === null ? null : JSON.stringify(value));

/**
 * The audit row's action and its before/after for each user: what changed, read from the row in
 * the database (old values) or known from the plan (new values).
 */
export function auditValues(dialect: Dialect, plan: BulkPlan) {
  const action = BULK_AUDIT_ACTIONS[plan.action];
  const fromRow = (value: RawBuilder<unknown>) => jsonText(dialect, value);
  switch (plan.action) {
    case 'deactivate':
      return { action, before: constant({ suspended: false }), after: constant({ suspended: true }) };
    case 'reactivate':
      return { action, before: constant({ suspended: true }), after: constant({ suspended: false }) };
    case 'change_department':
      return {
        action,
        before: fromRow(jsonObject(dialect, [['department', departmentJson(dialect)]])),
        after: constant({ department: plan.department ?? null }),
      };
    case 'change_role':
      return {
        action,
        before: fromRow(jsonObject(dialect, [['role', column('users.role')]])),
        after: constant({ role: plan.role }),
      };
    case 'send_password_reset':
      return { action, before: constant(null), after: constant({ password_reset_email: 'queued' }) };
    case 'delete':
      return { action, before: fromRow(snapshotJson(dialect)), after: constant(null) };
  }
}

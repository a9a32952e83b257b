import type { Kysely } from 'kysely';
import { flag, index, withId, withTimestamps } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('companies'))
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('suspended', 'integer', flag())
      .addColumn('department_label', 'varchar(40)', (c) => c.notNull().defaultTo('Department'))
      .addColumn('logout_url', 'varchar(2048)')
      .addColumn('question_reports', 'integer', flag())
      .addColumn('session_idle_minutes', 'integer', (c) => c.notNull().defaultTo(30))
      .addColumn('session_absolute_hours', 'integer', (c) => c.notNull().defaultTo(12))
      .addColumn('branding', 'text'),
  ).execute();
  await index(db, 'companies_name', 'companies', ['name']);

  await withTimestamps(
    withId(db, db.schema.createTable('departments'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (c) => c.references('departments.id').onDelete('restrict'))
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('path', 'varchar(512)', (c) => c.notNull()),
  ).execute();
  await index(db, 'departments_company_path', 'departments', ['company_id', 'path']);
  await index(db, 'departments_company_parent_name', 'departments', ['company_id', 'parent_id', 'name']);

  await withTimestamps(
    withId(db, db.schema.createTable('users'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('username', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)')
      .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('password_hash', 'varchar(255)')
      .addColumn('role', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('site_admin', 'integer', flag())
      .addColumn('suspended', 'integer', flag())
      .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
      .addColumn('manager_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('phone', 'varchar(32)')
      .addColumn('hired_at', 'varchar(10)')
      .addColumn('external_id', 'varchar(255)')
      .addColumn('last_login_at', 'varchar(32)'),
  ).execute();
  // Usernames and e-mails are stored lower-case, so plain unique indexes make them case-insensitive.
  await index(db, 'users_username', 'users', ['username'], true);
  await index(db, 'users_email', 'users', ['email'], true);
  // One index per list sort and filter, always led by the tenant, ending in id for a stable order.
  await index(db, 'users_company_last_name', 'users', ['company_id', 'last_name', 'first_name', 'id']);
  await index(db, 'users_company_first_name', 'users', ['company_id', 'first_name', 'last_name', 'id']);
  await index(db, 'users_company_username', 'users', ['company_id', 'username']);
  await index(db, 'users_company_email', 'users', ['company_id', 'email']);
  await index(db, 'users_company_role', 'users', ['company_id', 'role', 'last_name', 'id']);
  await index(db, 'users_company_suspended', 'users', ['company_id', 'suspended', 'last_name', 'id']);
  await index(db, 'users_company_department', 'users', ['company_id', 'department_id', 'last_name', 'id']);
  await index(db, 'users_company_manager', 'users', ['company_id', 'manager_id']);
  await index(db, 'users_company_created', 'users', ['company_id', 'created_at', 'id']);
  await index(db, 'users_company_last_login', 'users', ['company_id', 'last_login_at', 'id']);
  await index(db, 'users_company_external', 'users', ['company_id', 'external_id']);

  await db.schema
    .createTable('department_managers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('department_managers_pk', ['user_id', 'department_id'])
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('custom_fields'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('key', 'varchar(64)', (c) => c.notNull())
      .addColumn('label', 'varchar(120)', (c) => c.notNull())
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('options', 'text')
      .addColumn('required', 'integer', flag())
      .addColumn('show_in_table', 'integer', flag(1))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await index(db, 'custom_fields_company_key', 'custom_fields', ['company_id', 'key'], true);

  await db.schema
    .createTable('user_field_values')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('field_id', 'integer', (c) => c.notNull().references('custom_fields.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'varchar(1000)')
    .addPrimaryKeyConstraint('user_field_values_pk', ['user_id', 'field_id'])
    .execute();
  await index(db, 'user_field_values_filter', 'user_field_values', ['company_id', 'field_id', 'value', 'user_id']);

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('impersonator_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'sessions_user', 'sessions', ['user_id']);
  await index(db, 'sessions_impersonator', 'sessions', ['impersonator_id']);
  await index(db, 'sessions_expires', 'sessions', ['expires_at']);

  await db.schema
    .createTable('throttles')
    .addColumn('key', 'varchar(320)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'password_resets_user', 'password_resets', ['user_id']);

  await withId(db, db.schema.createTable('preferences'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('data_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'preferences_user_name', 'preferences', ['user_id', 'name'], true);

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('company_id', 'integer')
    .addColumn('actor_id', 'integer')
    .addColumn('impersonator_id', 'integer')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('entity_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(64)')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'audit_log_company_time', 'audit_log', ['company_id', 'created_at', 'id']);
  await index(db, 'audit_log_entity', 'audit_log', ['entity_type', 'entity_id']);
  await index(db, 'audit_log_actor', 'audit_log', ['actor_id', 'created_at']);

  await withTimestamps(
    withId(db, db.schema.createTable('jobs'))
      .addColumn('company_id', 'integer')
      .addColumn('type', 'varchar(64)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('result', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
      .addColumn('run_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('locked_by', 'varchar(64)')
      .addColumn('locked_at', 'varchar(32)')
      .addColumn('last_error', 'text')
      .addColumn('idempotency_key', 'varchar(128)')
      .addColumn('created_by', 'integer'),
  ).execute();
  await index(db, 'jobs_claim', 'jobs', ['status', 'run_at', 'id']);
  await index(db, 'jobs_company', 'jobs', ['company_id', 'created_at']);
  await index(db, 'jobs_idempotency', 'jobs', ['idempotency_key'], true);

  await withId(db, db.schema.createTable('assets'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('path', 'varchar(512)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(128)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'assets_company_type', 'assets', ['company_id', 'type', 'id']);
  await index(db, 'assets_path', 'assets', ['path'], true);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'assets',
    'jobs',
    'audit_log',
    'preferences',
    'password_resets',
    'throttles',
    'sessions',
    'user_field_values',
    'custom_fields',
    'department_managers',
    'users',
    'departments',
    'companies',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

import type { Kysely } from 'kysely';
import { flag, index, withId, withTimestamps } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('course_categories'))
    .addColumn('parent_id', 'integer', (c) => c.references('course_categories.id').onDelete('restrict'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'course_categories_parent', 'course_categories', ['parent_id', 'name']);

  await withTimestamps(
    withId(db, db.schema.createTable('courses'))
      .addColumn('category_id', 'integer', (c) => c.references('course_categories.id').onDelete('set null'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('duration_minutes', 'integer')
      .addColumn('passing_score', 'integer')
      .addColumn('recertify_months', 'integer')
      .addColumn('active', 'integer', flag(1)),
  ).execute();
  await index(db, 'courses_category', 'courses', ['category_id', 'name']);

  await db.schema
    .createTable('course_companies')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('course_companies_pk', ['course_id', 'company_id'])
    .execute();
  await index(db, 'course_companies_company', 'course_companies', ['company_id', 'course_id']);

  await withId(db, db.schema.createTable('topics'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await index(db, 'topics_course', 'topics', ['course_id', 'position']);

  await withId(db, db.schema.createTable('questions'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('correct_option', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await index(db, 'questions_topic', 'questions', ['topic_id', 'position']);

  await withTimestamps(
    withId(db, db.schema.createTable('assignment_rules'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('match', 'varchar(8)', (c) => c.notNull().defaultTo('all'))
      .addColumn('conditions', 'text', (c) => c.notNull())
      .addColumn('course_ids', 'text', (c) => c.notNull())
      .addColumn('due_days', 'integer')
      .addColumn('recertify_months', 'integer')
      .addColumn('active', 'integer', flag(1))
      .addColumn('last_run_at', 'varchar(32)'),
  ).execute();
  await index(db, 'assignment_rules_company', 'assignment_rules', ['company_id', 'active']);

  await withTimestamps(
    withId(db, db.schema.createTable('assignments'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('rule_id', 'integer', (c) => c.references('assignment_rules.id').onDelete('set null'))
      .addColumn('assigned_by', 'integer')
      .addColumn('assigned_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('due_at', 'varchar(32)')
      .addColumn('started_at', 'varchar(32)')
      .addColumn('completed_at', 'varchar(32)')
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('score', 'integer')
      .addColumn('recertify_months', 'integer')
      .addColumn('expires_at', 'varchar(32)'),
  ).execute();
  await index(db, 'assignments_company_status', 'assignments', ['company_id', 'status', 'due_at']);
  await index(db, 'assignments_company_course', 'assignments', ['company_id', 'course_id', 'status']);
  await index(db, 'assignments_company_completed', 'assignments', ['company_id', 'completed_at']);
  await index(db, 'assignments_company_expires', 'assignments', ['company_id', 'expires_at']);
  await index(db, 'assignments_company_due', 'assignments', ['company_id', 'due_at', 'id']);
  await index(db, 'assignments_user_course', 'assignments', ['user_id', 'course_id', 'status']);

  await withId(db, db.schema.createTable('course_activity'), 'master_id')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('assignment_id', 'integer')
    .addColumn('topic_id', 'integer')
    .addColumn('event', 'varchar(32)', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'course_activity_company', 'course_activity', ['company_id', 'master_id']);
  await index(db, 'course_activity_user', 'course_activity', ['user_id', 'master_id']);

  await withId(db, db.schema.createTable('question_answers'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('assignment_id', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('topic_id', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('answer', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'question_answers_company_course', 'question_answers', ['company_id', 'course_id', 'question_id']);
  await index(db, 'question_answers_assignment', 'question_answers', ['assignment_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'question_answers',
    'course_activity',
    'assignments',
    'assignment_rules',
    'questions',
    'topics',
    'course_companies',
    'courses',
    'course_categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

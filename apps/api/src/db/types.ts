import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Column conventions, the same on SQLite and PostgreSQL (docs/decisions/003-portable-columns.md):
 * flags are integers 0/1, timestamps are ISO-8601 UTC text, JSON is text.
 */
type Flag = number;
type Timestamp = string;
type Json = string;

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  suspended: Generated<Flag>;
  department_label: Generated<string>;
  logout_url: string | null;
  question_reports: Generated<Flag>;
  session_idle_minutes: Generated<number>;
  session_absolute_hours: Generated<number>;
  branding: Json | null;
  /** IANA time zone (migration 033). */
  time_zone: Generated<string>;
  primary_color: string | null;
  logo_path: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  company_id: number;
  username: string;
  email: string | null;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  role: number;
  site_admin: Generated<Flag>;
  suspended: Generated<Flag>;
  department_id: number | null;
  manager_id: number | null;
  phone: string | null;
  hired_at: string | null;
  external_id: string | null;
  last_login_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Copies of the department's and the manager's names ('' for none) for the list's orders, kept by triggers (migration 043). */
  sort_department: Generated<string>;
  sort_manager_last: Generated<string>;
  sort_manager_first: Generated<string>;
}

export interface DepartmentsTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  name: string;
  /** Materialised path of ids, "/1/5/9/", for subtree scope. */
  path: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DepartmentManagersTable {
  user_id: number;
  department_id: number;
  company_id: number;
}

export interface CustomFieldsTable {
  id: Generated<number>;
  company_id: number;
  key: string;
  label: string;
  type: string;
  options: Json | null;
  required: Generated<Flag>;
  show_in_table: Generated<Flag>;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserFieldValuesTable {
  user_id: number;
  field_id: number;
  company_id: number;
  value: string | null;
}

/** Staging of a custom field's value conversion (migration 006); empty outside a conversion. */
export interface CustomFieldValueChangesTable {
  field_id: number;
  old_value: string;
  new_value: string | null;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  impersonator_id: number | null;
  csrf_token: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface ThrottlesTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PreferencesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  data_type: string;
  value: Json;
  updated_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  company_id: number | null;
  actor_id: number | null;
  impersonator_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Json | null;
  after: Json | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface JobsTable {
  id: Generated<number>;
  company_id: number | null;
  type: string;
  payload: Json;
  status: Generated<string>;
  progress: Generated<number>;
  total: Generated<number>;
  result: Json | null;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  locked_by: string | null;
  locked_at: Timestamp | null;
  last_error: string | null;
  idempotency_key: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** `short` or `heavy` (a job definition's lane, jobs/registry.ts): each lane has its own worker loop. */
  lane: Generated<string>;
  /** Set by POST /jobs/{id}/cancel while the job runs; its worker stops it. */
  cancel_requested_at: Timestamp | null;
  cancel_requested_by: number | null;
}

export interface AssetsTable {
  id: Generated<number>;
  company_id: number;
  type: string;
  path: string;
  original_name: string;
  mime: string;
  size: number;
  created_by: number | null;
  created_at: Timestamp;
}

/** A video, policy document or SCORM package that topics play (migration 024, decision 061). */
export interface CourseMediaTable {
  id: Generated<number>;
  /** 'video' | 'document' | 'scorm' */
  kind: string;
  /** The file's storage key, or a SCORM package's folder. */
  storage_path: string;
  original_name: string;
  mime: string;
  /** Bytes (bigint on PostgreSQL: read it through Number()). */
  size: number | string;
  scorm_version: string | null;
  launch_path: string | null;
  title: string | null;
  file_count: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface CourseCategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  created_at: Timestamp;
}

export interface CoursesTable {
  id: Generated<number>;
  category_id: number | null;
  name: string;
  description: string | null;
  duration_minutes: number | null;
  passing_score: number | null;
  recertify_months: number | null;
  active: Generated<Flag>;
  /** null: unlimited attempts. */
  attempts_allowed: number | null;
  /** 1: every company may use it; 0: the companies of course_companies. */
  all_companies: Generated<Flag>;
  thumbnail_path: string | null;
  /** The newest course_versions.version (0: none written yet; migration 023). */
  current_version: Generated<number>;
  /** Days before a completion expires that its renewal assignment is made (migration 035). */
  renewal_days: Generated<number>;
  /** Days after expiry a learner is "in grace" before counting as lapsed (migration 035). */
  grace_days: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A published course document (migration 023): immutable once written. */
export interface CourseVersionsTable {
  id: Generated<number>;
  course_id: number;
  version: number;
  /** JSON: the Course document as GET /courses/{id} returned it when saved. */
  document: string;
  created_by: number | null;
  created_at: Timestamp;
}

/** A learner's attempt at an assignment's course (migration 023). */
export interface CourseAttemptsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  assignment_id: number;
  course_id: number;
  course_version_id: number;
  attempt: number;
  /** in_progress | passed | failed */
  status: string;
  score: number | null;
  /** JSON: the attempt's per-topic state (modules/learning/attempt-state.ts). */
  state: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface CourseCompaniesTable {
  course_id: number;
  company_id: number;
}

export interface TopicsTable {
  id: Generated<number>;
  course_id: number;
  name: string;
  content: string | null;
  position: number;
  /** 'text' | 'questions' (video, document, SCORM later). */
  kind: Generated<string>;
  /** Ask this many of the topic's questions; null: all. */
  question_pool: number | null;
  shuffle: Generated<Flag>;
  /** Video, document and SCORM topics: the course_media row they play (migration 024). */
  media_id: Generated<number | null>;
}

export interface QuestionsTable {
  id: Generated<number>;
  topic_id: number;
  prompt: string;
  /** JSON `[{"text": string, "correct": boolean, "feedback": string | null}]` (decision 058). */
  options: Json;
  /** Index of the first correct option, kept for older readers; the options' `correct` flags decide. */
  correct_option: number;
  position: number;
  /** 'single' | 'multiple' | 'true_false'. */
  type: Generated<string>;
}

export interface AssignmentsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  course_id: number;
  status: string;
  source: string;
  rule_id: number | null;
  assigned_by: number | null;
  assigned_at: Timestamp;
  due_at: Timestamp | null;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  progress: Generated<number>;
  score: number | null;
  recertify_months: number | null;
  expires_at: Timestamp | null;
  /** The course version whose attempt completed it (migration 023). */
  course_version_id: Generated<number | null>;
  /** The rule run that made it (migration 028); null for manual and older rule assignments. */
  rule_run_id: Generated<number | null>;
  /** The completed assignment this renewal renews (source 'renewal'; migration 035). */
  renews_assignment_id: Generated<number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The learner's name as the list sorts it (lower last || ' ' || lower first), kept by triggers (migration 045). */
  sort_learner: Generated<string>;
  /**
   * The status at the start of the report rollups' window day as its rank in the list's order (1 not
   * started … 5 expired; null when renewed), kept by triggers and the window move (migration 051).
   */
  list_code: Generated<number | null>;
  /** The learner's department, kept by triggers (migration 054): the department order's groups. */
  learner_department_id: Generated<number | null>;
}

/** One completion, kept for good (migration 035): never updated, never deleted, no foreign key. */
export interface CompletionsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  course_id: number;
  assignment_id: number;
  course_version_id: number | null;
  completed_at: Timestamp;
  score: number | null;
  expires_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AssignmentRulesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  match: string;
  conditions: Json;
  course_ids: Json;
  due_days: number | null;
  recertify_months: number | null;
  active: Generated<Flag>;
  last_run_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One run of an assignment rule (migration 028): what it made, and whether it was undone. */
export interface AssignmentRuleRunsTable {
  id: Generated<number>;
  company_id: number;
  rule_id: number;
  rule_name: string;
  trigger: string;
  status: string;
  started_by: number | null;
  job_id: number | null;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  learners: Generated<number>;
  created: Generated<number>;
  already_assigned: Generated<number>;
  protected: Generated<number>;
  undone_at: Timestamp | null;
  undone_by: number | null;
  undone: Generated<number>;
}

/** A learner an administrator took off a rule's course (migration 028): the rule leaves the pair alone. */
export interface AssignmentRuleExclusionsTable {
  id: Generated<number>;
  company_id: number;
  rule_id: number;
  user_id: number;
  course_id: number;
  created_by: number | null;
  created_at: Timestamp;
}

/** A completion's certificate (migration 025): what it shows, frozen when it was issued. */
export interface CertificatesTable {
  id: Generated<number>;
  number: string;
  company_id: number;
  user_id: number;
  assignment_id: number;
  course_id: number;
  course_version_id: number | null;
  learner_name: string;
  course_name: string;
  score: number | null;
  passing_score: number | null;
  completed_at: Timestamp;
  expires_at: Timestamp | null;
  issued_at: Timestamp;
}

/** A link to Assignment Details (migration 027): revocable, expiring; the link is signed, never stored. */
export interface AssignmentTokensTable {
  id: Generated<number>;
  company_id: number;
  assignment_id: number;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
}

/** Secrets the server draws once (migration 027), e.g. the HMAC key of Assignment Details links. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface CourseActivityTable {
  master_id: Generated<number>;
  company_id: number;
  user_id: number;
  course_id: number;
  assignment_id: number | null;
  topic_id: number | null;
  event: string;
  data: Json | null;
  created_at: Timestamp;
  /** A player step's key (`a1:t12`…), unique per assignment: the step is written once (migration 023). */
  step_key?: string | null;
}

export interface QuestionAnswersTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  assignment_id: number;
  course_id: number;
  topic_id: number;
  question_id: number;
  answer: number;
  correct: Flag;
  attempt: number;
  created_at: Timestamp;
  /** JSON array of the chosen option indexes, ascending; `answer` is the first (migration 023). */
  choices?: string | null;
}

export interface NotificationTemplatesTable {
  id: Generated<number>;
  company_id: number | null;
  type: string;
  method: string;
  name: string;
  subject: string | null;
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A company's customised copy: the system default it overrides (migration 029). */
  default_id: Generated<number | null>;
}

export interface NotificationsTable {
  id: Generated<number>;
  company_id: number;
  type: string;
  method: string;
  template_id: number | null;
  sender_id: number | null;
  trigger: string;
  offset_days: number | null;
  repeat_every_days: number | null;
  repeat_max: number | null;
  enabled: Generated<Flag>;
  /** Quiet hours 'HH:MM'–'HH:MM' in the company's notification time zone (migration 030). */
  quiet_start: Generated<string | null>;
  quiet_end: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DeliveriesTable {
  id: Generated<number>;
  company_id: number | null;
  notification_id: number | null;
  assignment_id: number | null;
  user_id: number | null;
  type: string;
  method: string;
  recipient: string;
  subject: string | null;
  body: string;
  status: string;
  error: string | null;
  attempts: Generated<number>;
  sent_at: Timestamp | null;
  created_at: Timestamp;
  /** One row per notification step and recipient (migration 030); null for one-off messages. */
  dedupe_key: Generated<string | null>;
  /** Not sent before this time (morning, quiet hours, retry backoff). */
  next_attempt_at: Generated<Timestamp | null>;
  /** The worker sending it, and since when: a claim older than the lease is taken back. */
  claimed_by: Generated<string | null>;
  claimed_at: Generated<Timestamp | null>;
  sender_id: Generated<number | null>;
  template_id: Generated<number | null>;
  html: Generated<string | null>;
  /** JSON: extra render context given when the event was queued. */
  context: Generated<string | null>;
}

export interface AutomatedReportsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  report: string;
  filters: Json;
  format: string;
  recipients: Json;
  schedule: string;
  cron: string | null;
  active: Generated<Flag>;
  last_run_at: Timestamp | null;
  last_status: string | null;
  next_run_at: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** HH:MM in the company's time zone (daily, weekly, monthly; migration 036). */
  send_time: string | null;
  /** Weekly: 0 = Sunday … 6 = Saturday. */
  weekday: number | null;
  /** Monthly: 1–31, the last day in shorter months. */
  month_day: number | null;
}

/** One run of an automated report (migration 036); `dedupe_key` is unique. */
export interface AutomatedReportRunsTable {
  id: Generated<number>;
  company_id: number;
  report_id: number;
  trigger: string;
  scheduled_for: Timestamp | null;
  dedupe_key: string;
  status: string;
  rows: Generated<number>;
  error: string | null;
  job_id: number | null;
  started_by: number | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** The file a run made for one recipient (migration 036). */
export interface AutomatedReportFilesTable {
  id: Generated<number>;
  company_id: number;
  run_id: number;
  recipient_id: number;
  recipient_name: string;
  recipient_email: string | null;
  storage_key: string;
  file_name: string;
  format: string;
  size: number;
  rows: number;
  delivery_id: number | null;
  created_at: Timestamp;
}

export interface EmailSettingsTable {
  company_id: number;
  sender_name: string | null;
  sender_email: string | null;
  reply_to: string | null;
  host: string | null;
  port: number | null;
  security: string | null;
  username: string | null;
  password: string | null;
  updated_at: Timestamp;
}

export interface SamlSettingsTable {
  company_id: number;
  enabled: Generated<Flag>;
  idp_entity_id: string | null;
  idp_sso_url: string | null;
  idp_certificate: string | null;
  attribute_mapping: Json | null;
  create_users: Generated<Flag>;
  require_sso: Generated<Flag>;
  updated_at: Timestamp;
  idp_certificate_2: string | null;
  /** Comma-separated e-mail domains whose people "Sign in with SSO" sends to this company's IdP. */
  email_domains: string | null;
  allow_idp_initiated: Generated<Flag>;
  /** Role of users created on first sign-in. */
  default_role: Generated<number>;
  /** Where the IdP's metadata is fetched from (on save and daily); null when it was pasted or typed. */
  idp_metadata_url: string | null;
  /** The last successful fetch of that metadata. */
  metadata_fetched_at: Timestamp | null;
  /** Why the last refresh failed (the IdP settings were kept); null after a success. */
  metadata_error: string | null;
  metadata_error_at: Timestamp | null;
}

export interface ScimTokensTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  token_hash: string;
  created_by: number | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface ProvisioningLogTable {
  id: Generated<number>;
  company_id: number;
  method: string;
  path: string;
  status: number;
  detail: string | null;
  created_at: Timestamp;
  operation: string | null;
  resource_type: string | null;
  resource_id: string | null;
  display: string | null;
  token_id: number | null;
}

export interface ScimDeletedUsersTable {
  user_id: number;
  company_id: number;
  deleted_at: Timestamp;
}

export interface SamlRequestsTable {
  id: string;
  company_id: number;
  purpose: string;
  redirect: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SamlUsedAssertionsTable {
  company_id: number;
  assertion_id: string;
  expires_at: Timestamp;
}

export interface SamlEventsTable {
  id: Generated<number>;
  company_id: number;
  request_id: string | null;
  outcome: string;
  reason: string | null;
  name_id: string | null;
  user_id: number | null;
  attributes: Json | null;
  created_at: Timestamp;
}

export interface ImportsTable {
  id: Generated<number>;
  company_id: number;
  created_by: number | null;
  file_name: string;
  file_path: string;
  format: string;
  status: string;
  options: Json;
  mapping: Json;
  total_rows: Generated<number>;
  processed_rows: Generated<number>;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  deactivated_count: Generated<number>;
  skipped_count: Generated<number>;
  failed_count: Generated<number>;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  created_at: Timestamp;
  /** Migration 007 from here. */
  file_size: Generated<number>;
  delimiter: string | null;
  encoding: string | null;
  headers: Json | null;
  sample: Json | null;
  job_id: number | null;
  stage: string | null;
  last_row: Generated<number>;
  dry_run: Json | null;
  run_by: number | null;
  run_impersonator_id: number | null;
  run_ip: string | null;
  last_error: string | null;
}

export interface ImportRowsTable {
  import_id: number;
  row_number: number;
  status: string;
  user_id: number | null;
  errors: Json | null;
  /** A deferred row's prepared data (migration 007). */
  data: Json | null;
}

export interface ImportErrorsTable {
  id: Generated<number>;
  import_id: number;
  kind: string;
  row_number: number;
  column: string;
  message: string;
  value: string | null;
}

/** SQLite only (migration 013): users per company, kept by triggers on users. */
export interface CompanyUserCountsTable {
  company_id: number;
  users: number;
}

/** Maintained counts of assignments for the reports (migration 046, decision 088). */
export interface AssignmentRollupsTable {
  company_id: number;
  /** The learner's department; 0 when none. */
  department_id: number;
  course_id: number;
  suspended: number;
  assigned_month: string;
  state: 'not_started' | 'in_progress' | 'completed';
  /** The due (open) or expiry (completed) day inside the window, else 0000-00-00 / 9999-12-30 / 9999-12-31. */
  turn_day: string;
  completed_month: string;
  n: number;
  score_sum: number;
  score_n: number;
}

/** Per learner: assignments, completions and their scores, renewed ones left out (migration 047, decision 092). */
export interface LearnerRollupsTable {
  user_id: number;
  company_id: number;
  department_id: number | null;
  suspended: number;
  assigned: number;
  completed: number;
  score_sum: number;
  score_n: number;
}

/** Completions with an expiry, per company, deactivation, department (0: none), course and day (migration 048). */
export interface ExpiryRollupsTable {
  company_id: number;
  suspended: number;
  department_id: number;
  course_id: number;
  expiry_day: string;
  n: number;
}

/** SQLite only (migration 049): `assignment_rollups` summed over the months assigned and completed. */
export interface AssignmentRollupTotalsTable {
  company_id: number;
  suspended: number;
  department_id: number;
  course_id: number;
  state: 'not_started' | 'in_progress' | 'completed';
  turn_day: string;
  n: number;
  score_sum: number;
  score_n: number;
}

/** Assignments per learner's select or yes/no field value (migration 050), under the rollups' window. */
export interface AttributeRollupsTable {
  field_id: number;
  suspended: number;
  department_id: number;
  course_id: number;
  value: string;
  state: 'not_started' | 'in_progress' | 'completed';
  turn_day: string;
  n: number;
  score_sum: number;
  score_n: number;
}

/** The days the rollups keep as days: [start_day, end_day). */
export interface AssignmentRollupWindowTable {
  id: number;
  start_day: string;
  end_day: string;
}

export interface Database {
  completions: CompletionsTable;
  companies: CompaniesTable;
  company_user_counts: CompanyUserCountsTable;
  users: UsersTable;
  departments: DepartmentsTable;
  department_managers: DepartmentManagersTable;
  custom_fields: CustomFieldsTable;
  user_field_values: UserFieldValuesTable;
  custom_field_value_changes: CustomFieldValueChangesTable;
  sessions: SessionsTable;
  throttles: ThrottlesTable;
  password_resets: PasswordResetsTable;
  preferences: PreferencesTable;
  audit_log: AuditLogTable;
  jobs: JobsTable;
  assets: AssetsTable;
  course_media: CourseMediaTable;
  course_categories: CourseCategoriesTable;
  courses: CoursesTable;
  course_versions: CourseVersionsTable;
  course_attempts: CourseAttemptsTable;
  course_companies: CourseCompaniesTable;
  topics: TopicsTable;
  questions: QuestionsTable;
  assignments: AssignmentsTable;
  assignment_rollups: AssignmentRollupsTable;
  assignment_rollup_totals: AssignmentRollupTotalsTable;
  attribute_rollups: AttributeRollupsTable;
  assignment_rollup_window: AssignmentRollupWindowTable;
  learner_rollups: LearnerRollupsTable;
  expiry_rollups: ExpiryRollupsTable;
  assignment_rules: AssignmentRulesTable;
  assignment_rule_runs: AssignmentRuleRunsTable;
  assignment_rule_exclusions: AssignmentRuleExclusionsTable;
  course_activity: CourseActivityTable;
  certificates: CertificatesTable;
  assignment_tokens: AssignmentTokensTable;
  server_secrets: ServerSecretsTable;
  question_answers: QuestionAnswersTable;
  notification_templates: NotificationTemplatesTable;
  notifications: NotificationsTable;
  deliveries: DeliveriesTable;
  automated_reports: AutomatedReportsTable;
  automated_report_runs: AutomatedReportRunsTable;
  automated_report_files: AutomatedReportFilesTable;
  email_settings: EmailSettingsTable;
  saml_settings: SamlSettingsTable;
  scim_tokens: ScimTokensTable;
  provisioning_log: ProvisioningLogTable;
  scim_deleted_users: ScimDeletedUsersTable;
  saml_requests: SamlRequestsTable;
  saml_used_assertions: SamlUsedAssertionsTable;
  saml_events: SamlEventsTable;
  imports: ImportsTable;
  import_rows: ImportRowsTable;
  import_errors: ImportErrorsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type DepartmentRow = Selectable<DepartmentsTable>;

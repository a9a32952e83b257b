import { FIRST_NAMES, LAST_NAMES, loginPart } from './names.ts';
import type { Random } from './prng.ts';

const DAY = 86_400_000;
const HISTORY_DAYS = 700;
const FIRST = FIRST_NAMES.map((name) => [name, loginPart(name)] as const);
const LAST = LAST_NAMES.map((name) => [name, loginPart(name)] as const);
export const LOCATIONS = ['Chicago, IL', 'Dallas, TX', 'Leeds, UK', 'Lyon, FR', 'Pune, IN', 'Remote'];

export const USER_COLUMNS = [
  'id',
  'company_id',
  'username',
  'email',
  'first_name',
  'last_name',
  'password_hash',
  'role',
  'site_admin',
  'suspended',
  'department_id',
  'manager_id',
  'phone',
  'hired_at',
  'external_id',
  'last_login_at',
  'created_at',
  'updated_at',
] as const;
/** Custom fields the generator fills for every user. */
export const FIELDS_PER_USER = 3;
export const FIELD_VALUE_COLUMNS = ['user_id', 'field_id', 'company_id', 'value'] as const;
export const ASSIGNMENT_COLUMNS = [
  'company_id',
  'user_id',
  'course_id',
  'status',
  'source',
  'rule_id',
  'assigned_by',
  'assigned_at',
  'due_at',
  'started_at',
  'completed_at',
  'progress',
  'score',
  'recertify_months',
  'expires_at',
  'created_at',
  'updated_at',
] as const;

export interface LargeCompany {
  id: number;
  domain: string;
  departmentIds: number[];
  fieldIds: { employeeId: number; location: number; hireDate: number };
  courses: { id: number; recertifyMonths: number | null }[];
}

/**
 * Builds row values straight into flat parameter arrays (no per-row objects) for millions of rows.
 * Timestamps are assembled from precomputed day and time-of-day strings: Date#toISOString for tens
 * of millions of values would cost more than the inserts.
 */
export class LargeRows {
  private readonly days: string[] = [];
  private readonly times: string[] = [];
  /** Index of today in {@link days}; days after it are in the future (due dates, expiries). */
  private readonly today: number;

  constructor(
    private readonly random: Random,
    private readonly company: LargeCompany,
    now: Date,
  ) {
    const todayMs = Math.floor(now.getTime() / DAY) * DAY;
    for (let d = -HISTORY_DAYS; d <= 1200; d++) this.days.push(new Date(todayMs + d * DAY).toISOString().slice(0, 10));
    for (let minute = 0; minute < 1440; minute += 7) {
      this.times.push(
        `T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00.000Z`,
      );
    }
    this.today = HISTORY_DAYS;
  }

  private stamp(day: number): string {
    return this.days[day]! + this.times[this.random.int(60, 150)]!;
  }

  /** Pushes one user row and returns its hire date (for the hire_date field). */
  pushUser(out: unknown[], id: number): string {
    const r = this.random;
    const [first, firstLogin] = r.pick(FIRST);
    const [last, lastLogin] = r.pick(LAST);
    const username = `${firstLogin}.${lastLogin}.${id}`;
    const created = r.int(0, this.today - 1);
    const hired = this.days[Math.max(0, created - r.int(0, 60))]!;
    const roll = r.next();
    const created_at = this.stamp(created);
    out.push(
      id,
      this.company.id,
      username,
      `${username}@${this.company.domain}`,
      first,
      last,
      null,
      roll < 0.005 ? 2 : roll < 0.006 ? 3 : 0,
      0,
      roll > 0.97 ? 1 : 0,
      r.pick(this.company.departmentIds),
      null,
      roll < 0.4 ? `+1 555 ${String(id % 10_000_000).padStart(7, '0')}` : null,
      hired,
      null,
      roll < 0.6 ? this.stamp(r.int(Math.max(created, this.today - 90), this.today - 1)) : null,
      created_at,
      created_at,
    );
    return hired;
  }

  /** Pushes the user's value of field `k` (0: employee id, 1: location, 2: hire date). */
  pushFieldValue(out: unknown[], userId: number, k: number, hired: string): void {
    const { fieldIds, id } = this.company;
    if (k === 0) out.push(userId, fieldIds.employeeId, id, `E${userId}`);
    else if (k === 1) out.push(userId, fieldIds.location, id, this.random.pick(LOCATIONS));
    else out.push(userId, fieldIds.hireDate, id, hired);
  }

  /**
   * One assignment whose status agrees with its dates: completed, overdue, in progress or not started.
   * Round `round` of `rounds` covers its own slice of the 18 months and `position` (0 to 1, the user's
   * place in the sweep) picks the day inside it, so dates grow as the load advances and the date and
   * status indexes are appended to instead of written at random places.
   */
  pushAssignment(out: unknown[], userId: number, round: number, rounds: number, position: number): void {
    const r = this.random;
    const courses = this.company.courses;
    const course = courses[(userId * 7 + round) % courses.length]!;
    const span = 540 / rounds;
    const assigned = Math.min(this.today - 1, this.today - 540 + Math.floor(span * (round + position)));
    const due = assigned + 30;
    const assignedAt = this.stamp(assigned);
    const dueAt = `${this.days[due]}T23:59:59.000Z`;
    // Most people finish within a week; a tail takes weeks. (A narrow window also keeps the completion
    // and expiry indexes growing at hot spots during a bulk load.)
    const completedDay = assigned + (r.chance(0.85) ? r.int(0, 6) : r.int(7, 45));
    if (completedDay < this.today && r.chance(0.8)) {
      const completedAt = this.stamp(completedDay);
      const expires =
        course.recertifyMonths === null
          ? null
          : `${this.days[Math.min(completedDay + course.recertifyMonths * 30, this.days.length - 1)]}T12:00:00.000Z`;
      out.push(
        this.company.id,
        userId,
        course.id,
        'completed',
        'manual',
        null,
        null,
        assignedAt,
        dueAt,
        assignedAt,
        completedAt,
        100,
        r.int(70, 100),
        course.recertifyMonths,
        expires,
        assignedAt,
        completedAt,
      );
      return;
    }
    const started = r.chance(0.5);
    const status = due < this.today ? 'overdue' : started ? 'in_progress' : 'not_started';
    out.push(
      this.company.id,
      userId,
      course.id,
      status,
      'manual',
      null,
      null,
      assignedAt,
      dueAt,
      started ? assignedAt : null,
      null,
      started ? r.int(5, 90) : 0,
      null,
      null,
      null,
      assignedAt,
      assignedAt,
    );
  }
}

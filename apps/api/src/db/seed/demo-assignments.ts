import type { SeededCourse } from './catalog.ts';
import { SCORM_COURSES } from './catalog-media.ts';
import { DemoClock } from './demo-clock.ts';
import type { DemoPerson } from './demo-people.ts';
import type { DemoRule } from './demo-rules.ts';
import type { Random } from './prng.ts';

const MINUTE = 60_000;
/** The demo's history starts this many days ago (about 18 months). */
export const HISTORY_DAYS = 540;

export interface PlannedAssignment {
  id: number;
  companyId: number;
  person: DemoPerson;
  course: SeededCourse;
  source: 'rule' | 'manual' | 'renewal';
  /** The completed assignment a renewal renews (recertification). */
  renews?: PlannedAssignment;
  /** The renewal that replaced this completion (decision 081: once it is completed, this one is `renewed`). */
  renewedBy?: PlannedAssignment;
  ruleId: number | null;
  assignedBy: number | null;
  assignedMs: number;
  dueMs: number;
  startedMs: number | null;
  completedMs: number | null;
  recertifyMonths: number | null;
  /** Filled in by the activity simulation. */
  progress: number;
  score: number | null;
  /** The course version a completion was made on (filled in by the activity simulation). */
  courseVersionId: number | null;
}

/** A manager assigning one course to part of the company on one day. */
export interface Campaign {
  course: SeededCourse;
  day: number;
  share: number;
}

export interface CompanyPlan {
  companyId: number;
  people: DemoPerson[];
  cm: DemoPerson;
  student: DemoPerson;
  rules: { rule: DemoRule; id: number }[];
  courses: Map<string, SeededCourse>;
  campaigns: Campaign[];
}

/** Every assignment of one company over the history: rule runs with recertification cycles, then campaigns. */
export function planAssignments(random: Random, clock: DemoClock, plan: CompanyPlan): PlannedAssignment[] {
  const planned: PlannedAssignment[] = [];
  const add = (
    person: DemoPerson,
    course: SeededCourse,
    day: number,
    dueDays: number,
    origin: Pick<PlannedAssignment, 'source' | 'ruleId' | 'assignedBy' | 'recertifyMonths'>,
    minute: number,
  ) => {
    const assignment = simulate(
      random,
      clock,
      { ...origin, id: 0, companyId: plan.companyId, person, course, progress: 0, score: null, courseVersionId: null },
      day,
      dueDays,
      minute,
    );
    planned.push(assignment);
    return assignment;
  };
  for (const person of plan.people) {
    const start = Math.max(person.createdDay, -HISTORY_DAYS) + random.int(0, 2);
    for (const { rule, id } of plan.rules) {
      if (!rule.applies(person)) continue;
      for (const name of rule.courses) {
        const course = plan.courses.get(name)!;
        const recertifyMonths = rule.recertifyMonths ?? course.recertifyMonths;
        let day = Math.min(start, -1);
        let renews: PlannedAssignment | undefined;
        // A completed certificate that expires brings a renewal assignment 30 days before it lapses.
        for (;;) {
          const a = add(
            person,
            course,
            day,
            renews ? 30 : rule.dueDays,
            { source: renews ? 'renewal' : 'rule', ruleId: id, assignedBy: null, recertifyMonths },
            120 + (person.id % 90),
          );
          if (renews) {
            a.renews = renews;
            renews.renewedBy = a;
          }
          renews = a;
          if (a.completedMs === null || recertifyMonths === null) break;
          const renewal =
            Math.floor((a.completedMs - clock.today) / 86_400_000) + DemoClock.monthsToDays(recertifyMonths) - 30;
          if (renewal > -1) break;
          day = renewal;
        }
      }
    }
    if (person.id === plan.student.id) continue;
    for (const campaign of plan.campaigns) {
      if (person.createdDay < campaign.day && !person.suspended && random.chance(campaign.share)) {
        add(
          person,
          campaign.course,
          campaign.day,
          30,
          { source: 'manual', ruleId: null, assignedBy: plan.cm.id, recertifyMonths: null },
          600,
        );
      }
    }
  }
  planned.push(...studentAssignments(random, clock, plan));
  return planned;
}

/** The demo Student always has courses not started (one a SCORM module) and one in progress, ready to take. */
function studentAssignments(random: Random, clock: DemoClock, plan: CompanyPlan): PlannedAssignment[] {
  const origin = {
    companyId: plan.companyId,
    person: plan.student,
    source: 'manual' as const,
    ruleId: null,
    assignedBy: plan.cm.id,
    recertifyMonths: null,
    progress: 0,
    score: null,
    courseVersionId: null,
    completedMs: null,
    id: 0,
  };
  const open = (name: string, day: number, startedDay: number | null): PlannedAssignment => ({
    ...origin,
    course: plan.courses.get(name)!,
    assignedMs: clock.ms(day, 600),
    dueMs: clock.endOfDay(day + 30),
    startedMs: startedDay === null ? null : clock.ms(startedDay, 660 + random.int(0, 300)),
  });
  return [
    open('Data Protection (GDPR)', -3, null),
    open('Workplace Harassment Prevention', -6, -4),
    open('Fire Door Safety', -2, null),
  ];
}

function simulate(
  random: Random,
  clock: DemoClock,
  base: Omit<PlannedAssignment, 'assignedMs' | 'dueMs' | 'startedMs' | 'completedMs'>,
  day: number,
  dueDays: number,
  minute: number,
): PlannedAssignment {
  const assignedMs = clock.ms(day, minute);
  const lastPast = clock.today - MINUTE;
  const kind = random.weighted([
    ['fast', 45],
    ['on-time', 30],
    ['late', 17],
    ['never', 8],
  ] as const);
  const delay =
    kind === 'fast'
      ? random.int(0, 6)
      : kind === 'on-time'
        ? random.int(7, dueDays)
        : kind === 'late'
          ? random.int(dueDays + 1, dueDays + 90)
          : null;
  let startedMs: number | null = null;
  let completedMs: number | null = null;
  if (delay !== null && day + delay <= -1) {
    const startDay = day + delay - random.int(0, Math.min(delay, 3));
    startedMs = Math.max(clock.ms(startDay, 480 + random.int(0, 540)), assignedMs + 10 * MINUTE);
    completedMs = Math.min(
      Math.max(clock.ms(day + delay, 480 + random.int(0, 600)), startedMs + random.int(15, 60) * MINUTE),
      lastPast,
    );
  } else if (day <= -2 && random.chance(kind === 'never' ? 0.3 : 0.6)) {
    startedMs = Math.min(clock.ms(random.int(day, -1), 480 + random.int(0, 540)), lastPast);
    startedMs = Math.max(startedMs, assignedMs + 10 * MINUTE);
  }
  return { ...base, assignedMs, dueMs: clock.endOfDay(day + dueDays), startedMs, completedMs };
}

/**
 * Campaigns of courses that no rule assigns: five over the history, one of each SCORM course in the
 * last two months, and one this month.
 */
export function planCampaigns(
  random: Random,
  courses: Map<string, SeededCourse>,
  rules: readonly DemoRule[],
): Campaign[] {
  const ruled = new Set(rules.flatMap((r) => r.courses));
  const scorm = new Set(SCORM_COURSES.map((c) => c.name));
  const candidates = [...courses.values()].filter((c) => !ruled.has(c.name) && !scorm.has(c.name));
  const past = Array.from({ length: 5 }, (_, i) => ({
    course: random.pick(candidates),
    day: -HISTORY_DAYS + 20 + i * 100 + random.int(0, 40),
    share: random.int(15, 45) / 100,
  }));
  // The SCORM courses went out to a quarter of the company in the last two months.
  const modules = [...scorm].flatMap((name, i) => {
    const course = courses.get(name);
    return course ? [{ course, day: -random.int(25, 40) - 20 * i, share: 0.25 }] : [];
  });
  return [...past, ...modules, { course: random.pick(candidates), day: -random.int(8, 16), share: 0.5 }];
}

export function statusOf(
  a: PlannedAssignment,
  nowMs: number,
): 'renewed' | 'completed' | 'overdue' | 'in_progress' | 'not_started' {
  if (a.completedMs !== null) return a.renewedBy?.completedMs != null ? 'renewed' : 'completed';
  if (a.dueMs < nowMs) return 'overdue';
  return a.startedMs === null ? 'not_started' : 'in_progress';
}

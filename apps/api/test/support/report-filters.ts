/** What a report's test rows carry that the dashboard's common filters read. */
export interface FilteredRow {
  suspended: number;
  course_id: number;
  department_id: number | null;
  assigned_at: string;
}

/** The dashboard's common filters, as a test expects the reports to apply them. */
export interface CommonFilter {
  courseIds?: number[];
  /** The departments the filter and the caller's reach leave (subtree ids; null: no department). */
  departmentIds?: (number | null)[];
  period?: [string, string];
  includeDeactivated?: boolean;
}

/** Whether a row passes the common filters: active learners unless deactivated ones count, courses, departments, the assignment period. */
export const passesCommonFilter = (r: FilteredRow, f: CommonFilter): boolean =>
  (f.includeDeactivated || r.suspended === 0) &&
  (!f.courseIds || f.courseIds.includes(r.course_id)) &&
  (!f.departmentIds || f.departmentIds.includes(r.department_id)) &&
  (!f.period || (r.assigned_at >= `${f.period[0]}T00:00:00.000Z` && r.assigned_at <= `${f.period[1]}T23:59:59.999Z`));

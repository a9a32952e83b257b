/** An inclusive range of ISO timestamps; either end may be open. */
export interface PeriodRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** What a report asks for, validated and already cut to the caller's reach. */
export interface ReportCriteria {
  /** The tenant. */
  companyId: number;
  /** The request's clock (ISO): statuses are derived at it. */
  now: string;
  /**
   * The learners' departments counted: the caller's reach intersected with the department filter's
   * subtrees. null = every learner of the company, including those with no department.
   */
  departments: number[] | null;
  courseIds?: number[] | undefined;
  period?: PeriodRange | undefined;
  /** Learners whose custom field holds one of the values (all fields must match). */
  customFields?: { fieldId: number; values: string[] }[] | undefined;
  includeDeactivated: boolean;
}

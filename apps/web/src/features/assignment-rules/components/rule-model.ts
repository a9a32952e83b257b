import {
  type AssignmentRule,
  RULE_CUSTOM_FIELD_PREFIX,
  RULE_FIELD_OPERATOR_LABELS,
  type RuleCondition,
  type RuleFieldOperator,
  type RuleMatch,
  type UpdateAssignmentRuleBody,
} from '@heed/contract';

/** The kinds of condition the builder offers. */
export const CONDITION_KINDS = ['department', 'role', 'custom', 'hired', 'created'] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];
export const CONDITION_KIND_LABELS: Record<ConditionKind, string> = {
  department: 'Department is in',
  role: 'Role is',
  custom: 'Custom field',
  hired: 'Hired within',
  created: 'Created within',
};

/** One condition as the builder edits it: every kind's inputs, the kind deciding which count. */
export interface ConditionDraft {
  kind: ConditionKind;
  departments: number[];
  roles: number[];
  fieldKey: string;
  operator: RuleFieldOperator;
  values: string[];
  days: number;
}

export interface RuleDraft {
  name: string;
  match: RuleMatch;
  conditions: ConditionDraft[];
  courseIds: number[];
  dueDays: number | null;
  recertifyMonths: number | null;
  active: boolean;
}

export const newCondition = (kind: ConditionKind = 'department'): ConditionDraft => ({
  kind,
  departments: [],
  roles: [],
  fieldKey: '',
  operator: 'in',
  values: [],
  days: 30,
});

export const emptyDraft = (): RuleDraft => ({
  name: '',
  match: 'all',
  conditions: [newCondition()],
  courseIds: [],
  dueDays: 30,
  recertifyMonths: null,
  active: true,
});

function conditionDraft(c: { field: string; operator: string; value: unknown }): ConditionDraft {
  const base = newCondition();
  const list = Array.isArray(c.value) ? c.value : [];
  if (c.field === 'department_id') return { ...base, kind: 'department', departments: list.map(Number) };
  if (c.field === 'role') return { ...base, kind: 'role', roles: list.map(Number) };
  if (c.field === 'hired_at' || c.field === 'created_at')
    return { ...base, kind: c.field === 'hired_at' ? 'hired' : 'created', days: Number(c.value) };
  return {
    ...base,
    kind: 'custom',
    fieldKey: c.field.slice(RULE_CUSTOM_FIELD_PREFIX.length),
    operator: c.operator as RuleFieldOperator,
    values: list.map(String),
  };
}

export const draftOf = (rule: AssignmentRule): RuleDraft => ({
  name: rule.name,
  match: rule.match,
  conditions: rule.conditions.map(conditionDraft),
  courseIds: rule.courses.map((c) => c.id),
  dueDays: rule.due_days,
  recertifyMonths: rule.recertify_months,
  active: rule.active,
});

export function toCondition(c: ConditionDraft): RuleCondition {
  switch (c.kind) {
    case 'department':
      return { field: 'department_id', operator: 'in', value: c.departments };
    case 'role':
      return { field: 'role', operator: 'in', value: c.roles };
    case 'hired':
      return { field: 'hired_at', operator: 'within_days', value: c.days };
    case 'created':
      return { field: 'created_at', operator: 'within_days', value: c.days };
    case 'custom':
      return { field: `custom_fields.${c.fieldKey}`, operator: c.operator, value: c.values };
  }
}

export const toBody = (draft: RuleDraft, applyDue = false): UpdateAssignmentRuleBody => ({
  name: draft.name,
  match: draft.match,
  conditions: draft.conditions.map(toCondition),
  course_ids: draft.courseIds,
  due_days: draft.dueDays,
  recertify_months: draft.recertifyMonths,
  active: draft.active,
  apply_due_to_existing: applyDue,
});

/** A draft the dry run can read: every condition filled in and at least one course. */
export function isComplete(draft: RuleDraft): boolean {
  if (draft.courseIds.length === 0 || draft.conditions.length === 0) return false;
  return draft.conditions.every((c) => {
    if (c.kind === 'department') return c.departments.length > 0;
    if (c.kind === 'role') return c.roles.length > 0;
    if (c.kind === 'custom')
      return c.fieldKey !== '' && c.values.length > 0 && (c.operator !== 'between' || c.values.length === 2);
    return Number.isInteger(c.days) && c.days >= 1;
  });
}

const ROLE_NAMES = ['Student', 'Company Manager', 'Department Manager', 'Reviewer'];
export const roleName = (role: number) => ROLE_NAMES[role] ?? String(role);

/** "Department in Operations", "Role is Student or Reviewer", "profession is one of Nurse, Physician", "Hired within 90 days". */
export function conditionText(
  c: { field: string; operator: string; value: unknown },
  departmentNames: ReadonlyMap<number, string>,
): string {
  const list = Array.isArray(c.value) ? c.value : [];
  if (c.field === 'department_id')
    return `Department in ${list.map((id) => departmentNames.get(Number(id)) ?? `#${id}`).join(', ')}`;
  if (c.field === 'role') return `Role is ${list.map((r) => roleName(Number(r))).join(' or ')}`;
  if (c.field === 'hired_at') return `Hired within ${c.value} days`;
  if (c.field === 'created_at') return `Created within ${c.value} days`;
  const key = c.field.slice(RULE_CUSTOM_FIELD_PREFIX.length);
  const label = RULE_FIELD_OPERATOR_LABELS[c.operator as RuleFieldOperator] ?? c.operator;
  const values = c.operator === 'between' ? list.join(' and ') : list.join(', ');
  return `${key} ${label} ${values}`;
}

/** The 422 details of one condition (`conditions.<i>.value`…), joined. */
export function conditionError(details: Record<string, string[]> | undefined, index: number): string | null {
  if (!details) return null;
  const messages = Object.entries(details)
    .filter(([key]) => key === `conditions.${index}` || key.startsWith(`conditions.${index}.`))
    .flatMap(([, list]) => list);
  return messages.length > 0 ? messages.join(' ') : null;
}

import type { DemoCompanySpec } from './demo-companies.ts';
import type { DemoPerson, SeededPeople } from './demo-people.ts';

/** One condition of an assignment rule, stored as JSON in assignment_rules.conditions. */
export interface RuleCondition {
  field: string;
  operator: 'in' | 'within_days';
  value: unknown;
}

export interface DemoRule {
  name: string;
  match: 'all' | 'any';
  conditions: RuleCondition[];
  courses: string[];
  dueDays: number;
  recertifyMonths: number | null;
  /** The same test as the conditions, for planning the rule's past assignments. */
  applies: (person: DemoPerson) => boolean;
}

const ALL_ROLES: RuleCondition = { field: 'role', operator: 'in', value: [0, 1, 2, 3] };

/** Two assignment rules per demo company. */
export function demoRules(spec: DemoCompanySpec, seeded: SeededPeople): DemoRule[] {
  const top = (name: string) => seeded.departments.find((d) => d.names.length === 1 && d.names[0] === name)!.id;
  const inTop = (name: string) => (p: DemoPerson) => p.department.names[0] === name;
  const departmentIn = (name: string): RuleCondition => ({
    field: 'department_id',
    operator: 'in',
    value: [top(name)],
  });
  switch (spec.slug) {
    case 'acme':
      return [
        {
          name: 'Annual compliance: all staff',
          match: 'all',
          conditions: [ALL_ROLES],
          courses: ['Code of Conduct', 'Anti-Bribery and Corruption', 'Phishing Awareness'],
          dueDays: 30,
          recertifyMonths: 12,
          applies: () => true,
        },
        {
          name: 'Plant safety: Operations',
          match: 'all',
          conditions: [departmentIn('Operations')],
          courses: ['Fire Safety', 'Manual Handling', 'Hazard Communication', 'Lockout/Tagout'],
          dueDays: 14,
          recertifyMonths: null,
          applies: inTop('Operations'),
        },
      ];
    case 'borealis':
      return [
        {
          name: 'Financial crime: all staff',
          match: 'all',
          conditions: [ALL_ROLES],
          courses: ['Anti-Money Laundering', 'Anti-Bribery and Corruption', 'Code of Conduct'],
          dueDays: 30,
          recertifyMonths: 12,
          applies: () => true,
        },
        {
          name: 'Branch security',
          match: 'any',
          conditions: [departmentIn('Retail Banking')],
          courses: ['Phishing Awareness', 'Information Security Essentials'],
          dueDays: 21,
          recertifyMonths: null,
          applies: inTop('Retail Banking'),
        },
      ];
    case 'cedar': {
      const clinical = ['Physician', 'Nurse', 'Medical Assistant', 'Dental Hygienist'];
      return [
        {
          name: 'Clinical staff',
          match: 'all',
          conditions: [{ field: 'custom_fields.profession', operator: 'in', value: clinical }],
          courses: ['HIPAA Privacy and Security', 'Bloodborne Pathogens'],
          dueDays: 30,
          recertifyMonths: 12,
          applies: (p) => clinical.includes(p.fields.profession ?? ''),
        },
        {
          name: 'New starters',
          match: 'all',
          conditions: [{ field: 'hired_at', operator: 'within_days', value: 90 }],
          courses: ['Code of Conduct', 'Workplace Harassment Prevention', 'Fire Safety'],
          dueDays: 14,
          recertifyMonths: null,
          applies: (p) => p.createdDay > -540,
        },
      ];
    }
  }
}

import { SCORM_COURSES } from './catalog-media.ts';
import type { DemoClock } from './demo-clock.ts';
import type { Random } from './prng.ts';

/** Every company uses the two SCORM courses (catalog-media.ts). */
const SCORM_COURSE_NAMES = SCORM_COURSES.map((c) => c.name);

export interface DepartmentSpec {
  name: string;
  /** Relative share of the company's people in this department (leaves only). */
  weight?: number;
  children?: DepartmentSpec[];
}

/** What a custom-field value may depend on. */
export interface PersonTraits {
  index: number;
  random: Random;
  clock: DemoClock;
  hiredDate: string;
  departmentPath: readonly string[];
}

export interface FieldSpec {
  key: string;
  label: string;
  type: 'text' | 'number' | 'date' | 'boolean' | 'select';
  options?: string[];
  required?: boolean;
  value: (person: PersonTraits) => string | null;
}

export interface FixedPerson {
  first: string;
  last: string;
  /** Department path by names, e.g. ['Operations'] or ['Operations', 'Plant A', 'Line 1']. */
  department: readonly string[];
}

export interface DemoCompanySpec {
  slug: 'acme' | 'borealis' | 'cedar';
  name: string;
  userCount: number;
  departmentLabel: string;
  questionReports: boolean;
  /** Edit Company's time zone and primary colour (migration 033). */
  timeZone: string;
  primaryColor: string | null;
  departments: DepartmentSpec[];
  fields: FieldSpec[];
  courses: string[];
  /** The fixed sign-ins: Company Manager, Department Manager (of department[0]), Reviewer, Student. */
  fixed: { cm: FixedPerson; dm: FixedPerson; reviewer: FixedPerson; student: FixedPerson };
}

const yesNo = (probability: number) => (p: PersonTraits) => String(p.random.chance(probability));
const pad = (n: number, width: number) => String(n).padStart(width, '0');

export const ACME: DemoCompanySpec = {
  slug: 'acme',
  name: 'Acme Manufacturing',
  userCount: 1500,
  departmentLabel: 'Department',
  timeZone: 'America/Chicago',
  primaryColor: '#c2410c',
  questionReports: true,
  departments: [
    {
      name: 'Operations',
      children: [
        {
          name: 'Plant A',
          children: [
            { name: 'Line 1', weight: 14 },
            { name: 'Line 2', weight: 12 },
            { name: 'Maintenance', weight: 5 },
          ],
        },
        {
          name: 'Plant B',
          children: [
            { name: 'Line 3', weight: 12 },
            { name: 'Line 4', weight: 9 },
          ],
        },
        {
          name: 'Logistics',
          children: [
            { name: 'Warehouse', weight: 7 },
            { name: 'Transport', weight: 4 },
          ],
        },
      ],
    },
    {
      name: 'Sales',
      children: [
        { name: 'EMEA', weight: 6 },
        { name: 'Americas', weight: 7 },
        { name: 'APAC', weight: 4 },
      ],
    },
    {
      name: 'Engineering',
      children: [
        { name: 'R&D', weight: 6 },
        { name: 'Quality Assurance', weight: 4 },
      ],
    },
    { name: 'Finance', weight: 4 },
    { name: 'Human Resources', weight: 3 },
    { name: 'IT', weight: 3 },
  ],
  fields: [
    {
      key: 'employee_id',
      label: 'Employee ID',
      type: 'text',
      required: true,
      value: (p) => `AC-${pad(10_000 + p.index, 5)}`,
    },
    {
      key: 'location',
      label: 'Location',
      type: 'select',
      options: ['Detroit, MI', 'Toledo, OH', 'Rotterdam, NL', 'Singapore', 'Remote'],
      value: (p) =>
        p.departmentPath.includes('Plant A')
          ? 'Detroit, MI'
          : p.departmentPath.includes('Plant B')
            ? 'Toledo, OH'
            : p.random.pick(['Detroit, MI', 'Rotterdam, NL', 'Singapore', 'Remote']),
    },
    // Not a hire date: users have one of their own ("Hired on"). Spread by index, so no random draw shifts.
    {
      key: 'forklift_licence_expires',
      label: 'Forklift licence expires',
      type: 'date',
      value: (p) => (p.departmentPath[0] === 'Operations' ? p.clock.date(((p.index * 37) % 930) - 30) : null),
    },
    {
      key: 'union_member',
      label: 'Union member',
      type: 'boolean',
      value: (p) => String(p.departmentPath[0] === 'Operations' && p.random.chance(0.7)),
    },
  ],
  courses: [
    ...SCORM_COURSE_NAMES,
    'Anti-Bribery and Corruption',
    'Code of Conduct',
    'Data Protection (GDPR)',
    'Phishing Awareness',
    'Information Security Essentials',
    'Secure Remote Working',
    'Workplace Harassment Prevention',
    'Diversity, Equity and Inclusion',
    'Fire Safety',
    'Manual Handling',
    'Hazard Communication',
    'Lockout/Tagout',
  ],
  fixed: {
    cm: { first: 'Catherine', last: 'Morgan', department: ['Human Resources'] },
    dm: { first: 'Daniel', last: 'Meyer', department: ['Operations'] },
    reviewer: { first: 'Rachel', last: 'Evans', department: ['Finance'] },
    student: { first: 'Sam', last: 'Taylor', department: ['Operations', 'Plant A', 'Line 1'] },
  },
};

export const BOREALIS: DemoCompanySpec = {
  slug: 'borealis',
  name: 'Borealis Bank',
  userCount: 500,
  departmentLabel: 'Branch',
  timeZone: 'Europe/Oslo',
  primaryColor: '#1d4ed8',
  questionReports: false,
  departments: [
    {
      name: 'Retail Banking',
      children: [
        {
          name: 'North Region',
          children: [
            { name: 'Oslo Central', weight: 9 },
            { name: 'Trondheim', weight: 6 },
          ],
        },
        {
          name: 'South Region',
          children: [
            { name: 'Bergen Harbour', weight: 7 },
            { name: 'Stavanger', weight: 6 },
            { name: 'Kristiansand', weight: 4 },
          ],
        },
      ],
    },
    {
      name: 'Corporate Banking',
      children: [
        { name: 'Large Corporates', weight: 5 },
        { name: 'SME Banking', weight: 6 },
      ],
    },
    {
      name: 'Head Office',
      children: [
        { name: 'Risk & Compliance', weight: 4 },
        { name: 'IT & Security', weight: 4 },
        { name: 'People & Culture', weight: 2 },
      ],
    },
  ],
  fields: [
    {
      key: 'employee_number',
      label: 'Employee number',
      type: 'text',
      required: true,
      value: (p) => `BB${pad(200_000 + p.index, 6)}`,
    },
    {
      key: 'grade',
      label: 'Grade',
      type: 'select',
      options: ['Associate', 'Senior Associate', 'Vice President', 'Director'],
      value: (p) =>
        p.random.weighted([
          ['Associate', 50],
          ['Senior Associate', 30],
          ['Vice President', 15],
          ['Director', 5],
        ]),
    },
    { key: 'certified_person', label: 'Certified person', type: 'boolean', value: yesNo(0.35) },
    { key: 'cost_centre', label: 'Cost centre', type: 'number', value: (p) => String(4000 + p.random.int(0, 40) * 10) },
  ],
  courses: [
    ...SCORM_COURSE_NAMES,
    'Anti-Bribery and Corruption',
    'Code of Conduct',
    'Anti-Money Laundering',
    'Data Protection (GDPR)',
    'Phishing Awareness',
    'Information Security Essentials',
    'Secure Remote Working',
    'Workplace Harassment Prevention',
    'Diversity, Equity and Inclusion',
    'Fire Safety',
  ],
  fixed: {
    cm: { first: 'Kari', last: 'Nordmann', department: ['Head Office', 'People & Culture'] },
    dm: { first: 'Erik', last: 'Haugen', department: ['Retail Banking'] },
    reviewer: { first: 'Ingrid', last: 'Solberg', department: ['Head Office', 'Risk & Compliance'] },
    student: { first: 'Jonas', last: 'Berg', department: ['Retail Banking', 'North Region', 'Oslo Central'] },
  },
};

export const CEDAR: DemoCompanySpec = {
  slug: 'cedar',
  name: 'Cedar Clinics',
  userCount: 120,
  departmentLabel: 'Clinic',
  timeZone: 'America/Toronto',
  primaryColor: null,
  questionReports: false,
  departments: [
    {
      name: 'North Clinic',
      children: [
        { name: 'Primary Care', weight: 8 },
        { name: 'Pediatrics', weight: 5 },
      ],
    },
    {
      name: 'South Clinic',
      children: [
        { name: 'Family Medicine', weight: 7 },
        { name: 'Dental', weight: 4 },
      ],
    },
    {
      name: 'Administration',
      children: [
        { name: 'Billing', weight: 2 },
        { name: 'Front Desk', weight: 3 },
      ],
    },
  ],
  fields: [
    {
      key: 'license_number',
      label: 'License number',
      type: 'text',
      value: (p) => (p.departmentPath[0] === 'Administration' ? null : `MD-${pad(30_000 + p.index * 7, 6)}`),
    },
    {
      key: 'profession',
      label: 'Profession',
      type: 'select',
      options: ['Physician', 'Nurse', 'Medical Assistant', 'Dental Hygienist', 'Administrator'],
      required: true,
      value: (p) =>
        p.departmentPath[0] === 'Administration'
          ? 'Administrator'
          : p.departmentPath.includes('Dental')
            ? 'Dental Hygienist'
            : p.random.weighted([
                ['Physician', 2],
                ['Nurse', 4],
                ['Medical Assistant', 3],
              ]),
    },
    {
      key: 'cpr_expiry',
      label: 'CPR certification expires',
      type: 'date',
      value: (p) => p.clock.date(p.random.int(-20, 720)),
    },
  ],
  courses: [
    ...SCORM_COURSE_NAMES,
    'Code of Conduct',
    'Data Protection (GDPR)',
    'Phishing Awareness',
    'Information Security Essentials',
    'Workplace Harassment Prevention',
    'Diversity, Equity and Inclusion',
    'Fire Safety',
    'Manual Handling',
    'HIPAA Privacy and Security',
    'Bloodborne Pathogens',
  ],
  fixed: {
    cm: { first: 'Grace', last: 'Whitfield', department: ['Administration'] },
    dm: { first: 'Marcus', last: 'Reid', department: ['North Clinic'] },
    reviewer: { first: 'Priya', last: 'Raman', department: ['Administration', 'Billing'] },
    student: { first: 'Leo', last: 'Martins', department: ['North Clinic', 'Primary Care'] },
  },
};

export const DEMO_COMPANIES: readonly DemoCompanySpec[] = [ACME, BOREALIS, CEDAR];

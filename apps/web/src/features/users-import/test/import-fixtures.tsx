import {
  type Company,
  type CustomFieldListItem,
  DEFAULT_IMPORT_OPTIONS,
  type Department,
  ROLE,
  type UserImport,
  type UserImportSummary,
} from '@heed/contract';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { renderAt } from '../../../components/list-page/testing.tsx';
import { ConsoleSessionProvider, type SessionUser } from '../../../lib/console-session.tsx';

export const IMPORTS = '/api/v3/users/imports';

const company: Company = {
  id: 1,
  name: 'Acme',
  suspended: false,
  department_label: 'Team',
  department_label_plural: 'Teams',
  logout_url: null,
  question_reports: false,
  session_idle_minutes: 30,
  session_absolute_hours: 12,
  time_zone: 'UTC',
  primary_color: null,
  logo_path: null,
  logo_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const user: SessionUser = {
  id: 7,
  username: 'cm',
  email: null,
  first_name: 'Catherine',
  last_name: 'Morgan',
  role: ROLE.CompanyManager,
  site_admin: false,
  suspended: false,
  company,
  impersonator: null,
};

export const FIELDS: CustomFieldListItem[] = [
  {
    id: 1,
    key: 'employee_id',
    label: 'Employee ID',
    type: 'text',
    options: null,
    required: true,
    show_in_table: true,
    position: 0,
  },
];

export const DEPARTMENTS: Department[] = [
  { id: 1, name: 'Sales', parent_id: null, path: '/1/', user_count: 2, total_user_count: 3 },
  { id: 2, name: 'EMEA', parent_id: 1, path: '/1/2/', user_count: 1, total_user_count: 1 },
];

const noCounts = { created: 0, updated: 0, deactivated: 0, skipped: 0, failed: 0 };

/** A freshly uploaded import of four columns, three rows. */
export function anImport(patch: Partial<UserImport> = {}): UserImport {
  return {
    id: 12,
    file_name: 'new-hires.csv',
    format: 'csv',
    status: 'uploaded',
    total_rows: 3,
    processed_rows: 0,
    counts: noCounts,
    error_rows: 0,
    created_by: { id: 7, name: 'Catherine Morgan' },
    created_at: '2026-03-02T09:00:00.000Z',
    started_at: null,
    finished_at: null,
    file_size: 180,
    delimiter: ';',
    encoding: 'utf-8',
    headers: ['Login', 'Mail', 'Given name', 'Family name', 'Badge'],
    sample: [
      ['ada', 'ada@example.test', 'Ada', 'Lovelace', 'B-1'],
      ['alan', 'not-an-email', 'Alan', 'Turing', 'B-2'],
      ['grace', 'grace@example.test', 'Grace', 'Hopper', 'B-3'],
    ],
    mapping: ['username', 'email', 'first_name', 'last_name', null],
    options: DEFAULT_IMPORT_OPTIONS,
    dry_run: null,
    notes: [],
    last_error: null,
    job_id: null,
    ...patch,
  };
}

export const summaryOf = (item: UserImport): UserImportSummary => {
  const {
    file_size: _s,
    delimiter: _d,
    encoding: _e,
    headers: _h,
    sample: _sa,
    mapping: _m,
    options: _o,
    dry_run: _dr,
    notes: _n,
    last_error: _l,
    ...summary
  } = item;
  return summary;
};

export const pageOf = <T,>(data: T[], total = data.length) => ({
  data,
  meta: { current_page: 1, last_page: Math.max(1, Math.ceil(total / 25)), per_page: 25, total },
});

/** Renders an import page as a Company Manager, at `url` under the route `path`. */
export function renderImportPage(url: string, path: string, page: ReactElement) {
  return renderAt(url, <ConsoleSessionProvider session={{ user, company }}>{page}</ConsoleSessionProvider>, path);
}

/**
 * XMLHttpRequest as the upload uses it: records the request and answers with `respond` (status and
 * body), reporting upload progress once halfway and once at the end.
 */
export function stubUpload(respond: () => { status: number; body: unknown }) {
  const sent: { url: string; headers: Record<string, string>; form: FormData }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      sent.push({ url: this.url, headers: this.headers, form });
      setTimeout(() => {
        this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
        this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
        const answer = respond();
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

import type { AuditLogEntry } from '@heed/contract';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { CursorListPage, useCursorList } from '../../../components/cursor-list/index.ts';
import { AUDIT_LOGS_EXPORT_URL, listAuditLogsQueryOptions } from '../api/list-audit-logs.ts';
import { AUDIT_COLUMNS } from '../components/audit-columns.tsx';
import { AuditEntryDrawer } from '../components/audit-entry-drawer.tsx';
import { AuditFilters } from '../components/audit-filters.tsx';

const config = { listQuery: listAuditLogsQueryOptions };

/**
 * Audit Logs (`/history/audit`, site admins): every change made through the API, newest first
 * (spec §9), in the company the header names or all of them; an entry opens its before/after diff.
 */
export default function AuditLogsPage() {
  const list = useCursorList<AuditLogEntry>(config);
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  return (
    <>
      <CursorListPage
        list={list}
        label="Audit log"
        noun={{ one: 'entry', other: 'entries' }}
        columns={AUDIT_COLUMNS}
        getRowId={(e) => String(e.id)}
        rowLabel={(e) => `${e.action} ${e.entity_type}`}
        search={{ label: 'Search the audit log', placeholder: 'Action, record or value' }}
        filters={<AuditFilters list={list} />}
        exportEndpoint={AUDIT_LOGS_EXPORT_URL}
        exportOrder={{ sortBy: 'created_at', sortOrder: 'desc' }}
        directions={{ back: 'Newer', forward: 'Older' }}
        empty={{
          title: 'No changes recorded yet',
          description:
            'Every change made through the console or the API is recorded here with who made it, when, and what changed.',
          icon: <IconListDetails size={24} stroke={1.6} aria-hidden />,
        }}
        onOpenRow={setOpen}
      />
      <AuditEntryDrawer
        entry={open}
        onClose={() => setOpen(null)}
        onFilterActor={(actorId) => {
          list.setFilter('actor_id', [String(actorId)]);
          setOpen(null);
        }}
        onFilterEntity={(type, id) => {
          list.setFilter('entity_type', [type]);
          list.setFilter('entity_id', [id]);
          setOpen(null);
        }}
      />
    </>
  );
}

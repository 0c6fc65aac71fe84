// The audit log (issue 25): who changed what and when, filtered by person, record, action and
// days, newest first; the same as CSV; owners can verify its hash chain. Nothing here edits a row.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { auditCsv, auditQuery, type AuditFilters } from '../api/staff-api.ts';
import { AuditChanges, auditTime } from '../components/audit-changes.tsx';
import { VerifyAuditLog } from '../components/verify-audit-log.tsx';

const PAGE_SIZE = 20;
const FIELDS: readonly (readonly [keyof AuditFilters, string, string])[] = [
  ['actor', 'Person (e-mail or id)', 'text'],
  ['action', 'Action', 'text'],
  ['entity', 'Record type', 'text'],
  ['entity_id', 'Record id', 'text'],
  ['from', 'From', 'date'],
  ['to', 'To', 'date'],
];

const columns: Column<AuditEntry>[] = [
  { header: 'When', cell: (e) => <span className="whitespace-nowrap">{auditTime(e.at)}</span> },
  {
    header: 'Who',
    cell: (e) => (
      <span>
        {e.actor_email ?? '—'}
        {e.actor_role && <span className="block text-xs text-slate-500">{e.actor_role}</span>}
      </span>
    ),
  },
  { header: 'Action', cell: (e) => <span className="font-mono text-xs">{e.action}</span> },
  { header: 'Record', cell: (e) => `${e.entity}${e.entity_id ? ` ${e.entity_id}` : ''}` },
  { header: 'Change', cell: (e) => <AuditChanges entry={e} /> },
  { header: 'From', cell: (e) => <span className="text-xs">{e.ip ?? '—'}</span> },
];

export default function AuditPage() {
  useDocumentTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = Object.fromEntries(
    FIELDS.map(([key]) => [key, params.get(key) ?? '']),
  );
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const [page, setPage] = useState(1);
  const [exportFailure, setExportFailure] = useState('');
  const list = useQuery(auditQuery(filters, page, PAGE_SIZE));
  const can = useCan();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setParams(
      Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== '' && v !== undefined)),
    );
  };
  const exportCsv = async () => {
    setExportFailure('');
    try {
      saveFile('duka-audit.csv', await auditCsv(filters));
    } catch (err) {
      setExportFailure(err instanceof Error ? err.message : 'The export failed.');
    }
  };

  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Audit log</h1>
        <Button variant="secondary" onClick={exportCsv}>
          Export CSV
        </Button>
      </div>
      {exportFailure && <ErrorText>{exportFailure}</ErrorText>}
      {can('audit.verify') && <VerifyAuditLog />}
      <form
        onSubmit={apply}
        className="mb-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3"
        aria-label="Filter the audit log"
      >
        {FIELDS.map(([key, label, type]) => (
          <label key={key} className="text-sm">
            <span className="mb-1 block font-medium text-slate-700">{label}</span>
            <input
              type={type}
              name={key}
              value={draft[key] ?? ''}
              onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
              className="min-h-10 w-full rounded-lg border border-slate-300 px-3"
            />
          </label>
        ))}
        <div className="sm:col-span-3">
          <Button type="submit">Filter</Button>
        </div>
      </form>
      {list.isPending ? (
        <LoadingText />
      ) : list.isError ? (
        <ErrorText>Error: {list.error.message}</ErrorText>
      ) : list.data.entries.length === 0 ? (
        <EmptyText>No changes match.</EmptyText>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">{list.data.total} entries</p>
          <ResponsiveTable
            caption="Audit log"
            columns={columns}
            rows={list.data.entries}
            rowKey={(e) => e.id}
          />
          <Pagination
            page={page}
            pageCount={Math.ceil(list.data.total / PAGE_SIZE)}
            onPageChange={setPage}
            windowSize={5}
            label="Audit log pages"
          />
        </>
      )}
    </div>
  );
}

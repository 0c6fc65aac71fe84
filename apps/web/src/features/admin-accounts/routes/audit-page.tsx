// The audit log (issue 25): who changed what and when, filtered by person, record, action and
// days, newest first; the same as CSV; owners can verify its hash chain. Nothing here edits a row.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AuditListEntry } from '@duka/domain';
import {
  AUDIT_ACTION_WORDS,
  auditActionWords,
  RECORD_TYPE_WORDS,
  recordTypeWords,
  roleWords,
} from '@duka/domain/admin/words';
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
type Filter = keyof AuditFilters;
const TEXT_FIELDS: readonly (readonly [Filter, string, string])[] = [
  ['actor', 'Person (e-mail or id)', 'text'],
  ['entity_id', 'Record id', 'text'],
  ['from', 'From', 'date'],
  ['to', 'To', 'date'],
];
const FILTERS: readonly Filter[] = ['actor', 'action', 'entity', 'entity_id', 'from', 'to'];

/** The actions by what they act on ('product', 'order'…), for the action select's groups. */
const ACTION_GROUPS = Object.entries(
  Object.keys(AUDIT_ACTION_WORDS).reduce<Record<string, string[]>>((groups, action) => {
    const prefix = action.split('.')[0]!;
    (groups[prefix] ??= []).push(action);
    return groups;
  }, {}),
);

/** Where a record of the log is opened in the back office, when it has a page. */
function recordLink(e: AuditListEntry): string | null {
  if (!e.entity_id) return null;
  if (e.entity === 'product') return `/dashboard/products/${e.entity_id}/edit`;
  if (e.entity === 'order') return `/dashboard/orders/${e.entity_id}`;
  if (e.entity === 'user') return `/dashboard/customers/${e.entity_id}`;
  return null;
}

function RecordCell({ entry: e }: { entry: AuditListEntry }) {
  const type = recordTypeWords(e.entity);
  const name = e.record_name ?? (e.entity_id ? `${type} ${e.entity_id}` : null);
  const link = recordLink(e);
  if (!name) return <>{type}</>;
  return (
    <span>
      {e.record_name && <span className="block text-xs text-slate-500">{type}</span>}
      {link ? (
        <Link to={link} className="text-brand-700 underline underline-offset-2">
          {name}
        </Link>
      ) : (
        name
      )}
    </span>
  );
}

const columns: Column<AuditListEntry>[] = [
  { header: 'When', cell: (e) => <span className="whitespace-nowrap">{auditTime(e.at)}</span> },
  {
    header: 'Who',
    cell: (e) => (
      <span>
        {e.actor_email ?? 'The shop itself'}
        {e.actor_role && (
          <span className="block text-xs text-slate-500">{roleWords(e.actor_role)}</span>
        )}
      </span>
    ),
  },
  { header: 'Action', cell: (e) => auditActionWords(e.action) },
  { header: 'Record', cell: (e) => <RecordCell entry={e} /> },
  { header: 'Change', cell: (e) => <AuditChanges entry={e} /> },
  { header: 'From', cell: (e) => <span className="text-xs">{e.ip ?? '—'}</span> },
];

const fieldClass = 'min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3';

export default function AuditPage() {
  useDocumentTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = Object.fromEntries(
    FILTERS.map((key) => [key, params.get(key) ?? '']),
  );
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const [page, setPage] = useState(1);
  const [exportFailure, setExportFailure] = useState('');
  const list = useQuery(auditQuery(filters, page, PAGE_SIZE));
  const can = useCan();

  const setDraftOf = (key: Filter) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
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
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">Action</span>
          <select
            name="action"
            value={draft.action ?? ''}
            onChange={setDraftOf('action')}
            className={fieldClass}
          >
            <option value="">Every action</option>
            {ACTION_GROUPS.map(([prefix, actions]) => (
              <optgroup key={prefix} label={recordTypeWords(prefix)}>
                {actions.map((action) => (
                  <option key={action} value={action}>
                    {auditActionWords(action)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">Record type</span>
          <select
            name="entity"
            value={draft.entity ?? ''}
            onChange={setDraftOf('entity')}
            className={fieldClass}
          >
            <option value="">Every record</option>
            {Object.entries(RECORD_TYPE_WORDS).map(([entity, words]) => (
              <option key={entity} value={entity}>
                {words}
              </option>
            ))}
          </select>
        </label>
        {TEXT_FIELDS.map(([key, label, type]) => (
          <label key={key} className="text-sm">
            <span className="mb-1 block font-medium text-slate-700">{label}</span>
            <input
              type={type}
              name={key}
              value={draft[key] ?? ''}
              onChange={setDraftOf(key)}
              className={fieldClass}
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

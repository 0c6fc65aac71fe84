// Contacts (SPEC §2.14): contact-form messages, searched by name or e-mail, limited to Nairobi
// days, sorted by date or name. The filters apply when Filter is pressed (or Enter).
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Contact } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { NumberedPager } from '../../../components/ui/numbered-pager.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDateTime, todayInNairobi } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { contactsQuery, type ContactFilter } from '../api/contacts-admin-api.ts';

const PAGE_SIZE = 10;
const PAGE_NUMBERS = 10;
type Sort = Pick<ContactFilter, 'sort' | 'order'>;

const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none';

function SortButton({
  column,
  label,
  sort,
  onSort,
}: {
  column: Sort['sort'];
  label: string;
  sort: Sort;
  onSort: (sort: Sort) => void;
}) {
  const active = sort.sort === column;
  return (
    <button
      type="button"
      onClick={() =>
        onSort({ sort: column, order: active && sort.order === 'asc' ? 'desc' : 'asc' })
      }
      className={`inline-flex items-center gap-1 rounded-md font-semibold tracking-wide uppercase hover:text-slate-900 max-lg:border max-lg:bg-white max-lg:px-3 max-lg:py-1.5 ${
        active ? 'text-brand-700 max-lg:border-brand-700' : 'max-lg:border-slate-300'
      }`}
    >
      {label}
      <span aria-hidden="true" className={active ? '' : 'text-slate-300'}>
        {active && sort.order === 'desc' ? '▼' : '▲'}
      </span>
    </button>
  );
}

export default function ContactsPage() {
  useDocumentTitle('Contacts');
  const ids = { q: useId(), from: useId(), to: useId() };
  const [draft, setDraft] = useState({ q: '', from: '', to: todayInNairobi() });
  const [applied, setApplied] = useState(draft);
  const [sort, setSort] = useState<Sort>({ sort: 'date', order: 'asc' });
  const [page, setPage] = useState(1);
  const contacts = useQuery(contactsQuery({ ...applied, ...sort }, page, PAGE_SIZE));
  const pageCount = contacts.data ? Math.ceil(contacts.data.total / PAGE_SIZE) : 0;

  const onSort = (next: Sort) => {
    setSort(next);
    setPage(1);
  };
  const sortable = (column: Sort['sort'], header: string): Column<Contact> => ({
    header,
    headerContent: <SortButton column={column} label={header} sort={sort} onSort={onSort} />,
    headerProps: {
      'aria-sort':
        sort.sort === column ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined,
    },
    cell: (c) =>
      column === 'date' ? (
        <time dateTime={c.submittedAt} className="whitespace-nowrap">
          {formatNairobiDateTime(c.submittedAt)}
        </time>
      ) : (
        <span className="font-medium text-slate-900">{c.name}</span>
      ),
  });
  const columns: Column<Contact>[] = [
    sortable('date', 'Date'),
    sortable('name', 'Name'),
    {
      header: 'Email',
      cell: (c) => (
        <a href={`mailto:${c.email}`} className="text-brand-700 hover:underline">
          <EmailText email={c.email} />
        </a>
      ),
    },
    {
      header: 'Message',
      cell: (c) => <p className="whitespace-pre-line lg:max-w-md">{c.message}</p>,
      stack: true,
    },
  ];

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Contacts</h1>
      <form
        role="search"
        aria-label="Filter contacts"
        className="mb-6 grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-[1fr_auto_auto_auto] lg:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(draft);
          setPage(1);
        }}
      >
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor={ids.q} className="mb-1 block text-sm font-medium text-slate-700">
            Search
          </label>
          <input
            id={ids.q}
            type="search"
            placeholder="Search contacts..."
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={ids.from} className="mb-1 block text-sm font-medium text-slate-700">
            From
          </label>
          <input
            id={ids.from}
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={ids.to} className="mb-1 block text-sm font-medium text-slate-700">
            To
          </label>
          <input
            id={ids.to}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            className={inputClass}
          />
        </div>
        <Button type="submit" className="col-span-2 lg:col-span-1">
          Filter
        </Button>
      </form>

      {contacts.isPending ? (
        <LoadingText />
      ) : contacts.isError ? (
        <ErrorText>Error: {contacts.error.message}</ErrorText>
      ) : contacts.data.contacts.length === 0 ? (
        <EmptyText>No contacts found</EmptyText>
      ) : (
        <>
          <ResponsiveTable
            caption="Contacts"
            columns={columns}
            rows={contacts.data.contacts}
            rowKey={(c) => c.id}
          />
          <div className="mt-6">
            <NumberedPager
              page={page}
              pageCount={pageCount}
              onPageChange={setPage}
              windowSize={PAGE_NUMBERS}
              previous={false}
              next={pageCount > PAGE_NUMBERS}
              label="Contacts pages"
            />
          </div>
        </>
      )}
    </div>
  );
}

// Import products (issue 21): a Shopify product CSV checked first (a dry run) or imported, its
// progress followed while the server works through it, then every problem with its line and
// column, and the pictures still being fetched.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportIssue, ProductImport } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { ErrorText } from '../../../components/ui/status.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { importProducts, productImportQuery } from '../api/catalog-admin-api.ts';

const issueColumns: Column<ImportIssue>[] = [
  { header: 'Line', cell: (i) => i.line ?? '—' },
  { header: 'Column', cell: (i) => i.column ?? '—' },
  { header: 'Problem', cell: (i) => i.message, stack: true },
];

const count = (n: number) => n.toLocaleString('en-KE');

function Progress({ run }: { run: ProductImport }) {
  const verb = run.dry_run ? 'Checked' : 'Imported';
  return (
    <div className="space-y-2">
      <progress
        className="h-3 w-full accent-brand-600"
        value={run.processed_rows}
        max={Math.max(run.total_rows, 1)}
        aria-label="Rows done"
      />
      <p className="text-sm text-slate-700">
        {verb} {count(run.processed_rows)} of {count(run.total_rows)} rows…
      </p>
    </div>
  );
}

function Outcome({ run }: { run: ProductImport }) {
  const facts = run.dry_run
    ? ([
        ['Would be created', run.created],
        ['Would be updated', run.updated],
        ['Unchanged', run.unchanged],
      ] as const)
    : ([
        ['Created', run.created],
        ['Updated', run.updated],
        ['Unchanged', run.unchanged],
      ] as const);
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold text-slate-900">
        {run.dry_run ? 'Check finished: nothing was changed' : 'Import finished'}
      </h2>
      <dl className="grid grid-cols-3 gap-3">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{count(value)}</dd>
          </div>
        ))}
      </dl>
      {run.images_pending > 0 && (
        <p className="text-sm text-slate-700">
          Fetching {count(run.images_pending)} picture{run.images_pending === 1 ? '' : 's'} from
          their addresses…
        </p>
      )}
      {run.error_count === 0 ? (
        <p className="text-sm font-medium text-emerald-800">No rows were refused.</p>
      ) : (
        <div>
          <h3 className="mb-2 font-semibold text-red-800">
            {count(run.error_count)} row{run.error_count === 1 ? '' : 's'} refused
          </h3>
          {run.error_count > run.errors.length && (
            <p className="mb-2 text-sm text-slate-700">
              The first {count(run.errors.length)} are listed: correct them and check the file again
              to see the rest.
            </p>
          )}
          <ResponsiveTable
            caption="Rows refused"
            columns={issueColumns}
            rows={run.errors}
            rowKey={(i) => `${i.line}-${i.column}-${i.message}`}
          />
        </div>
      )}
      {run.warning_count > 0 && (
        <div>
          <h3 className="mb-2 font-semibold text-amber-800">
            Warnings
            {run.warning_count > run.warnings.length &&
              ` (the first ${count(run.warnings.length)} of ${count(run.warning_count)})`}
          </h3>
          <ResponsiveTable
            caption="Warnings"
            columns={issueColumns}
            rows={run.warnings}
            rowKey={(i) => `${i.line}-${i.column}-${i.message}`}
          />
        </div>
      )}
    </div>
  );
}

export default function ImportProductsPage() {
  useDocumentTitle('Import products');
  const fileId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const [runId, setRunId] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (v: { file: File; id: string; dryRun: boolean }) =>
      importProducts(v.file, v.id, v.dryRun),
    onSuccess: async (result) => {
      queryClient.setQueryData(productImportQuery(result.id).queryKey, result);
      if (!result.dry_run) await queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
  const progress = useQuery(productImportQuery(runId));
  const run = progress.data;

  const start = (dryRun: boolean) => (e?: FormEvent) => {
    e?.preventDefault();
    if (!file) return setMissingFile(true);
    const id = crypto.randomUUID();
    setRunId(id);
    send.mutate({ file, id, dryRun });
  };
  const busy = send.isPending;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Import products</h1>
      <p className="text-slate-700">
        A product CSV in Shopify&apos;s format: the file Shopify exports, or Duka&apos;s own Export
        CSV. Products are matched by Handle and variants by SKU, so the same file imported twice
        changes nothing. Check a file first to see what it would do.
      </p>
      <form
        onSubmit={start(false)}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <div>
          <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-800">
            CSV file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={missingFile || undefined}
            aria-describedby={missingFile ? `${fileId}-error` : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setMissingFile(false);
            }}
            className="block w-full text-sm file:mr-3 file:min-h-10 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-medium"
          />
          {missingFile && (
            <p id={`${fileId}-error`} role="alert" className="mt-1 text-sm text-red-700">
              Choose a CSV file first.
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={start(true)} disabled={busy}>
            Check file
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && !run?.dry_run ? 'Importing…' : 'Import'}
          </Button>
        </div>
      </form>
      <section aria-live="polite" className="space-y-4">
        {send.isError && (
          <ErrorText>The file could not be imported: {send.error.message}</ErrorText>
        )}
        {busy && !run && <p className="text-sm text-slate-700">Sending the file…</p>}
        {run && run.status === 'running' && <Progress run={run} />}
        {run && run.status === 'failed' && (
          <ErrorText>The import stopped on an error. What was saved before it is kept.</ErrorText>
        )}
        {run && run.status === 'done' && <Outcome run={run} />}
      </section>
    </div>
  );
}

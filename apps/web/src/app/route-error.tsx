import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ChunkLoadError, CHUNK_FAILED } from './lazy-page.ts';

/** What a route shows when it cannot be shown: a reload for a failed download, else a way home. */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof ChunkLoadError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed/i.test(error.message));
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {chunkFailed ? CHUNK_FAILED : notFound ? 'Page not found' : 'Something went wrong'}
      </h1>
      <p className="mt-3 text-slate-600">
        {chunkFailed
          ? 'Part of the shop could not be downloaded. Check your connection and reload the page.'
          : notFound
            ? 'There is nothing at this address.'
            : 'An unexpected error stopped this page. Reloading usually helps.'}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
        >
          Reload
        </button>
        <Link
          to="/"
          reloadDocument
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
        >
          Go Home
        </Link>
      </div>
    </div>
  );
}

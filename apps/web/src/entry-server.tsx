// Server rendering (ADR 010). The server calls render() for every page address: public shop
// pages come back rendered with their data, their <head> and the chunks to preload; private shop
// pages come back as the shop's frame (header, footer, a skeleton of the page's size) that the
// browser replaces; anything else (the back office) is left to the plain app shell.
import { StrictMode } from 'react';
import type {
  InProcessApi,
  RenderedPage,
  RenderOptions,
  ServerEntry,
} from '@duka/domain/rendering/contract';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { loadAllPages, routes, type RouteHandle } from './app/router.tsx';
import { ShopLayout } from './app/layouts/shop-layout.tsx';
import { Root } from './app/root.tsx';
import { PageSkeleton } from './components/ui/page-skeleton.tsx';
import { setApiTransport } from './lib/api-client.ts';
import { shopSettingsQuery } from './lib/shop-settings.ts';
import { ServerResponseContext, ServerResponseSink } from './lib/server-response.ts';
import { documentTitle } from './lib/use-document-title.ts';
import { CollectingQueryClient } from './ssr/collecting-query-client.ts';
import { serialiseState, STATE_ELEMENT_ID } from './ssr/dehydrated-state.ts';
import { buildHead } from './ssr/head.ts';
import { codeAfterPaintScript } from './ssr/code-after-paint.ts';
import { keepTapsScript } from './ssr/keep-taps.ts';
import { loadCatalogues } from './lib/i18n/catalogue.ts';
import { LocaleProvider } from './lib/i18n/locale-context.tsx';
import { LOCALES, localeOfPath, localePrefix, type Locale } from '@duka/domain/i18n/locale';

/** How API calls made while rendering are answered: in-process by the server, GET only. */
function configure(options: { api: InProcessApi }) {
  setApiTransport(async (url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') throw new Error(`Server rendering makes no ${method} calls`);
    const answer = await options.api(url);
    const empty = answer.status === 204 || answer.status === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  });
}

/** Text for the <title> element: the shop's name is the merchant's to write. */
const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Each language's routes: the Kiswahili shop is the same pages under the basename /sw. */
const perLocale = <T,>(make: (basename: string | undefined) => T) =>
  Object.fromEntries(LOCALES.map((l) => [l, make(localePrefix(l) || undefined)])) as Record<
    Locale,
    T
  >;

const handlers = perLocale((basename) => createStaticHandler(routes, { basename }));

/** The shop's frame around a skeleton, for pages the browser renders itself. */
const frameHandlers = perLocale((basename) =>
  createStaticHandler(
    [
      {
        element: <Root />,
        children: [
          { element: <ShopLayout />, children: [{ path: '*', element: <PageSkeleton /> }] },
        ],
      },
    ] satisfies RouteObject[],
    { basename },
  ),
);

/** At most this many passes: a page whose queries depend on earlier answers needs more than one. */
const MAX_PASSES = 4;

async function render(path: string, options: RenderOptions): Promise<RenderedPage | null> {
  const request = new Request(new URL(path, options.origin));
  const locale = localeOfPath(new URL(request.url).pathname);
  const handler = handlers[locale];
  const frameHandler = frameHandlers[locale];
  const context = await handler.query(request);
  if (context instanceof Response) return null;
  const leaf = context.matches.at(-1)?.route;
  const handle = leaf?.handle as RouteHandle | undefined;
  const inShop = context.matches.some((m) => m.route.id === 'shop');
  const url = new URL(request.url);
  const modules = context.matches
    .map((m) => (m.route.handle as RouteHandle | undefined)?.module)
    .filter((m): m is string => !!m);

  if (!handle?.ssr) {
    if (!inShop) return null;
    const frameContext = await frameHandler.query(request);
    if (frameContext instanceof Response) return null;
    const router = createStaticRouter(frameHandler.dataRoutes, frameContext);
    // The frame's own public data too (the footer's contact details and year, from the shop's
    // settings); the browser renders the page afresh, so none of it travels as state.
    const frameClient = new CollectingQueryClient();
    let html = '';
    for (let pass = 1; ; pass++) {
      html = renderToString(
        <LocaleProvider locale={locale}>
          <AppProviders queryClient={frameClient}>
            <StaticRouterProvider router={router} context={frameContext} hydrate={false} />
          </AppProviders>
        </LocaleProvider>,
      );
      if (pass === MAX_PASSES || !(await frameClient.fetchMissing())) break;
    }
    const shopName = frameClient.getQueryData(shopSettingsQuery().queryKey)?.shop_name;
    const head = `<title>${escapeText(documentTitle('', shopName, locale))}</title>\n    <meta name="robots" content="noindex" />`;
    return { kind: 'frame', status: 200, html, head, state: null, modules, lang: locale };
  }

  const queryClient = new CollectingQueryClient();
  const router = createStaticRouter(handler.dataRoutes, context);
  const sink = new ServerResponseSink();
  let html = '';
  for (let pass = 1; ; pass++) {
    sink.reset(context.statusCode);
    html = renderToString(
      <StrictMode>
        <ServerResponseContext.Provider value={sink}>
          <LocaleProvider locale={locale}>
            <AppProviders queryClient={queryClient}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </LocaleProvider>
        </ServerResponseContext.Provider>
      </StrictMode>,
    );
    if (pass === MAX_PASSES || !(await queryClient.fetchMissing())) break;
  }

  const head = buildHead({
    origin: options.origin,
    url,
    status: sink.status,
    title: sink.title ?? documentTitle('', undefined, locale),
    locale,
    page: { description: handle.description, structuredData: handle.structuredData },
    params: context.matches.at(-1)?.params ?? {},
    queryClient,
  });
  return {
    kind: 'page',
    status: sink.status,
    // The priority image's preload leads the HTML, where the server moves it to the top of <head>.
    html: sink.preloadTags() + html,
    head,
    state: serialiseState(queryClient),
    modules,
    lang: locale,
  };
}

/** Where a rendered page lists its code for the head script (ssr/code-after-paint.ts). */
const CODE_ELEMENT_ID = 'duka-code';

/** What the server loads (dist/server/entry-server.js): checked against the shared contract. */
export default {
  STATE_ELEMENT_ID,
  CODE_ELEMENT_ID,
  headScript: `${keepTapsScript};${codeAfterPaintScript(CODE_ELEMENT_ID)}`,
  configure,
  render,
  // Every page's code and words, once at start-up: no render waits on a file (or finds it replaced).
  warm: async () => {
    await loadAllPages();
    await loadCatalogues('sw');
  },
} satisfies ServerEntry;

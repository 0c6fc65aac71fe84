// The browser's start. A public shop page arrives rendered by the server with its data: the app
// hydrates it. Any other page arrives as the shop's frame or an empty shell: the app renders it.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './index.css';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { setApiLanguage } from './lib/api-client.ts';
import { loadCatalogues, setPageLocale } from './lib/i18n/catalogue.ts';
import { LocaleProvider } from './lib/i18n/locale-context.tsx';
import { localeOfPath, localePrefix } from '@duka/domain/i18n/locale';
import { restoreState, STATE_ELEMENT_ID } from './ssr/dehydrated-state.ts';
import { hydrateInTurns, nextTask } from './lib/hydration.tsx';

async function start() {
  const container = document.getElementById('root')!;
  const state = document.getElementById(STATE_ELEMENT_ID);
  const queryClient = createQueryClient();
  if (state?.textContent) restoreState(queryClient, state.textContent);
  const locale = localeOfPath(window.location.pathname);
  document.documentElement.lang = locale;
  setApiLanguage(locale);
  setPageLocale(locale);
  // Each step in a task of its own on a server page (Total Blocking Time on a phone): the
  // server's data above, the router below, then hydration.
  if (state) await nextTask();
  const router = await createRouter(localePrefix(locale) || undefined);
  // The first page's Kiswahili, before it renders: the server's HTML is in Kiswahili already.
  await loadCatalogues(locale);
  const app = (
    <StrictMode>
      <LocaleProvider locale={locale}>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </LocaleProvider>
    </StrictMode>
  );
  if (state) {
    // The parts in <HydrateLater> each hydrate in a task after this one.
    await nextTask();
    hydrateInTurns(() => void hydrateRoot(container, app));
  } else {
    // The shop's frame the server sent is replaced, not reused: Preact would otherwise keep its
    // nodes and their attributes (ids among them) under elements that differ.
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

void start();

// The service worker (vite.config.ts) starts after the page, never competing with it. A
// server-rendered page asks for this code after its first paint (ssr/code-after-paint.ts), often
// once the page has already loaded.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // The shop works without it: offline support is a bonus.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

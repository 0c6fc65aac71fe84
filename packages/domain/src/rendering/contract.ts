// The contract between the server and the web app's server entry (ADR 010): the web build's
// dist/server/entry-server.js default-exports a ServerEntry; the server loads it and puts the
// page together. Both sides import these types, so neither can drift from the other. Plain data
// only: no DOM or Node types, so it lives where both may import from.

/** An answer of the shop's own API, made in-process while a page renders (GET only). */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Calls the shop's API for the page being rendered: anonymous, GET only. */
export type InProcessApi = (path: string) => Promise<ApiAnswer>;

export interface RenderOptions {
  /** The shop's public origin, for canonical and Open Graph addresses. */
  origin: string;
}

export interface RenderedPage {
  /** A public page rendered with its data, or the shop's frame around a skeleton. */
  kind: 'page' | 'frame';
  status: number;
  /** The inside of the root element. */
  html: string;
  /** Tags for <head>: title, description, canonical, Open Graph, JSON-LD. */
  head: string;
  /** The query cache as JSON, for hydration; null for a frame. */
  state: string | null;
  /** Source modules of the matched pages (src/…), whose chunks the page preloads. */
  modules: string[];
  /** The page's language, for <html lang> ('en' | 'sw'). */
  lang: string;
}

export interface ServerEntry {
  /** The id of the <script type="application/json"> element that carries `state`. */
  STATE_ELEMENT_ID: string;
  /**
   * When set, a page does not ask for its code by tags: its files are listed as JSON
   * (`{ entry, preload }`) in a <script type="application/json"> with this id, and `headScript`
   * loads them once the page has been painted (issue 38).
   */
  CODE_ELEMENT_ID?: string;
  /**
   * A script every rendered page runs inline in its <head>, before its own code has loaded (it
   * holds taps until the page answers: issue 38). The CSP allows it by its hash.
   */
  headScript: string;
  /** How API calls made while rendering are answered. */
  configure(options: { api: InProcessApi }): void;
  /** The page at this address (path and query), or null when the plain app shell answers. */
  render(url: string, options: RenderOptions): Promise<RenderedPage | null>;
  /** Loads every page's code once at start-up. */
  warm(): Promise<void>;
}

// Puts server-rendered pages together (ADR 010). The web build's index.html is the template: its
// placeholders (<!--ssr:…-->) say where the page's parts go; what Vite wrote after the template's
// own head (the entry's script, module preloads, stylesheet) is rebuilt from the build manifest,
// in the order that paints first on a slow link. The web app's server entry
// (dist/server/entry-server.js) renders the page; the contract between the two is
// @duka/domain/rendering/contract.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ApiAnswer, RenderedPage, ServerEntry } from '@duka/domain/rendering/contract';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageRenderer {
  /** The whole HTML document and its status, or null when the plain app shell should answer. */
  render(url: string): Promise<{ status: number; html: string } | null>;
  /** The CSP source that allows the stylesheet inlined in rendered pages ('sha256-…'). */
  inlineStyleSource: string | null;
  /** The CSP source that allows the script inlined in rendered pages' <head> ('sha256-…'). */
  inlineScriptSource: string | null;
}

/** The template's placeholders, in the order they appear. */
export const PLACEHOLDERS = {
  imagePreloads: '<!--ssr:image-preloads-->',
  head: '<!--ssr:head-->',
  headEnd: '<!--/ssr:head-->',
  page: '<!--ssr:page-->',
} as const;

/** The template cut at its placeholders (what Vite injected into <head> is left out). */
export interface Template {
  /** From the start to the image preloads' place. */
  start: string;
  /** From there to the page's own head tags. */
  beforeHead: string;
  /** From </head> to the root element's inside. */
  beforePage: string;
  /** The rest, after the root element. */
  end: string;
}

const ROOT_END = '</div>';

export function cutTemplate(html: string): Template {
  const at = (marker: string, from = 0) => {
    const index = html.indexOf(marker, from);
    if (index < 0) throw new Error(`The web build's index.html has no ${marker}`);
    return index;
  };
  const images = at(PLACEHOLDERS.imagePreloads);
  const head = at(PLACEHOLDERS.head, images);
  const headEnd = at(PLACEHOLDERS.headEnd, head);
  const closeHead = at('</head>', headEnd);
  const page = at(PLACEHOLDERS.page, closeHead);
  const afterPage = page + PLACEHOLDERS.page.length;
  if (!html.startsWith(ROOT_END, afterPage)) {
    throw new Error(`The web build's index.html has something after ${PLACEHOLDERS.page}`);
  }
  return {
    start: html.slice(0, images),
    beforeHead: html.slice(images + PLACEHOLDERS.imagePreloads.length, head),
    beforePage: html.slice(closeHead, page),
    end: html.slice(afterPage + ROOT_END.length),
  };
}

/** Answers the web app's API calls made while rendering, in-process and anonymously (GET only). */
function inProcessApi(app: FastifyInstance) {
  return async (url: string): Promise<ApiAnswer> => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
    }
    return { status: res.statusCode, headers, body: res.payload };
  };
}

/** The chunk files a module needs (itself and its static imports), as the build manifest says. */
function chunkFiles(manifest: Manifest, key: string, into: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const scriptTag = (file: string) =>
  `<script type="module" crossorigin src="/${escapeAttribute(file)}"></script>`;
const preloadTag = (file: string) =>
  `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}" />`;

/** The web app puts the preloads of the page's eager images first in its HTML. */
function leadingImagePreloads(html: string): number {
  let at = 0;
  while (html.startsWith('<link rel="preload" as="image"', at)) {
    const end = html.indexOf('/>', at);
    if (end < 0) break;
    at = end + 2;
  }
  return at;
}

export interface Build {
  template: string;
  manifest: Manifest;
  /** Reads a file of the build (the stylesheet that is inlined). */
  read(file: string): string;
  /** Whether the build has this file (the web app manifest). */
  has(file: string): boolean;
}

/** The renderer over a build and its server entry. */
export function pageRenderer(entry: ServerEntry, build: Build, origin: string): PageRenderer {
  const template = cutTemplate(build.template);
  const { manifest } = build;
  const entryChunk = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entryChunk) throw new Error('The web build manifest names no entry');

  // What the shell loads needs no preload link of its own.
  const inShell = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk === entryChunk) chunkFiles(manifest, key, inShell);
  }
  const shellPreloads = [...inShell].filter((file) => file !== entryChunk.file);

  // The stylesheet travels inside the page: on a slow link a second request for it would hold
  // the first paint back by a round trip. The CSP allows exactly this text by its hash.
  const css = (entryChunk.css ?? []).map((file) => build.read(file)).join('\n');
  const inlineStyle = css && !css.includes('</') ? css : null;
  const style = inlineStyle
    ? `<style>${inlineStyle}</style>`
    : (entryChunk.css ?? [])
        .map((file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}" />`)
        .join('\n    ');
  // Runs before the page's code has loaded (the web app's headScript: it holds early taps).
  const headScript = entry.headScript && !entry.headScript.includes('</') ? entry.headScript : null;
  const webManifest = build.has('manifest.webmanifest')
    ? '<link rel="manifest" href="/manifest.webmanifest">'
    : '';

  // The page's code: tags at the end of its HTML, or (CODE_ELEMENT_ID) a list that the head
  // script asks for once the page has been painted.
  const codeOf = (preloads: string[]) =>
    entry.CODE_ELEMENT_ID && headScript
      ? `<script type="application/json" id="${entry.CODE_ELEMENT_ID}">${JSON.stringify({
          entry: `/${entryChunk.file}`,
          preload: preloads.map((file) => `/${file}`),
        }).replace(/</g, '\\u003c')}</script>`
      : [scriptTag(entryChunk.file), ...preloads.map(preloadTag)].join('\n    ');

  const document = (page: RenderedPage, code: string) => {
    const preloadsEnd = leadingImagePreloads(page.html);
    const state =
      page.state === null
        ? ''
        : `<script type="application/json" id="${entry.STATE_ELEMENT_ID}">${page.state}</script>`;
    return [
      // The template says English; a Kiswahili page says so (issue 37).
      template.start.replace('<html lang="en">', `<html lang="${escapeAttribute(page.lang)}">`),
      page.html.slice(0, preloadsEnd),
      template.beforeHead,
      page.head,
      `\n    ${style}\n    ${webManifest}\n  `,
      headScript ? `  <script>${headScript}</script>\n  ` : '',
      template.beforePage,
      page.html.slice(preloadsEnd),
      // The page's code goes after its HTML: asked for from <head> it would share a slow link
      // with the rest of the page and hold its first paint back.
      `${ROOT_END}${state}\n    ${code}`,
      template.end,
    ].join('');
  };

  const hashSource = (text: string | null) =>
    text ? `'sha256-${createHash('sha256').update(text).digest('base64')}'` : null;
  return {
    inlineStyleSource: hashSource(inlineStyle),
    inlineScriptSource: hashSource(headScript),
    async render(url) {
      const page = await entry.render(url, { origin });
      if (!page) return null;
      const files = new Set<string>();
      for (const module of page.modules) chunkFiles(manifest, module, files);
      const preloads = [...files].filter((file) => !inShell.has(file) && file.endsWith('.js'));
      return { status: page.status, html: document(page, codeOf([...shellPreloads, ...preloads])) };
    },
  };
}

/** The renderer of the web build in `dist`, or null when it has no server entry. */
export async function createPageRenderer(
  app: FastifyInstance,
  dist: string,
  origin: string,
): Promise<PageRenderer | null> {
  const entryPath = path.join(dist, 'server', 'entry-server.js');
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(entryPath) || !existsSync(manifestPath)) return null;
  const entry = ((await import(pathToFileURL(entryPath).href)) as { default: ServerEntry }).default;
  entry.configure({ api: inProcessApi(app) });
  await entry.warm();
  return pageRenderer(
    entry,
    {
      template: readFileSync(path.join(dist, 'index.html'), 'utf8'),
      manifest: JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest,
      read: (file) => readFileSync(path.join(dist, file), 'utf8'),
      has: (file) => existsSync(path.join(dist, file)),
    },
    origin,
  );
}

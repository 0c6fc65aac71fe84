// Puts server-rendered pages together (ADR 010): the web build's index.html is the template; the
// web app's server bundle (dist/server/entry-server.js) renders the page, and this fills in the
// <head>, the page's HTML, its data for hydration and the preload links for its chunks.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

interface RenderedPage {
  kind: 'page' | 'frame';
  status: number;
  html: string;
  head: string;
  state: string | null;
  modules: string[];
}

interface ServerEntry {
  STATE_ELEMENT_ID: string;
  configure(options: { fetch: (url: string, init: RequestInit) => Promise<Response> }): void;
  render(request: Request, options: { origin: string }): Promise<RenderedPage | null>;
  warm(): Promise<void>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface PageRenderer {
  /** The whole HTML document and its status, or null when the plain app shell should answer. */
  render(url: string): Promise<{ status: number; html: string } | null>;
  /** The CSP source that allows the stylesheet inlined in rendered pages ('sha256-…'). */
  inlineStyleSource: string | null;
}

/** Answers the web app's API calls made while rendering, in-process and anonymously (GET only). */
function inProcessFetch(app: FastifyInstance) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') throw new Error(`Server rendering makes no ${method} calls`);
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (typeof value === 'number') headers.set(name, String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}

/** The chunk files a module needs (itself and its static imports), as the build manifest says. */
function chunkFiles(manifest: Record<string, ManifestChunk>, key: string, into: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
}

const LEADING_IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*\/>)+/;
const VIEWPORT = /<meta name="viewport"[^>]*>/;
const SCRIPT_TAGS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export async function createPageRenderer(
  app: FastifyInstance,
  dist: string,
  origin: string,
): Promise<PageRenderer | null> {
  const entryPath = path.join(dist, 'server', 'entry-server.js');
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(entryPath) || !existsSync(manifestPath)) return null;
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  entry.configure({ fetch: inProcessFetch(app) });
  await entry.warm();
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

  // What index.html already loads needs no preload link of its own.
  const entryKey = Object.keys(manifest).find(
    (key) => manifest[key] && 'isEntry' in manifest[key]!,
  );
  const inShell = new Set<string>();
  if (entryKey) chunkFiles(manifest, entryKey, inShell);

  // The stylesheet travels inside the page: on a slow link a second request for it would hold
  // the first paint back by a round trip. The CSP allows exactly this text by its hash.
  let inlineStyleSource: string | null = null;
  let shell = template;
  const stylesheet = template.match(STYLESHEET);
  if (stylesheet) {
    const css = readFileSync(path.join(dist, stylesheet[1]!), 'utf8');
    if (!css.includes('</')) {
      inlineStyleSource = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
      shell = template.replace(stylesheet[0], () => `<style>${css}</style>`);
    }
  }

  // The page's code goes after its HTML: on a slow link, code asked for from <head> would share
  // the bandwidth with the rest of the page and hold its first paint back. The page shows first,
  // then the code downloads and hydrates it.
  const scripts = [...shell.matchAll(SCRIPT_TAGS)].map((m) => m[0]);
  for (const tag of scripts) shell = shell.replace(tag, '');

  // The template's own title and description give way to the page's.
  const base = shell
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '');

  return {
    inlineStyleSource,
    async render(url) {
      const page = await entry.render(new Request(new URL(url, origin)), { origin });
      if (!page) return null;
      const files = new Set<string>();
      for (const module of page.modules) chunkFiles(manifest, module, files);
      const preloads = [...files]
        .filter((file) => !inShell.has(file) && file.endsWith('.js'))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeText(file)}" />`);
      const state =
        page.state === null
          ? ''
          : `<script type="application/json" id="${entry.STATE_ELEMENT_ID}">${page.state}</script>`;
      // React puts the preloads of the page's eager images first in its HTML; in <head>, before
      // the scripts and styles, the browser asks for the largest image at once.
      const imagePreloads = page.html.match(LEADING_IMAGE_PRELOADS)?.[0] ?? '';
      const body = page.html.slice(imagePreloads.length);
      const html = base
        .replace(VIEWPORT, (viewport) => `${viewport}\n    ${imagePreloads}`)
        .replace('</head>', () => `    ${page.head}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${body}</div>${state}\n    ${[...scripts, ...preloads].join('\n    ')}`,
        );
      return { status: page.status, html };
    },
  };
}

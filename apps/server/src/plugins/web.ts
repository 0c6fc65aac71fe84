// Serves the built web app (with history fallback for client routes) and the images we keep.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { homeInRememberedLocale, languageSwitch } from './language.ts';
import { createPageRenderer } from './server-rendering.ts';

export interface WebOptions {
  /** The folder of the built web app; skipped when it does not exist. */
  webDistDir?: string | undefined;
  /** Catalogue images and uploads: served under /images and /uploads. */
  dataDir: string;
  /** The shop's public origin, for canonical and Open Graph addresses in rendered pages. */
  publicUrl: string;
  /**
   * A sentence every page shows in a bar above everything else (the payment sandboxes running in
   * production): put in by the server, so it is there before any script runs, on every page.
   */
  notice?: string | null;
  /**
   * A product picture (`/images/products/<name>`) that is not on disk yet: draws it and answers
   * its file, or undefined when it is not one this shop can draw (seed/demo-images.ts).
   */
  drawMissingImage?: ((fileName: string) => Promise<string | undefined>) | undefined;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page with the notice bar first in its body (styled by #notice-bar in the web app's CSS). */
export function withNotice(html: string, notice: string): string {
  return html.replace(
    /<body[^>]*>/,
    (body) => `${body}<div id="notice-bar" role="note">${escapeHtml(notice)}</div>`,
  );
}

const YEAR = 31_536_000;

/** Adds the inlined stylesheet's hash to this response's Content-Security-Policy. */
/** The rendered page's inline stylesheet and <head> script, allowed by their hashes alone. */
function allowInline(
  reply: FastifyReply,
  sources: { style: string | null; script: string | null },
) {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  let policy = csp;
  if (sources.style)
    policy = policy.replace("style-src 'self'", `style-src 'self' ${sources.style}`);
  if (sources.script) {
    policy = policy.replace("script-src 'self'", `script-src 'self' ${sources.script}`);
  }
  reply.header('content-security-policy', policy);
}

export default fp<WebOptions>(
  async (app, options) => {
    for (const folder of ['images', 'uploads']) {
      const root = path.resolve(options.dataDir, folder);
      mkdirSync(root, { recursive: true });
      await app.register(fastifyStatic, {
        root,
        prefix: `/${folder}/`,
        decorateReply: false,
        index: false,
        // Names are never reused: a new image gets a new name.
        setHeaders: (res) => {
          res.header('Cache-Control', `public, max-age=${YEAR}, immutable`);
          res.header('X-Content-Type-Options', 'nosniff');
        },
      });
    }

    const dist = options.webDistDir ? path.resolve(options.webDistDir) : undefined;
    const indexHtml = dist ? path.join(dist, 'index.html') : undefined;
    const hasWeb = !!indexHtml && existsSync(indexHtml);
    if (hasWeb && dist) {
      await app.register(fastifyStatic, {
        root: dist,
        prefix: '/',
        wildcard: false,
        index: false,
        // The server-rendering bundle and the build manifest are the server's, not the public's.
        allowedPath: (pathName) => !/^\/(server|\.vite)(\/|$)/.test(pathName),
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'Cache-Control',
            hashed ? `public, max-age=${YEAR}, immutable` : 'public, max-age=0, must-revalidate',
          );
        },
      });
    }

    const renderer = hasWeb && dist ? await createPageRenderer(app, dist, options.publicUrl) : null;
    const notice = options.notice ?? null;
    // The app shell with the notice in it, when there is one (else sent from disk as it is).
    const shell =
      notice && hasWeb && indexHtml ? withNotice(readFileSync(indexHtml, 'utf8'), notice) : null;

    const isApiOrFile = (pathname: string) =>
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      /\.[a-z0-9]+$/i.test(pathname) ||
      /^\/(images|uploads)\//.test(pathname);

    if (hasWeb && dist) {
      languageSwitch(app);
      // Every other page address (a route, so that compression and the other hooks apply): a
      // shop page is rendered here, with a 404 for what does not exist; anything else is a client
      // route (/dashboard/orders…) and the app decides what to show.
      app.get('/*', { schema: { hide: true } }, async (request, reply) => {
        const pathname = request.url.split('?')[0] ?? '/';
        if (isApiOrFile(pathname)) return reply.callNotFound();
        if (homeInRememberedLocale(request, reply)) return reply;
        const page = await renderer?.render(request.url);
        void reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
        if (!page) return shell ? reply.send(shell) : reply.sendFile('index.html', dist);
        if (renderer) {
          allowInline(reply, {
            style: renderer.inlineStyleSource,
            script: renderer.inlineScriptSource,
          });
        }
        return reply.code(page.status).send(notice ? withNotice(page.html, notice) : page.html);
      });
    }

    const drawMissing = options.drawMissingImage;
    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const picture = /^\/images\/products\/([A-Za-z0-9._-]+\.webp)$/.exec(pathname)?.[1];
      if (picture && drawMissing && (request.method === 'GET' || request.method === 'HEAD')) {
        // Not drawn yet (the demo's pictures are drawn after the shop starts): drawn now, so a
        // shopper never meets a broken image; from then on it is a file like any other.
        const file = await drawMissing(picture);
        if (file) {
          return reply
            .type('image/webp')
            .header('Cache-Control', `public, max-age=${YEAR}, immutable`)
            .header('X-Content-Type-Options', 'nosniff')
            .send(await readFile(file));
        }
      }
      return reply
        .code(404)
        .send({ error: `No such address: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
    });
  },
  { name: 'web', dependencies: [] },
);

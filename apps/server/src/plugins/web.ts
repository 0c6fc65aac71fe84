// Serves the built web app (with history fallback for client routes) and the images we keep.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export interface WebOptions {
  /** The folder of the built web app; skipped when it does not exist. */
  webDistDir?: string | undefined;
  /** Catalogue images and uploads: served under /images and /uploads. */
  dataDir: string;
}

const YEAR = 31_536_000;

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
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'Cache-Control',
            hashed ? `public, max-age=${YEAR}, immutable` : 'public, max-age=0, must-revalidate',
          );
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      const isAsset = /\.[a-z0-9]+$/i.test(pathname) || /^\/(images|uploads)\//.test(pathname);
      if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !isApi && !isAsset) {
        // A client route (/products/12, /dashboard/orders…): the app decides what to show.
        return reply
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .sendFile('index.html', dist!);
      }
      return reply
        .code(404)
        .send({ error: `No such address: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
    });
  },
  { name: 'web', dependencies: [] },
);

// Putting a server-rendered page together, from a small fixture build (test/fixtures/web-build:
// an index.html with the placeholders as Vite leaves it, a build manifest, a stylesheet and a
// server entry that keeps to the shared contract).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerEntry } from '@duka/domain/rendering/contract';
import {
  createPageRenderer,
  cutTemplate,
  pageRenderer,
  type PageRenderer,
} from './server-rendering.ts';

const dist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/web-build',
);
let app: FastifyInstance;
let renderer: PageRenderer;

beforeAll(async () => {
  // The API the entry calls while rendering, answered in-process.
  app = Fastify();
  app.get('/api/products/7', async () => ({ id: 7, title: 'Jiko </script><b>stove</b>' }));
  renderer = (await createPageRenderer(app, dist, 'https://duka.example'))!;
});
afterAll(() => app.close());

describe('a server-rendered page', () => {
  it('puts the page, its head, its data and its code where the template says', async () => {
    const page = (await renderer.render('/products/7?ref=home'))!;
    expect(page.status).toBe(200);
    const html = page.html;
    // Its own head instead of the shell's default title; the image preload right after the
    // viewport, before anything else is asked for.
    expect(html).toContain('<title>Product | Fixture</title>');
    expect(html).not.toContain('Fixture shell');
    expect(html.indexOf('<link rel="preload" as="image" href="/images/7.webp"/>')).toBeGreaterThan(
      html.indexOf('name="viewport"'),
    );
    expect(html.indexOf('/images/7.webp')).toBeLessThan(html.indexOf('rel="icon"'));
    // The stylesheet inlined (allowed by its hash), the web app manifest linked.
    expect(html).toContain('<style>body{color:#047857}\n</style>');
    expect(html).not.toContain('index-C.css');
    expect(renderer.inlineStyleSource).toMatch(/^'sha256-[\w+/]+=*'$/);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    // The entry's head script inline in <head> (it holds taps until the page answers), allowed
    // by the hash of exactly its text.
    const headScript = `<script>document.documentElement.dataset.early = 'yes'</script>`;
    expect(html.indexOf(headScript)).toBeGreaterThan(html.indexOf('<title>'));
    expect(html.indexOf(headScript)).toBeLessThan(html.indexOf('</head>'));
    expect(renderer.inlineScriptSource).toBe(
      `'sha256-${createHash('sha256').update("document.documentElement.dataset.early = 'yes'").digest('base64')}'`,
    );
    // The page inside the root, then its data, then the code: the shell's script and preloads,
    // and the preloads of the page's own chunks that the shell does not load already.
    const root = html.indexOf('<div id="root">');
    const body = html.indexOf('<h1>Jiko', root);
    const state = html.indexOf('<script type="application/json" id="fixture-state">');
    const script = html.indexOf('<script type="module" crossorigin src="/assets/index-A.js">');
    expect(root).toBeGreaterThan(html.indexOf('</head>'));
    expect(body).toBeGreaterThan(root);
    expect(state).toBeGreaterThan(body);
    expect(script).toBeGreaterThan(state);
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-page-D.js" />',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/reviews-E.js" />');
    expect(html.match(/shared-B\.js/g)).toHaveLength(1);
    // Data that could close the element stays inside it.
    expect(html).toContain('Jiko \\u003c/script>');
    expect(html.match(/<\/script>/g)!.length).toBe(html.match(/<script/g)!.length);
    // Nothing of the template's placeholders is left.
    expect(html).not.toContain('<!--ssr:');
  });

  it('answers with the status the page gives (a page that says not found is a 404)', async () => {
    const gone = (await renderer.render('/gone'))!;
    expect(gone.status).toBe(404);
    expect(gone.html).toContain('<h1>Page not found</h1>');
  });

  it('leaves what the entry does not render to the plain app shell', async () => {
    expect(await renderer.render('/dashboard/orders')).toBeNull();
    const frame = (await renderer.render('/account'))!;
    expect(frame.html).not.toContain('fixture-state');
  });
});

describe('a page whose entry loads the code after the first paint (CODE_ELEMENT_ID)', () => {
  it('lists the code as JSON where the tags were, and asks for no script by tag', async () => {
    const file = (name: string) => readFileSync(path.join(dist, name), 'utf8');
    const fixture = (await import(pathToFileURL(path.join(dist, 'server/entry-server.js')).href))
      .default as ServerEntry;
    // The fixture's entry as it is (already configured by the renderer above), with a code list.
    const entry = { ...fixture, CODE_ELEMENT_ID: 'fixture-code' };
    const listing = pageRenderer(
      entry,
      {
        template: file('index.html'),
        manifest: JSON.parse(file('.vite/manifest.json')) as Parameters<
          typeof pageRenderer
        >[1]['manifest'],
        read: file,
        has: () => false,
      },
      'https://duka.example',
    );
    const html = (await listing.render('/sw/products/7'))!.html;
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const list = html.match(/<script type="application\/json" id="fixture-code">(.*?)<\/script>/)!;
    expect(JSON.parse(list[1]!)).toEqual({
      entry: '/assets/index-A.js',
      preload: ['/assets/shared-B.js'],
    });
    expect(html.indexOf(list[0])).toBeGreaterThan(html.indexOf('<h1>Jiko</h1>'));
  });
});

describe('the template', () => {
  it('is refused at start-up when a placeholder is missing', () => {
    expect(() =>
      cutTemplate('<html><head></head><body><div id="root"></div></body></html>'),
    ).toThrow(/has no <!--ssr:image-preloads-->/);
    const template =
      '<head><!--ssr:image-preloads--><!--ssr:head--><!--/ssr:head--></head><div id="root"><!--ssr:page--><p>x</p></div>';
    expect(() => cutTemplate(template)).toThrow(/something after <!--ssr:page-->/);
  });
});

// robots.txt and the sitemaps as a crawler reads them: absolute addresses from PUBLIC_URL, well-formed
// XML, product files of at most SITEMAP_URLS_PER_FILE addresses cut by id, and exactly the products
// the shop shows.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { categories, products } from '../catalog/schema.ts';
import { seedDemoCatalog } from '../seed/demo.ts';
import { escapeXml, PRIVATE_PATHS, SHOP_PAGES } from './service.ts';

const ORIGIN = "https://duka.example/o'shop&co";
const PER_FILE = 50;
const FAR_ID = 1_000; // alone in its file (951–1000), with empty files between

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: `${ORIGIN}/`, SITEMAP_URLS_PER_FILE: String(PER_FILE) });
  await seedDemoCatalog(t.db);
  const [furniture] = await t.db.select().from(categories).where(eq(categories.slug, 'furniture'));
  await t.db.insert(products).values({
    id: FAR_ID,
    title: 'Kikoy <Throw> & "Cushion"',
    description: 'd',
    categoryId: furniture!.id,
    brand: 'Lamu Loom',
    sku: 'X-1000',
    priceCents: 150_000,
    updatedAt: new Date('2026-03-04T05:06:07.000Z'),
  });
  // An empty category: nothing to list.
  await t.db.insert(categories).values({ slug: 'empty-shelf', name: 'Empty Shelf' });
});
afterAll(() => t.close());

/**
 * Checks that `xml` is well-formed (balanced tags, text with only the five entities) and returns
 * its elements as [name, text] pairs, entities decoded.
 */
function parseXml(xml: string): [string, string][] {
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  expect(xml.startsWith(head)).toBe(true);
  const stack: string[] = [];
  const out: [string, string][] = [];
  let text = '';
  for (const m of xml.slice(head.length).matchAll(/<(\/?)([a-z:]+)(?: [^<>]*)?>|([^<]+)/g)) {
    if (m[0].endsWith('/>')) {
      // An empty element (xhtml:link): its attributes only.
      out.push([m[2]!, m[0]]);
    } else if (m[3] !== undefined) {
      expect(m[3]).toMatch(/^(?:[^&<>]|&(?:amp|lt|gt|quot|apos);)*$/);
      text += m[3];
    } else if (m[1]) {
      expect(stack.pop()).toBe(m[2]);
      out.push([
        m[2]!,
        text
          .trim()
          .replace(
            /&(amp|lt|gt|quot|apos);/g,
            (_e, n: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[n]!,
          ),
      ]);
      text = '';
    } else {
      stack.push(m[2]!);
      text = '';
    }
  }
  expect(stack).toEqual([]);
  // Everything was matched: no stray '<'.
  expect(xml.slice(head.length).replace(/<\/?[a-z:]+(?: [^<>]*)?>|[^<]+/g, '')).toBe('');
  return out;
}

const locs = (xml: string) =>
  parseXml(xml)
    .filter(([name]) => name === 'loc')
    .map(([, text]) => text);

async function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

describe('GET /robots.txt', () => {
  it('lets crawlers read the shop, not the API or private pages, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/dashboard', '/userprofile', '/checkout', '/cart', '/login']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    // Nothing a shopper finds through a search engine is disallowed.
    for (const page of [...SHOP_PAGES, '/products/1']) {
      expect(PRIVATE_PATHS.some((p) => page.startsWith(p))).toBe(false);
    }
  });
});

describe('GET /sitemap.xml', () => {
  it('is an index of the pages file and the product files that hold products', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    // 180 demo products: ids 1–180 in files 1–4; the product with id 1000 alone in file 20. The
    // same files again for the Kiswahili shop (issue 37).
    expect(locs(res.body)).toEqual(
      ['', 'sw-'].flatMap((prefix) => [
        `${ORIGIN}/sitemaps/${prefix}pages.xml`,
        ...[1, 2, 3, 4, 20].map((n) => `${ORIGIN}/sitemaps/${prefix}products-${n}.xml`),
      ]),
    );
    expect(res.body).toContain('https://duka.example/o&apos;shop&amp;co/sitemaps/pages.xml');
  });

  it('never takes its addresses from the Host header, even without PUBLIC_URL (they are cached)', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({
        url: '/sitemap.xml',
        headers: { host: 'evil.example:8080' },
      });
      expect(res.body).not.toContain('evil.example');
      expect(locs(res.body)).toEqual([
        `http://localhost:${bare.app.config.PORT}/sitemaps/pages.xml`,
        `http://localhost:${bare.app.config.PORT}/sitemaps/sw-pages.xml`,
      ]);
      const robots = await bare.app.inject({
        url: '/robots.txt',
        headers: { host: 'evil.example:8080' },
      });
      expect(robots.body).not.toContain('evil.example');
    } finally {
      await bare.close();
    }
  });
});

describe('GET /sitemaps/…', () => {
  it('lists the shop pages and a page per category with products', async () => {
    const res = await get('/sitemaps/pages.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = locs(res.body);
    for (const page of SHOP_PAGES) expect(urls).toContain(`${ORIGIN}${page}`);
    const categoryUrls = urls.filter((u) => u.includes('?category='));
    expect(categoryUrls).toHaveLength(18);
    expect(categoryUrls).toContain(`${ORIGIN}/products?category=mens-shoes`);
    expect(urls.some((u) => u.endsWith('empty-shelf'))).toBe(false);
  });

  it('lists the Kiswahili shop too, each page naming its other language (issue 37)', async () => {
    const sw = await get('/sitemaps/sw-pages.xml');
    expect(sw.statusCode).toBe(200);
    const urls = locs(sw.body);
    expect(urls).toContain(`${ORIGIN}/sw`);
    expect(urls).toContain(`${ORIGIN}/sw/products?category=mens-shoes`);
    expect(urls.every((u) => u.startsWith(`${ORIGIN}/sw`))).toBe(true);

    const product = (await get('/sitemaps/sw-products-20.xml')).body;
    const home = escapeXml(ORIGIN);
    expect(product).toContain(
      `<url><loc>${home}/sw/products/${FAR_ID}</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${home}/products/${FAR_ID}"/>` +
        `<xhtml:link rel="alternate" hreflang="sw" href="${home}/sw/products/${FAR_ID}"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${home}/products/${FAR_ID}"/></url>`,
    );
    // The English file names the Kiswahili page the same way.
    const en = (await get('/sitemaps/products-20.xml')).body;
    expect(en).toContain(`hreflang="sw" href="${home}/sw/products/${FAR_ID}"/>`);
    expect(parseXml(product).filter(([n]) => n === 'xhtml:link')).toHaveLength(3);
  });

  it('lists every product exactly once, at most PER_FILE a file, with its last change', async () => {
    const index = locs((await get('/sitemap.xml')).body).filter((u) =>
      u.includes('/sitemaps/products-'),
    );
    const seen: number[] = [];
    for (const url of index) {
      const res = await get(url.slice(ORIGIN.length));
      expect(res.statusCode).toBe(200);
      const elements = parseXml(res.body);
      const urls = elements.filter(([n]) => n === 'loc').map(([, v]) => v);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(PER_FILE);
      expect(elements.filter(([n]) => n === 'lastmod')).toHaveLength(urls.length);
      for (const u of urls) seen.push(Number(/\/products\/(\d+)$/.exec(u)![1]));
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);

    // Exactly the products the shop shows: what the public listing counts, and each one opens.
    const listed = (await get('/api/products?limit=1')).json<{ total: number }>().total;
    expect(seen).toHaveLength(listed);
    expect(seen).toHaveLength(181);
    for (const id of [seen[0]!, seen[90]!, FAR_ID]) {
      expect((await get(`/api/products/${id}`)).statusCode).toBe(200);
    }

    const far = (await get('/sitemaps/products-20.xml')).body;
    expect(far).toContain(
      `<url><loc>${escapeXml(ORIGIN)}/products/${FAR_ID}</loc>` +
        '<lastmod>2026-03-04T05:06:07.000Z</lastmod><xhtml:link',
    );
  });

  it('answers 404 for files that do not exist or hold nothing', async () => {
    for (const file of [
      'products-0.xml',
      'products-5.xml',
      'products-999999999.xml',
      'products-01x.xml',
      'products.xml',
      'other.xml',
      'sw-products-5.xml',
      'fr-pages.xml',
    ]) {
      const res = await get(`/sitemaps/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('escapeXml', () => {
  it('escapes the five characters XML reserves', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });
});

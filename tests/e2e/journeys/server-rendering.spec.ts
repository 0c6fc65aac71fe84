// The shop on a slow phone (issue 13): public pages arrive rendered, with their head, and work
// before any JavaScript; what does not exist is a 404; nothing jumps; the shop is installable and
// says so plainly when offline.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

/** The JSON-LD blocks of an HTML document. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

const metaOf = (html: string, attr: 'name' | 'property', key: string) =>
  html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];

test('a product page’s HTML, before any JavaScript, holds its title, description, Open Graph and JSON-LD', async ({
  request,
}) => {
  const product = await (await request.get('/api/products/1')).json();
  const res = await request.get('/products/1');
  expect(res.status()).toBe(200);
  const html = await res.text();

  expect(html).toContain(`<title>${product.title} | Duka</title>`);
  // The description, cut at a word to at most 160 characters for search results.
  const description = metaOf(html, 'name', 'description')!;
  expect(description.length).toBeLessThanOrEqual(160);
  expect(description).toMatch(/…$/);
  expect(product.description.startsWith(description.slice(0, -1))).toBe(true);
  expect(metaOf(html, 'property', 'og:title')).toBe(product.title);
  expect(metaOf(html, 'property', 'og:type')).toBe('product');
  expect(metaOf(html, 'property', 'og:image')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\//);
  expect(metaOf(html, 'name', 'twitter:card')).toBe('summary_large_image');
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/products\/1" \/>/);
  // The page itself, not an empty shell: the title is in the body too.
  expect(html).toMatch(new RegExp(`<h1[^>]*>${product.title}</h1>`));

  const ld = jsonLdOf(html);
  const item = ld.find((block) => block['@type'] === 'Product') as {
    name: string;
    sku: string;
    offers: { priceCurrency: string; price: string; availability: string };
    aggregateRating: unknown;
  };
  expect(item).toBeDefined();
  expect(item.name).toBe(product.title);
  expect(item.sku).toBe(product.sku);
  expect(item.offers.priceCurrency).toBe('KES');
  // 78,500 less 10 %: the price a shopper pays, in shillings.
  expect(item.offers.price).toBe('70650.00');
  expect(item.offers.availability).toBe('https://schema.org/InStock');
  expect(item.aggregateRating).toMatchObject({
    ratingValue: product.rating,
    reviewCount: product.reviewCount,
  });
  const crumbs = ld.find((block) => block['@type'] === 'BreadcrumbList') as {
    itemListElement: { name: string }[];
  };
  expect(crumbs.itemListElement.map((i) => i.name)).toEqual([
    'Home',
    product.categoryName,
    product.title,
  ]);
});

test('the home page names the shop as an Organization, and every page links the manifest', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(jsonLdOf(html)).toContainEqual(
    expect.objectContaining({ '@type': 'Organization', name: 'Duka' }),
  );
  for (const path of ['/', '/products', '/products/2', '/about', '/cart', '/no-such-page']) {
    const page = await (await request.get(path)).text();
    expect(page, path).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  }
});

test('a rendered page asks for its code once it is parsed and its first pictures are in, its own route’s code preloaded (no chain)', async ({
  page,
  request,
}) => {
  for (const [path, chunk] of [
    ['/', 'home-route-'],
    ['/products', 'products-page-'],
    ['/products/1', 'product-detail-route-'],
  ] as const) {
    // The stylesheet is in the page: no request for it holds the first paint back.
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<style>[\s\S]{1000,}?<\/style>/);
    // No script asked for by tag: the page lists its code, for after its first paint.
    expect(html, path).not.toMatch(/<script type="module"|rel="modulepreload"/);

    await page.goto(path);
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await expect(
      page.locator(`link[rel="modulepreload"][href^="/assets/${chunk}"]`),
      path,
    ).toHaveCount(1);
    const when = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const firstPictures = Array.from(
        document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'),
      ).map((img) => resources.find((r) => r.name === img.currentSrc)?.responseEnd ?? 0);
      const code = resources.filter((r) => /^\/assets\/.+\.js$/.test(new URL(r.name).pathname));
      return {
        parsed: (navigation as PerformanceNavigationTiming).domContentLoadedEventStart,
        pictures: Math.max(0, ...firstPictures),
        code: Math.min(...code.map((r) => r.startTime)),
      };
    });
    // After the page was parsed and its first pictures came, or at the latest a second after it
    // was parsed (a picture that never ends).
    expect(when.code, path).toBeGreaterThanOrEqual(when.parsed);
    expect(when.code, path).toBeGreaterThanOrEqual(Math.min(when.pictures, when.parsed + 1000) - 1);
  }
});

test('an unknown product and an unknown address answer 404 with the not-found page', async ({
  request,
}) => {
  const product = await request.get('/products/999999');
  expect(product.status()).toBe(404);
  const productHtml = await product.text();
  expect(productHtml).toContain('Product not found');
  expect(productHtml).toContain('<meta name="robots" content="noindex" />');

  const route = await request.get('/no/such/page');
  expect(route.status()).toBe(404);
  expect(await route.text()).toContain('Page not found');

  // Known pages are still 200, and the API's own 404 stays JSON.
  expect((await request.get('/products')).status()).toBe(200);
  const api = await request.get('/api/no-such-call');
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toContain('application/json');
});

test('without JavaScript a shopper still sees the products, a product and its price', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /Mvule Hardwood/ })
      .first(),
  ).toBeVisible();

  await page.goto('/products/1');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Mvule Hardwood 6-Seater Dining Table' }),
  ).toBeVisible();
  await expect(page.getByText('Ksh 70,650').first()).toBeVisible();

  // A private page comes as the shop's frame: header and footer, its body drawn by the app.
  await page.goto('/checkout');
  await expect(page.getByRole('banner')).toContainText('Duka');
  await expect(page.getByRole('contentinfo')).toContainText('© 2024');
  await context.close();
});

// Hydration adopts the server's nodes; where the browser's render differs (two texts side by side
// that the server wrote as one, an empty string the server left out), Preact makes new nodes
// instead, each one work on a slow phone's busiest second: the filters' 131 options once cost 393
// new text nodes. Every node the server sent is marked before the code runs; after hydration,
// none may have been added.
test.describe('hydration keeps every node the server sent', () => {
  test.use({ serviceWorkers: 'block' });
  for (const path of [
    '/',
    '/sw',
    '/products',
    '/products?category=mens-shoes&option=Size:42',
    '/products/21',
  ]) {
    test(path, async ({ page }) => {
      let releaseCode!: () => void;
      const marked = new Promise<void>((resolve) => (releaseCode = resolve));
      await page.route(/\/assets\/.+\.js$/, async (route) => {
        await marked;
        await route.continue();
      });
      await page.mainFrame().goto(path, { waitUntil: 'domcontentloaded' });
      await page.evaluate(() => {
        const walker = document.createTreeWalker(document.getElementById('root')!);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          (node as Node & { fromServer?: true }).fromServer = true;
        }
      });
      releaseCode();
      await page.waitForSelector('html[data-hydrated]');
      const added = await page.evaluate(() => {
        const walker = document.createTreeWalker(document.getElementById('root')!);
        const found: string[] = [];
        const marked = (node: Node | null) => !!(node as { fromServer?: true } | null)?.fromServer;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (marked(node) || !marked(node.parentNode)) continue;
          const parent = node.parentElement!;
          found.push(
            `${node.nodeName} "${(node.textContent ?? '').slice(0, 30)}" in <${parent.nodeName} class="${parent.className}">`,
          );
        }
        return found;
      });
      expect(added).toEqual([]);
    });
  }
});

/** The page's layout shifts (CLS as Chrome counts it) from the first paint until now, and what moved. */
async function layoutShift(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: {
              node?: Node;
              previousRect: DOMRectReadOnly;
              currentRect: DOMRectReadOnly;
            }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const source of entry.sources ?? []) {
              const node = source.node as Element | undefined;
              const { previousRect: from, currentRect: to } = source;
              moved.push(
                `${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ` +
                  `<${node?.nodeName ?? '?'} class="${node?.getAttribute?.('class') ?? ''}"> ` +
                  `${from.x},${from.y} ${from.width}×${from.height} → ${to.x},${to.y} ${to.width}×${to.height}`,
              );
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ total, moved }), 300);
      }),
  );
}

for (const [name, viewport] of [
  ['a phone', { width: 360, height: 640 }],
  ['a desktop', { width: 1280, height: 800 }],
] as const) {
  test(`on ${name}, the home page, the products and a product page do not jump while loading`, async ({
    browser,
  }) => {
    // Pictures arrive after the first paint, as on a slow link or a busy host: the page must
    // have kept their room. (The service worker is kept out so every picture comes this way.)
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
    await context.route(/\/(images|uploads)\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    for (const path of ['/', '/products', '/products/1']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      const shift = await layoutShift(page);
      // What moved is in the message: a shift seen only on a busy CI host must say what it was.
      expect(shift.total, `CLS of ${path}:\n${shift.moved.join('\n')}`).toBeLessThanOrEqual(0.05);
    }
    // Hydration matched the server's HTML: React says so on the console when it does not.
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('the manifest makes the shop installable: name, colours, start page and icons that exist', async ({
  request,
}) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: expect.stringContaining('Duka'),
    short_name: 'Duka',
    start_url: '/',
    display: 'standalone',
    theme_color: '#047857',
  });
  const sizes = manifest.icons.map(
    (i: { sizes: string; purpose?: string }) => `${i.sizes} ${i.purpose ?? 'any'}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    // The PNG's own header says its size: width and height at bytes 16–23.
    const png = await image.body();
    const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(`${w}x${h}`).toBe(icon.sizes);
  }
});

test('offline, a page opened before still shows, and any other shows the offline page', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/about');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Once the worker controls the page, a visit goes through it and is kept.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.goto('/about');

  await context.setOffline(true);
  await page.goto('/faqs');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await page.goto('/about');
  await expect(
    page.getByRole('heading', { level: 1, name: 'More About the product' }),
  ).toBeVisible();
  await context.setOffline(false);
  await context.close();
});

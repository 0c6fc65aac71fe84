// What search engines read: robots.txt and the sitemaps (decision record 014). The sitemap index
// lists one file of the shop's pages and categories and the product files, each of at most
// `perFile` products cut by id range, so a file is one primary-key range scan however large the
// catalogue is.
import { LOCALES, pathInLocale, type Locale } from '@duka/domain/i18n/locale';
import type { Db } from '../db/client.ts';
import { categoryList, productsOfSitemap, sitemapFiles } from '../catalog/service.ts';

/** The shop's own pages (the web app's router): what a shopper reaches without logging in. */
export const SHOP_PAGES = [
  '/',
  '/products',
  '/toppicks',
  '/weeklyoffers',
  '/about',
  '/faqs',
  '/delivery',
  '/mpesa',
  '/paypal',
  '/payless',
  '/privacy',
  '/contact',
] as const;

/** Pages that are a person's own, forms, or the API: of no use in a search engine. */
export const PRIVATE_PATHS = [
  '/api/',
  '/dashboard',
  '/userprofile',
  '/checkout',
  '/cart',
  '/wishlist',
  '/excute-payment',
  '/ordercomplete',
  '/search',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/sandbox-pay/',
  '/mpesa-sandbox',
] as const;

/** The largest product id a sitemap file can hold (ids are PostgreSQL integers). */
const MAX_ID = 2_147_483_647;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    // Searches and sorted copies of the listings: endless variations of the same pages.
    'Disallow: /*?*q=',
    'Disallow: /*?*sort=',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
/** A page's other languages are named beside it (issue 37: hreflang in sitemaps). */
const URLSET = `<urlset ${NS} xmlns:xhtml="http://www.w3.org/1999/xhtml">`;

function entry(tag: 'url' | 'sitemap', loc: string, lastmod?: Date, extra = ''): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(loc)}</loc>${modified}${extra}</${tag}>\n`;
}

/** A page in one language, with the addresses of the page in each language. */
function pageEntry(origin: string, path: string, locale: Locale, lastmod?: Date): string {
  const link = (hreflang: string, l: Locale) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(origin + pathInLocale(path, l))}"/>`;
  const alternates = [...LOCALES.map((l) => link(l, l)), link('x-default', 'en')].join('');
  return entry('url', origin + pathInLocale(path, locale), lastmod, alternates);
}

/** The file names of a language's sitemaps: English's as before, Kiswahili's with 'sw-'. */
const prefixOf = (locale: Locale) => (locale === 'en' ? '' : `${locale}-`);

/** The sitemap index: per language, the pages file, then the product files that are not empty. */
export async function sitemapIndex(db: Db, origin: string, perFile: number): Promise<string> {
  const files = await sitemapFiles(db, perFile);
  const ofLocale = (locale: Locale) => {
    const prefix = prefixOf(locale);
    return (
      entry('sitemap', `${origin}/sitemaps/${prefix}pages.xml`) +
      files.map((n) => entry('sitemap', `${origin}/sitemaps/${prefix}products-${n}.xml`)).join('')
    );
  };
  return `${HEAD}<sitemapindex ${NS}>\n${LOCALES.map(ofLocale).join('')}</sitemapindex>\n`;
}

/** The shop's pages and a page per category that has products (/products?category=…). */
export async function pagesSitemap(db: Db, origin: string, locale: Locale = 'en'): Promise<string> {
  const categories = (await categoryList(db)).filter((c) => c.count > 0);
  const paths = [
    ...SHOP_PAGES,
    ...categories.map((c) => `/products?category=${encodeURIComponent(c.slug)}`),
  ];
  return `${HEAD}${URLSET}\n${paths.map((p) => pageEntry(origin, p, locale)).join('')}</urlset>\n`;
}

/** Product file `file`, or undefined when there is no such file (or it is empty). */
export async function productsSitemap(
  db: Db,
  origin: string,
  file: number,
  perFile: number,
  locale: Locale = 'en',
): Promise<string | undefined> {
  if (!Number.isSafeInteger(file) || file < 1 || (file - 1) * perFile + 1 > MAX_ID)
    return undefined;
  const rows = await productsOfSitemap(db, file, Math.min(perFile, MAX_ID));
  if (rows.length === 0) return undefined;
  const body = rows
    .map((r) => pageEntry(origin, `/products/${r.id}`, locale, r.updatedAt))
    .join('');
  return `${HEAD}${URLSET}\n${body}</urlset>\n`;
}

// robots.txt and the sitemaps, at the addresses search engines look for (outside /api).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@duka/domain';
import { notFound } from '../lib/http-error.ts';
import { pagesSitemap, productsSitemap, robotsTxt, sitemapIndex } from './service.ts';

const XML = 'application/xml; charset=utf-8';
/** Crawlers come back for these now and then; an hour old is fresh enough. */
const CACHE = 'public, max-age=3600';
/** English's files, and Kiswahili's with 'sw-' before the name (issue 37). */
const SITEMAP_FILE = /^(?:(sw)-)?(?:(pages)|products-(\d{1,9}))\.xml$/;

const text = z.string().describe('the document');
const fileParams = z.object({
  file: z
    .string()
    .max(40)
    .describe('pages.xml or products-N.xml; sw-pages.xml or sw-products-N.xml in Kiswahili'),
});

const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const perFile = app.config.SITEMAP_URLS_PER_FILE;
  /**
   * Absolute addresses from PUBLIC_URL, never from the request's Host header: these answers are
   * cached for an hour, and a forged Host must not end up in a cached sitemap.
   */
  const origin = (app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`).replace(
    /\/$/,
    '',
  );

  app.get(
    '/robots.txt',
    {
      schema: { tags: ['seo'], summary: 'What crawlers may read', response: { 200: text } },
    },
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .send(robotsTxt(origin)),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['seo'],
        summary: 'Sitemap index: the pages file and the product files',
        response: { 200: text },
      },
    },
    async (request, reply) =>
      reply
        .type(XML)
        .header('Cache-Control', CACHE)
        .send(await sitemapIndex(db, origin, perFile)),
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        tags: ['seo'],
        summary: `The shop's pages and categories (pages.xml), or products by id (products-N.xml)`,
        params: fileParams,
        response: { 200: text, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const match = SITEMAP_FILE.exec(file);
      const locale = match?.[1] === 'sw' ? 'sw' : 'en';
      const xml = !match
        ? undefined
        : match[2]
          ? await pagesSitemap(db, origin, locale)
          : await productsSitemap(db, origin, Number(match[3]), perFile, locale);
      if (xml === undefined) throw notFound(`The sitemap ${file}`);
      return reply.type(XML).header('Cache-Control', CACHE).send(xml);
    },
  );
};

export default seoRoutes;

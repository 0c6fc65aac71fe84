// Search beyond the listing: suggestions as one types (public) and the synonyms the admin keeps.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditOf } from '../../audit/trail.ts';
import { z } from 'zod';
import {
  apiErrorSchema,
  suggestionSchema,
  suggestQuerySchema,
  synonymListSchema,
  synonymsAnswerSchema,
  type Suggestion,
} from '@duka/domain';
import { SearchCache } from './result-cache.ts';
import { suggest } from './suggest.ts';
import { searchVersion, understandingOf } from './understanding.ts';
import { readSynonyms, saveSynonyms } from './synonyms.ts';

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // What is typed so far repeats from shopper to shopper: each instance reuses an answer briefly.
  const suggestions = new SearchCache<Suggestion[]>(app.config.SEARCH_CACHE_SECONDS * 1000);

  app.get(
    '/search/suggest',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Up to 8 categories, brands and products for what is typed so far',
        querystring: suggestQuerySchema,
        response: { 200: z.array(suggestionSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Shared caches may keep an answer briefly: it is the same for everyone.
      reply.header('cache-control', 'public, max-age=60');
      await understandingOf(db); // keeps the version fresh
      const key = `${searchVersion(db)} ${request.query.q.toLowerCase()}`;
      const cached = suggestions.get(key);
      if (cached) return cached;
      const found = await suggest(db, request.query.q);
      suggestions.set(key, found);
      return found;
    },
  );

  const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
    const tags = ['catalogue admin'];
    const security = [{ bearerAuth: [] }];
    const answer = async (saved: Awaited<ReturnType<typeof readSynonyms>>) => ({
      synonyms: saved.synonyms,
      built_in: saved.version === 0,
    });

    admin.get(
      '/admin/search/synonyms',
      {
        onRequest: admin.requirePermission('products.read'),
        schema: {
          tags,
          summary: 'The words search treats as meaning others (built in until first saved)',
          security,
          response: { 200: synonymsAnswerSchema },
        },
      },
      async () => answer(await readSynonyms(db)),
    );

    admin.put(
      '/admin/search/synonyms',
      {
        onRequest: admin.requirePermission('search.write'),
        schema: {
          tags,
          summary: 'Replace the synonyms; every instance applies them within a second',
          security,
          body: synonymListSchema,
          response: { 200: synonymsAnswerSchema, 400: apiErrorSchema },
        },
      },
      async (request) => answer(await saveSynonyms(db, request.body.synonyms, auditOf(request))),
    );
  };
  await app.register(adminRoutes);
};

export default searchRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc } from 'drizzle-orm';
import { adminListQuerySchema, adminReviewPageSchema, apiErrorSchema } from '@duka/domain';
import { reviews } from '../db/schema.ts';
import { toReview } from '../catalog/mappers.ts';

const reviewsAdmin: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/admin/reviews',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every review with the reviewer’s e-mail, newest first',
        security: [{ bearerAuth: [] }],
        querystring: adminListQuerySchema(6),
        response: { 200: adminReviewPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { limit, skip } = request.query;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(reviews)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(skip),
        db.select({ n: count() }).from(reviews),
      ]);
      return { reviews: rows.map(toReview), total: total?.n ?? 0, skip, limit };
    },
  );
};

export default reviewsAdmin;

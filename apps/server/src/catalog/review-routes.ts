// Writing a review (buyers only), the product page's "may I review this?", and the back office's
// hiding of a review. Whether someone bought a product is the orders domain's answer, handed in
// by app.ts (catalog never imports orders: orders imports catalog).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditOf } from '../audit/trail.ts';
import {
  apiErrorSchema,
  idParamSchema,
  reviewCreateSchema,
  reviewEligibilitySchema,
  reviewSchema,
  reviewVisibilitySchema,
} from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import {
  reviewEligibility,
  setReviewHidden,
  writeReview,
  type HasBought,
} from './reviews-service.ts';

const security = [{ bearerAuth: [] }];

const reviewRoutes: FastifyPluginAsyncZod<{ hasBought: HasBought }> = async (app, options) => {
  const deps = { db: app.database.db, hasBought: options.hasBought };

  app.post(
    '/reviews',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['catalogue'],
        summary: 'Review a product you bought (a paid order containing it); one review each',
        security,
        body: reviewCreateSchema,
        response: {
          201: reviewSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      return reply.code(201).send(await writeReview(deps, me, request.body));
    },
  );

  app.get(
    '/reviews/eligibility/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['catalogue'],
        summary: 'Whether you may review this product, and if not, why',
        security,
        params: idParamSchema,
        response: { 200: reviewEligibilitySchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => reviewEligibility(deps, currentUser(request).id, request.params.id),
  );

  app.patch(
    '/admin/reviews/:id',
    {
      onRequest: app.requirePermission('reviews.moderate'),
      schema: {
        tags: ['admin'],
        summary: 'Hide a review (or show it again); the product’s rating follows',
        security,
        params: idParamSchema,
        body: reviewVisibilitySchema,
        response: {
          200: reviewSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) =>
      setReviewHidden(deps.db, request.params.id, request.body.hidden, auditOf(request)),
  );
};

export default reviewRoutes;

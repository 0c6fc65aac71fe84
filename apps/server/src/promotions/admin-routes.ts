// The back office's Promotions (issue 36): coupon codes, automatic discounts and flash sales, with
// each one's uses, orders and revenue. Amounts in whole shillings, like the product API.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  idParamSchema,
  messageSchema,
  promotionInputSchema,
  promotionListQuerySchema,
  promotionPageSchema,
  promotionPatchSchema,
  promotionSchema,
} from '@duka/domain';
import { auditOf } from '../audit/trail.ts';
import {
  createPromotion,
  deletePromotion,
  getPromotion,
  listPromotions,
  updatePromotion,
} from './service.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

const promotionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/promotions',
    {
      onRequest: app.requirePermission('promotions.write'),
      schema: {
        tags,
        summary: 'The promotions, newest first, with their uses, paid orders and revenue',
        description:
          '`uses` counts uses made or reserved (an unpaid order holds its use until it expires); `orders` and `revenue` (Ksh) are the paid orders with it and what they came to.',
        security,
        querystring: promotionListQuerySchema,
        response: { 200: promotionPageSchema, ...errors },
      },
    },
    async (request) => listPromotions(db, request.query),
  );

  app.post(
    '/admin/promotions',
    {
      onRequest: app.requirePermission('promotions.write'),
      schema: {
        tags,
        summary: 'Add a promotion: a coupon code, an automatic discount or a flash sale',
        description:
          'Products, variants, categories and brands in `applies_to` must be in the catalogue (400 at the list naming the unknown ones). A code another promotion has, in any case, is refused with 409 at `fields.code`.',
        security,
        body: promotionInputSchema,
        response: { 201: promotionSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPromotion(db, request.body, auditOf(request))),
  );

  app.get(
    '/admin/promotions/:id',
    {
      onRequest: app.requirePermission('promotions.write'),
      schema: {
        tags,
        summary: 'One promotion, as the list shows it, with its uses, paid orders and revenue',
        description: 'A removed promotion is not found (404), as in the list.',
        security,
        params: idParamSchema,
        response: { 200: promotionSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => getPromotion(db, request.params.id),
  );

  app.patch(
    '/admin/promotions/:id',
    {
      onRequest: app.requirePermission('promotions.write'),
      schema: {
        tags,
        summary: 'Change a promotion (null clears a field); checked whole as it would be',
        security,
        params: idParamSchema,
        body: promotionPatchSchema,
        response: { 200: promotionSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => updatePromotion(db, request.params.id, request.body, auditOf(request)),
  );

  app.delete(
    '/admin/promotions/:id',
    {
      onRequest: app.requirePermission('promotions.write'),
      schema: {
        tags,
        summary: 'Remove a promotion; one that orders used is kept for their figures, unlisted',
        security,
        params: idParamSchema,
        response: { 200: messageSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      await deletePromotion(db, request.params.id, auditOf(request));
      return { message: 'Promotion removed' };
    },
  );
};

export default promotionsAdminRoutes;

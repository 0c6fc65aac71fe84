// POST and DELETE /api/cart/coupon (issue 36): the cart's coupon code. Here rather than in cart/,
// since both answer with checkout's summary of the cart (cart/ keeps the code, checkout/ prices it).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, checkoutSummarySchema } from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { applyCoupon, removeCoupon } from './coupon.ts';

const tags = ['cart'];
const security = [{ bearerAuth: [] }];

const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/cart/coupon',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "Apply a coupon code to your cart: body {code}, 1 to 40 letters, digits, dashes or underscores, any case. Answers the cart's summary with the discount, or 422 with why not ('This code has expired.'); 429 after too many wrong codes",
        security,
        // The body is read by the handler (couponInputSchema): a code that cannot be one is a
        // 422 'This code is not valid.', never the generic 400 of a schema.
        response: {
          200: checkoutSummarySchema,
          401: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) =>
      applyCoupon({ db, limits: app.limits }, currentUser(request).id, request.body, request.ip),
  );

  app.delete(
    '/cart/coupon',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Take the coupon code off your cart; answers the cart's summary",
        security,
        response: { 200: checkoutSummarySchema, 401: apiErrorSchema },
      },
    },
    async (request) => removeCoupon(db, currentUser(request).id),
  );
};

export default couponRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  CART_MESSAGES,
  messageSchema,
  productIdParamSchema,
  wishlistItemInputSchema,
  wishlistLineSchema,
} from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { wishlistOf } from '../cart/repo.ts';
import { addToWishlist, removeFromWishlist } from '../cart/service.ts';

const tags = ['wishlist'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/wishlist',
    {
      schema: {
        tags,
        summary: 'Your wishlist',
        security,
        response: { 200: z.array(wishlistLineSchema), 401: apiErrorSchema },
      },
    },
    async (request) => wishlistOf(db, currentUser(request).id),
  );

  app.post(
    '/wishlist',
    {
      schema: {
        tags,
        summary: 'Save a product for later (it leaves your cart); user_id sent is ignored',
        security,
        body: wishlistItemInputSchema,
        response: { 201: messageSchema.extend({ item: wishlistLineSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const item = await addToWishlist(db, currentUser(request).id, {
        productId: request.body.product_id,
        variantId: request.body.variant_id,
      });
      return reply.code(201).send({ message: CART_MESSAGES.addedToWishlist, item });
    },
  );

  app.delete(
    '/wishlist/:id',
    {
      schema: {
        tags,
        summary: 'Remove a product (by product id) from your wishlist',
        security,
        params: productIdParamSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await removeFromWishlist(db, currentUser(request).id, request.params.id);
      return { message: CART_MESSAGES.removedFromWishlist };
    },
  );
};

export default wishlistRoutes;

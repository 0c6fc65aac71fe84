import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  CART_MESSAGES,
  cartItemInputSchema,
  cartLineSchema,
  cartQuantitySchema,
  cartVariantQuerySchema,
  messageSchema,
  productIdParamSchema,
} from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { cartOf } from './repo.ts';
import * as cart from './service.ts';

const tags = ['cart'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const cap = app.config.MAX_UNITS_PER_LINE;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/cart',
    {
      schema: {
        tags,
        summary: 'Your cart, priced by the catalogue',
        security,
        response: { 200: z.array(cartLineSchema), 401: apiErrorSchema },
      },
    },
    async (request) => cartOf(db, currentUser(request).id, cap),
  );

  app.post(
    '/cart',
    {
      schema: {
        tags,
        summary:
          'Add a product (it leaves your wishlist), up to the stock and the per-line cap; price and user_id sent are ignored',
        security,
        body: cartItemInputSchema,
        response: { 201: messageSchema.extend({ item: cartLineSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const item = await cart.addToCart(
        db,
        currentUser(request).id,
        { productId: request.body.product_id, variantId: request.body.variant_id },
        request.body.quantity,
        cap,
      );
      return reply.code(201).send({ message: CART_MESSAGES.addedToCart, item });
    },
  );

  app.patch(
    '/cart/:id',
    {
      schema: {
        tags,
        summary:
          'Change the quantity of a product in your cart (1 up to the stock and the per-line cap); ?variant_id= says which line when the product has several',
        security,
        params: productIdParamSchema,
        querystring: cartVariantQuerySchema,
        body: cartQuantitySchema,
        response: { 200: messageSchema.extend({ item: cartLineSchema }), ...errors },
      },
    },
    async (request) => ({
      message: 'Quantity updated',
      item: await cart.setCartQuantity(
        db,
        currentUser(request).id,
        { productId: request.params.id, variantId: request.query.variant_id },
        request.body.quantity,
        cap,
      ),
    }),
  );

  app.delete(
    '/cart/:id',
    {
      schema: {
        tags,
        summary:
          'Remove a product (by product id) from your cart: the line of ?variant_id=, or every line of the product',
        security,
        params: productIdParamSchema,
        querystring: cartVariantQuerySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await cart.removeFromCart(db, currentUser(request).id, {
        productId: request.params.id,
        variantId: request.query.variant_id,
      });
      return { message: CART_MESSAGES.removedFromCart };
    },
  );
};

export default cartRoutes;

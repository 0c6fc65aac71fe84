// GET/POST/PATCH/DELETE /api/addresses: the shopper's saved delivery addresses.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressInputSchema,
  addressPatchSchema,
  addressSchema,
  apiErrorSchema,
  idParamSchema,
  messageSchema,
} from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { addAddress, listAddresses, removeAddress, updateAddress } from './service.ts';

const tags = ['addresses'];
const security = [{ bearerAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/addresses',
    {
      schema: {
        tags,
        summary: 'Your saved addresses, the default first',
        security,
        response: { 200: z.array(addressSchema), 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return listAddresses(db, currentUser(request).id);
    },
  );

  app.post(
    '/addresses',
    {
      schema: {
        tags,
        summary: 'Save an address (the first is the default; `is_default` makes this one it)',
        security,
        body: addressInputSchema,
        response: { 201: addressSchema, 422: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addAddress(db, currentUser(request).id, request.body)),
  );

  app.patch(
    '/addresses/:id',
    {
      schema: {
        tags,
        summary: 'Change one of your addresses, or make it the default',
        security,
        params: idParamSchema,
        body: addressPatchSchema,
        response: { 200: addressSchema, ...errors },
      },
    },
    async (request) => updateAddress(db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/addresses/:id',
    {
      schema: {
        tags,
        summary: 'Remove one of your addresses',
        security,
        params: idParamSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await removeAddress(db, currentUser(request).id, request.params.id);
      return { message: 'Address removed' };
    },
  );
};

export default addressRoutes;

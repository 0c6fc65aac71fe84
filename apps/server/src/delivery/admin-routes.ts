// The back office's Delivery screen: county fees and days one by one or several at once, and the
// pickup points.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditOf } from '../audit/trail.ts';
import { z } from 'zod';
import {
  apiErrorSchema,
  countyBulkUpdateSchema,
  countyCodeParamSchema,
  countyUpdateSchema,
  deliveryCountySchema,
  messageSchema,
  pickupPointIdParamSchema,
  pickupPointInputSchema,
  pickupPointPatchSchema,
  pickupPointSchema,
} from '@duka/domain';
import { createPickupPoint, deletePickupPoint, updatePickupPoint } from './pickup-points.ts';
import { countyView, updateCounties } from './counties.ts';
import { listPickupPoints } from './pickup-points.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

const deliveryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.patch(
    '/admin/delivery/counties/:code',
    {
      onRequest: app.requirePermission('delivery.write'),
      schema: {
        tags,
        summary: "Change one county's delivery fee, days or pay on delivery",
        security,
        params: countyCodeParamSchema,
        body: countyUpdateSchema,
        response: { 200: deliveryCountySchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const [county] = await updateCounties(
        db,
        [request.params.code],
        request.body,
        auditOf(request),
      );
      return countyView(county!);
    },
  );

  app.patch(
    '/admin/delivery/counties',
    {
      onRequest: app.requirePermission('delivery.write'),
      schema: {
        tags,
        summary: 'Make the same change to several counties at once (all or none)',
        security,
        body: countyBulkUpdateSchema,
        response: { 200: z.array(deliveryCountySchema), ...errors },
      },
    },
    async (request) => {
      const { codes, ...change } = request.body;
      return (await updateCounties(db, codes, change, auditOf(request))).map(countyView);
    },
  );

  app.get(
    '/admin/pickup-points',
    {
      onRequest: app.requirePermission('orders.read'),
      schema: {
        tags,
        summary: 'Every pickup point, closed ones included',
        security,
        response: { 200: z.array(pickupPointSchema), ...errors },
      },
    },
    async () => listPickupPoints(db, { activeOnly: false }),
  );

  app.post(
    '/admin/pickup-points',
    {
      onRequest: app.requirePermission('delivery.write'),
      schema: {
        tags,
        summary: 'Add a pickup point',
        security,
        body: pickupPointInputSchema,
        response: { 201: pickupPointSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPickupPoint(db, request.body, auditOf(request))),
  );

  app.patch(
    '/admin/pickup-points/:id',
    {
      onRequest: app.requirePermission('delivery.write'),
      schema: {
        tags,
        summary: 'Change a pickup point (active: false closes it to new orders)',
        security,
        params: pickupPointIdParamSchema,
        body: pickupPointPatchSchema,
        response: { 200: pickupPointSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => updatePickupPoint(db, request.params.id, request.body, auditOf(request)),
  );

  app.delete(
    '/admin/pickup-points/:id',
    {
      onRequest: app.requirePermission('delivery.write'),
      schema: {
        tags,
        summary: 'Remove a pickup point; orders keep their copy of its address',
        security,
        params: pickupPointIdParamSchema,
        response: { 200: messageSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      await deletePickupPoint(db, request.params.id, auditOf(request));
      return { message: 'Pickup point removed' };
    },
  );
};

export default deliveryAdminRoutes;

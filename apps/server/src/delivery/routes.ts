// What shoppers read about delivery: every county's fee and days, and the open pickup points.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  deliveryCountySchema,
  pickupPointQuerySchema,
  pickupPointSchema,
} from '@duka/domain';
import { allCounties, countyView } from './counties.ts';
import { listPickupPoints } from './pickup-points.ts';

const tags = ['delivery'];

const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/delivery/counties',
    {
      schema: {
        tags,
        summary: "Kenya's 47 counties with their delivery fee, days and pay on delivery",
        response: { 200: z.array(deliveryCountySchema) },
      },
    },
    async () => (await allCounties(db)).map(countyView),
  );

  app.get(
    '/delivery/pickup-points',
    {
      schema: {
        tags,
        summary: 'The open pickup points, of one county when `county` (code or name) is given',
        querystring: pickupPointQuerySchema,
        response: { 200: z.array(pickupPointSchema), 400: apiErrorSchema },
      },
    },
    async (request) => listPickupPoints(db, { county: request.query.county, activeOnly: true }),
  );
};

export default deliveryRoutes;

import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  cancelPaymentSchema,
  checkoutDetailsSchema,
  checkoutSummarySchema,
  createPaymentBodySchema,
  createPaymentResponseSchema,
  executePaymentQuerySchema,
  messageSchema,
  mpesaStartedSchema,
  paymentInfoSchema,
  shippingSchema,
  summaryQuerySchema,
} from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { quoteDelivery } from '../delivery/quote.ts';
import { languageOf } from '../lib/language.ts';
import { publicBaseUrl } from '../lib/public-url.ts';
import { cancelPayment, executePayment } from '../payments/capture.ts';
import { findDetails, saveDetails } from './repo.ts';
import * as checkout from './service.ts';
import couponRoutes from './coupon-routes.ts';

const tags = ['checkout'];
const executedSchema = z.object({ message: z.string(), order_id: z.number().int() });
const security = [{ bearerAuth: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(couponRoutes);
  const deps: checkout.CheckoutDeps = {
    db,
    payments: app.payments,
    paymentTimeoutMinutes: app.config.ORDER_PAYMENT_TIMEOUT_MINUTES,
    maxUnitsPerLine: app.config.MAX_UNITS_PER_LINE,
  };

  app.get(
    '/checkout/details',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'What you entered in the checkout steps so far',
        security,
        response: { 200: checkoutDetailsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const row = await findDetails(db, currentUser(request).id);
      return {
        name: row?.name ?? null,
        street_address: row?.streetAddress ?? null,
        apartment_number: row?.apartmentNumber ?? null,
        city: row?.city ?? null,
        zip_code: row?.zipCode ?? null,
        email: row?.email ?? null,
        county: row?.countyCode ?? null,
        phone: row?.phone ?? null,
        delivery: row?.delivery === 'pickup' ? ('pickup' as const) : ('home' as const),
        pickup_point_id: row?.pickupPointId ?? null,
        kra_pin: row?.kraPin ?? null,
        business_name: row?.businessName ?? null,
      };
    },
  );

  app.get(
    '/checkout/summary',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Your cart priced by the shop: items, shipping, discounts, VAT and total',
        description:
          'Delivered as saved in step 1; or, with `delivery` (and `county`, or `pickup_point_id`), as that choice would be, nothing saved: step 1 shows the fee and any delivery discount for the county as it is chosen. An unknown or closed point is a 400 at `pickup_point_id`.',
        security,
        querystring: summaryQuerySchema,
        response: { 200: checkoutSummarySchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) =>
      checkout.summary(db, currentUser(request).id, new Date(), undefined, request.query),
  );

  app.post(
    '/shipping',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Checkout step 1: the shipping address, and where and how it is delivered',
        description:
          "SPEC's payload, plus optionally `county` (code or name: its fee and days then apply and the zip code is optional), " +
          "`phone`, and `delivery: 'pickup'` with `pickup_point_id` (an open point: its fee, its county's days).",
        security,
        body: shippingSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      const pickup = b.delivery === 'pickup';
      const choice = {
        countyCode: b.county ?? null,
        delivery: pickup ? 'pickup' : 'home',
        pickupPointId: pickup ? (b.pickup_point_id ?? null) : null,
      };
      // An unknown or closed point is refused here, with the field to correct.
      await quoteDelivery(db, choice);
      await saveDetails(db, currentUser(request).id, {
        name: b.name,
        streetAddress: b.street_address,
        apartmentNumber: b.apartment_number || null,
        city: b.city,
        zipCode: b.zip_code || null,
        countyCode: choice.countyCode,
        phone: b.phone ?? null,
        delivery: choice.delivery,
        pickupPointId: choice.pickupPointId,
      });
      return { message: 'Shipping address saved' };
    },
  );

  app.post(
    '/payment',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Checkout step 2: the e-mail for the payment, and a business buyer’s KRA PIN',
        description:
          'Optionally `kra_pin` (A or P, nine digits, a letter) and `business_name`: the tax invoice then names the business and carries its PIN (custTin). Blank or absent clears them.',
        security,
        body: paymentInfoSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const { email, kra_pin: kraPin, business_name: businessName } = request.body;
      await saveDetails(db, currentUser(request).id, { email, kraPin, businessName });
      return { message: 'Payment information saved' };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/create-payment',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Make an order from your cart, reserve its stock and start the payment',
        description:
          'The amount is computed by the server from the cart; anything else the browser sends (order_total…) is ignored. ' +
          'Without `method` (or with `paypal`) it answers 200 with the link to the payment page. ' +
          "With `method: 'mpesa'` it sends a payment request to `phone` (a Kenyan mobile number: 07…, 01…, +2547…, 2547…; the profile's phone when left out) " +
          'and answers 202: follow the payment at GET /api/payments/{paymentId}. ' +
          "With `method: 'mpesa_paybill'` it answers 202 with `paybill`: the business number, the account number (the order number) and the amount to pay from the M-Pesa menu. " +
          "With `method: 'pay_on_delivery'` it confirms the order to be paid when delivered (202 with `pay_on_delivery: true`), where the order's county offers it up to its maximum; else 422 saying why. " +
          'With `order_id` it pays that open order of yours again instead of making a new one from the cart (404 if it is not yours, 409 ORDER_NOT_PAYABLE if it no longer awaits payment), asking for what it still owes. ' +
          'Without it, an order of yours awaiting payment that is exactly what the cart would make now (the same lines, variants, quantities and prices, delivered the same way to the same address) is paid instead of a new one; a different cart makes a new order and gives the old one up. ' +
          'A phone that is not a Kenyan mobile number is a 400 naming `fields.phone`; M-Pesa refusing the request a 422; M-Pesa not answering a 503.',
        security,
        body: createPaymentBodySchema,
        response: {
          200: createPaymentResponseSchema,
          202: mpesaStartedSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const started = await checkout.createPayment(
        deps,
        currentUser(request).id,
        {
          method: request.body?.method,
          phone: request.body?.phone,
          orderId: request.body?.order_id,
          language: languageOf(request),
        },
        publicBaseUrl(app.config, request),
      );
      if (started.kind === 'redirect') {
        return {
          payment_link: started.link,
          order_id: started.orderId,
          paymentId: started.paymentId,
        };
      }
      return reply.code(202).send({
        order_id: started.orderId,
        paymentId: started.paymentId,
        status: 'pending' as const,
        ...(started.kind === 'on-delivery' ? { pay_on_delivery: true as const } : {}),
        ...(started.kind !== 'on-delivery' && started.sandboxPhoneUrl
          ? { sandbox_phone_url: started.sandboxPhoneUrl }
          : {}),
        ...(started.kind === 'instructions' ? { paybill: started.paybill } : {}),
      });
    },
  );

  app.get(
    '/execute-payment',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Complete a payment you approved; repeating it is harmless',
        description:
          'Answers 202 while another return of the same payment is being captured: ask again shortly.',
        security,
        querystring: executePaymentQuerySchema,
        response: {
          200: executedSchema,
          202: executedSchema,
          402: apiErrorSchema,
          502: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { orderId, processing } = await executePayment(
        app.payments,
        currentUser(request).id,
        request.query.paymentId,
        request.query.PayerID,
      );
      if (processing) {
        return reply.code(202).send({ message: 'Payment processing', order_id: orderId });
      }
      return { message: 'Payment completed', order_id: orderId };
    },
  );

  app.post(
    '/cancel-payment',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'You left the payment page without paying: release the reserved stock now',
        security,
        body: cancelPaymentSchema,
        response: { 200: z.object({ cancelled: z.boolean() }), ...errors },
      },
    },
    async (request) => ({
      cancelled: await cancelPayment(app.payments, currentUser(request).id, request.body.paymentId),
    }),
  );
};

export default checkoutRoutes;

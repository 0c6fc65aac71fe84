// The sandbox provider's own payment page (outside /api: the browser is sent here).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findByProviderId, orderLinesOf } from '../../repo.ts';
import { SANDBOX_CSS, sandboxPageHtml } from './page.ts';
import type { SandboxProvider } from './provider.ts';

const params = z.object({ paymentId: z.string().min(1).max(100) });

export const sandboxPaymentPage =
  (provider: SandboxProvider): FastifyPluginAsyncZod =>
  async (app) => {
    const db = app.database.db;
    const hide = { hide: true };
    // The page's plain HTML forms post application/x-www-form-urlencoded; they carry no fields.
    app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
      done(null, {}),
    );

    const findPayment = (paymentId: string) => findByProviderId(db, 'sandbox', paymentId);

    app.get('/sandbox-pay/assets/sandbox.css', { schema: hide }, async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(SANDBOX_CSS),
    );

    app.get('/sandbox-pay/:paymentId', { schema: { ...hide, params } }, async (request, reply) => {
      const payment = await findPayment(request.params.paymentId);
      if (!payment) return reply.code(404).type('text/plain').send('No such payment.');
      const lines = await orderLinesOf(db, payment.orderId);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          sandboxPageHtml({
            paymentId: payment.providerPaymentId,
            orderId: payment.orderId,
            amountCents: payment.amountCents,
            status: payment.status,
            lines,
          }),
        );
    });

    app.post(
      '/sandbox-pay/:paymentId/approve',
      { schema: { ...hide, params } },
      async (request, reply) => {
        const id = request.params.paymentId;
        const payment = await findPayment(id);
        if (payment?.status !== 'created') {
          return reply.redirect(`/sandbox-pay/${encodeURIComponent(id)}`, 303);
        }
        const payerId = provider.payerIdFor(id);
        // Back to the shop exactly as PayPal returns: /excute-payment?paymentId=…&PayerID=…
        return reply.redirect(
          `/excute-payment?paymentId=${encodeURIComponent(id)}&PayerID=${encodeURIComponent(payerId)}`,
          303,
        );
      },
    );

    app.post(
      '/sandbox-pay/:paymentId/cancel',
      { schema: { ...hide, params } },
      async (request, reply) =>
        reply.redirect(
          `/cart?payment=cancelled&paymentId=${encodeURIComponent(request.params.paymentId)}`,
          303,
        ),
    );
  };

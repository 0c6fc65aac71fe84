// The back office's M-Pesa screens: payments that matched no order (assigning one to its order,
// refunding it by B2C or closing it with a note), the M-PESA statement's reconciliation, and the
// Paybill/Till URLs' registration with Daraja.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditOf } from '../../../audit/trail.ts';
import { currentUser } from '../../../auth/plugin.ts';
import { z } from 'zod';
import {
  adminListQuerySchema,
  apiErrorSchema,
  c2bRegistrationSchema,
  mpesaAssignSchema,
  refundSchema,
  statementReconciliationSchema,
  unmatchedCloseSchema,
  unmatchedPaymentPageSchema,
  unmatchedRefundSchema,
} from '@duka/domain';
import { badRequest, HttpError, notFound, unprocessable } from '../../../lib/http-error.ts';
import { paged } from '../../../lib/paged.ts';
import { toRefund } from '../../refunds/admin-routes.ts';
import type { RefundRow } from '../../refunds/repo.ts';
import { refundUnmatched } from './unmatched-refunds.ts';
import { assignUnmatched, type C2bRow } from './paid-in.ts';
import { closeUnmatched, countUnmatched, latestRefundsOf, unmatchedRows } from './unmatched.ts';
import { reconcileStatement, StatementError } from './statement.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
/** A statement export of a busy month is a few megabytes. */
const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

const toUnmatched = (row: C2bRow, refund: RefundRow | undefined) => ({
  trans_id: row.transId,
  amount: row.amountCents,
  bill_ref: row.billRef,
  name: row.payerName,
  received_at: (row.paidAt ?? row.receivedAt).toISOString(),
  source: row.source,
  note: row.note,
  refunded: row.refundedCents,
  refund: refund ? toRefund(refund) : null,
});

const transIdParams = z.object({ transId: z.string().trim().min(1).max(20) });

const mpesaAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const p = app.payments;
  await app.register(multipart, { limits: { fileSize: STATEMENT_MAX_BYTES, files: 1 } });
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    // Bytes, not a string: decoding here would turn bytes that are not UTF-8 into U+FFFD unseen.
    { parseAs: 'buffer', bodyLimit: STATEMENT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/admin/mpesa/unmatched',
    {
      onRequest: app.requirePermission('payments.read'),
      schema: {
        tags,
        summary: 'M-Pesa payments that matched no order, newest first',
        security,
        querystring: adminListQuerySchema(20),
        response: { 200: unmatchedPaymentPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const page = await paged(
        'payments',
        request.query,
        unmatchedRows(p.db),
        countUnmatched(p.db),
        (row) => row,
      );
      const refunds = await latestRefundsOf(
        p.db,
        page.payments.map((row) => row.id),
      );
      return {
        ...page,
        payments: page.payments.map((row) => toUnmatched(row, refunds.get(row.id))),
      };
    },
  );

  app.post(
    '/admin/mpesa/unmatched/:transId/refund',
    {
      onRequest: app.requirePermission('payments.refund'),
      schema: {
        tags,
        summary: 'Give an unmatched M-Pesa payment back: all of it or part, by B2C',
        description:
          'Amounts in cents, whole shillings (all that is left by default). Sent to the phone it came from by M-Pesa B2C, or recorded as given back by hand with `reference`; no credit note (nothing was sold). Answered 202 with the refund as it stands (requested, sent, confirmed or failed with M-Pesa’s words); a failed one is tried again at POST /api/admin/refunds/{id}/retry. 404 when it is not an open unmatched payment; 409 NOTHING_TO_REFUND, REFUND_TOO_LARGE or REFUND_IN_PROGRESS; 422 REFUND_BY_HAND (its phone is not known, or M-Pesa refunds cannot be sent) or MPESA_WHOLE_SHILLINGS.',
        security,
        params: transIdParams,
        body: unmatchedRefundSchema,
        response: {
          202: refundSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const transId = request.params.transId.toUpperCase();
      const refund = await refundUnmatched(p, {
        transId,
        amountCents: request.body.amount,
        reason: request.body.reason,
        manualReference: request.body.reference,
        requestedBy: currentUser(request).id,
      });
      await auditOf(request).record(p.db, {
        action: 'payment.unmatched.refund',
        entity: 'mpesa_c2b',
        entityId: refund.c2bId,
        after: {
          mpesa_receipt: transId,
          refund_id: refund.id,
          amount_cents: refund.amountCents,
          method: refund.method,
          reason: refund.reason,
          status: refund.status,
          reference: refund.reference,
        },
      });
      return reply.code(202).send(toRefund(refund));
    },
  );

  app.post(
    '/admin/mpesa/unmatched/:transId/close',
    {
      onRequest: app.requirePermission('payments.refund'),
      schema: {
        tags,
        summary: 'Close an unmatched M-Pesa payment with a note: it needs nothing more',
        description:
          'For money dealt with another way (given back by hand, a test payment). It leaves the list to assign and can no longer pay an order. 404 when it is not an open unmatched payment; 409 REFUND_IN_PROGRESS while a refund of it is on its way.',
        security,
        params: transIdParams,
        body: unmatchedCloseSchema,
        response: {
          200: z.object({ trans_id: z.string(), closed: z.literal(true), note: z.string() }),
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      closeUnmatched(
        p,
        request.params.transId.toUpperCase(),
        request.body.note,
        currentUser(request).id,
        auditOf(request),
      ),
  );

  app.post(
    '/admin/mpesa/unmatched/:transId/assign',
    {
      onRequest: app.requirePermission('payments.collect'),
      schema: {
        tags,
        summary: 'Apply an unmatched M-Pesa payment to an order awaiting payment',
        description:
          'By the same rules as a confirmation: the exact amount pays it, less pays part of it, more pays it and flags the rest to be given back.',
        security,
        params: z.object({ transId: z.string().trim().min(1).max(20) }),
        body: mpesaAssignSchema,
        response: {
          200: z.object({ order_id: z.number().int(), status: z.enum(['paid', 'partly-paid']) }),
          400: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const applied = await assignUnmatched(
        p,
        request.params.transId.toUpperCase(),
        request.body.order_id,
        {
          notFound: () => notFound(`An unmatched payment ${request.params.transId}`),
          notPayable: (reason) =>
            unprocessable(`It cannot pay that order: ${reason}.`, 'NOT_PAYABLE'),
        },
        auditOf(request),
      );
      if (applied.kind === 'unmatched') throw unprocessable(applied.reason, 'NOT_PAYABLE');
      return { order_id: applied.orderId, status: applied.kind };
    },
  );

  app.post(
    '/admin/mpesa/statement',
    {
      onRequest: app.requirePermission('payments.collect'),
      schema: {
        tags,
        summary: "Reconcile the M-PESA statement (the organisation portal's CSV export)",
        description:
          'Body `text/csv`, or multipart with the file in `file`. Receipts the shop never heard of become unmatched payments; importing the same file again changes nothing. A cell with a control character (NUL…) or bytes that are not UTF-8 refuses the whole file: 400, naming its line and column.',
        security,
        response: { 200: statementReconciliationSchema, 400: apiErrorSchema, 413: apiErrorSchema },
      },
    },
    async (request) => {
      let csv: Buffer;
      if (request.isMultipart()) {
        // A malformed form (no parts, a broken boundary) is the sender's fault, not ours.
        const file = await request.file().catch(() => undefined);
        if (!file || file.fieldname !== 'file') throw badRequest('Attach the statement as `file`.');
        csv = await file.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new HttpError(413, 'TOO_LARGE', 'The statement is larger than 10 MB.');
          }
          throw badRequest('The statement could not be read.');
        });
      } else if (Buffer.isBuffer(request.body)) {
        csv = request.body;
      } else {
        throw badRequest('Send the statement as text/csv, or as a file.');
      }
      try {
        const outcome = await reconcileStatement(p, csv);
        // The upload is recorded once reconciled (what it changed is in the payments' own rows).
        await auditOf(request).record(p.db, {
          action: 'payment.statement.upload',
          entity: 'mpesa_statement',
          entityId: null,
          after: { bytes: csv.length },
        });
        return outcome;
      } catch (err) {
        if (err instanceof StatementError) throw badRequest(err.message);
        if (err instanceof Error && 'code' in err && String(err.code).startsWith('CSV_')) {
          throw badRequest(`The statement could not be read: ${err.message}`);
        }
        throw err;
      }
    },
  );

  const registration = () =>
    p.providers.all().find((provider) => provider.registration)?.registration;

  app.get(
    '/admin/mpesa/registration',
    {
      onRequest: app.requirePermission('payments.read'),
      schema: {
        tags,
        summary: "Whether Daraja knows where to send the Paybill/Till's payments",
        security,
        response: { 200: c2bRegistrationSchema },
      },
    },
    async () => {
      const current = registration();
      return current
        ? current.current(p.db)
        : {
            status: 'sandbox' as const,
            message: '',
            lastAttemptAt: null,
            nextAttemptAt: null,
            registeredAt: null,
          };
    },
  );

  app.post(
    '/admin/mpesa/registration',
    {
      onRequest: app.requirePermission('settings.write'),
      schema: {
        tags,
        summary: 'Register the Paybill/Till URLs with Daraja again, now',
        security,
        response: { 200: c2bRegistrationSchema },
      },
    },
    async (request) => {
      await auditOf(request).record(p.db, {
        action: 'payment.c2b_registration.request',
        entity: 'mpesa_registration',
        entityId: null,
      });
      const current = registration();
      if (!current) {
        return {
          status: 'sandbox' as const,
          message: 'The built-in M-Pesa sandbox needs no registration.',
          lastAttemptAt: null,
          nextAttemptAt: null,
          registeredAt: null,
        };
      }
      return current.ensure(
        { db: p.db, publicUrl: p.publicUrl, secret: p.c2bSecret, log: p.log },
        { force: true },
      );
    },
  );
};

export default mpesaAdminRoutes;

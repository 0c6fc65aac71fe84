// The back office's Invoices screen (issue 23): every invoice and credit note with its state at
// KRA (pending, sent, failed with KRA's message), a retry once the cause is fixed, and the device.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditOf } from '../audit/trail.ts';
import {
  adminInvoicePageSchema,
  adminInvoiceQuerySchema,
  adminInvoiceSchema,
  apiErrorSchema,
  etimsDeviceSchema,
  idParamSchema,
  type AdminInvoice,
} from '@duka/domain';
import { conflict, found } from '../lib/http-error.ts';
import { paged } from '../lib/paged.ts';
import * as repo from './repo.ts';

function toAdminInvoice(row: repo.InvoiceRow): AdminInvoice {
  return {
    id: row.id,
    order_id: row.orderId,
    kind: row.kind as 'S' | 'R',
    invoice_no: row.invoiceNo,
    original_invoice_no: row.originalNo,
    status: row.status as AdminInvoice['status'],
    total: row.source?.totalCents ?? null,
    attempts: row.attempts,
    last_error: row.lastError,
    result_code: row.resultCd,
    result_message: row.resultMsg,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    sandbox: row.sandbox,
  };
}

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const invoicesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/invoices',
    {
      onRequest: app.requirePermission('invoices.read'),
      schema: {
        tags,
        summary: 'Tax invoices and credit notes, newest number first, with their state at KRA',
        security,
        querystring: adminInvoiceQuerySchema,
        response: { 200: adminInvoicePageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { status, ...page } = request.query;
      const { rows, total } = repo.listInvoices(db, status);
      return paged('invoices', page, rows, total, toAdminInvoice);
    },
  );

  app.post(
    '/admin/invoices/:id/retry',
    {
      onRequest: app.requirePermission('invoices.write'),
      schema: {
        tags,
        summary: 'Send a failed invoice again, with the same number, once its cause is fixed',
        security,
        params: idParamSchema,
        response: {
          200: adminInvoiceSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const requeued = await db.transaction(async (tx) => {
        const row = await repo.requeue(tx, id, new Date());
        if (row) {
          await auditOf(request).record(tx, {
            action: 'invoice.retry',
            entity: 'invoice',
            entityId: id,
            before: { status: 'failed' },
            after: { status: 'pending' },
          });
        }
        return row;
      });
      if (!requeued) {
        found(await repo.invoiceById(db, id), `The invoice ${id}`);
        throw conflict('This invoice was already accepted by KRA.', 'ALREADY_SENT');
      }
      await app.invoices.send();
      return toAdminInvoice((await repo.invoiceById(db, id))!);
    },
  );

  app.get(
    '/admin/invoices/device',
    {
      onRequest: app.requirePermission('invoices.read'),
      schema: {
        tags,
        summary: "The eTIMS device: KRA's or the built-in sandbox, and whether it is initialised",
        security,
        response: { 200: etimsDeviceSchema },
      },
    },
    async () => {
      const { trader, mode } = app.invoices;
      const device = await repo.deviceOf(db, trader.bhfId);
      const current = device && device.sandbox === (mode === 'sandbox') ? device : undefined;
      return {
        mode,
        pin: trader.tin,
        branch: trader.bhfId,
        initialised: current !== undefined,
        sdc_id: current?.sdcId ?? null,
        mrc_no: current?.mrcNo ?? null,
        initialised_at: current?.initialisedAt.toISOString() ?? null,
      };
    },
  );
};

export default invoicesAdminRoutes;

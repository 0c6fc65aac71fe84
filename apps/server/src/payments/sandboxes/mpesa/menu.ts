// The built-in M-Pesa sandbox's menu (no Daraja credentials): 'Lipa na M-Pesa' to the shop's Paybill
// or Till, as a shopper does it on the phone. Paying builds Daraja's confirmation body and hands it
// to the same code Daraja's confirmations take, so the whole flow works on a laptop. Plain HTML
// forms, no script, the phone's stylesheet: it passes the shop's Content-Security-Policy.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatKsh } from '@duka/domain';
import { receiveConfirmation, noteOfConfirmation } from '../../mpesa/c2b/paid-in.ts';
import { nairobiTimestamp } from '../../mpesa/daraja/credentials.ts';
import { findByProviderId } from '../../repo.ts';
import type { PaybillProvider } from '../../mpesa/c2b/provider.ts';
import { escape, sandboxScreen } from './page.ts';

export const sandboxMenuUrl = (paymentId: string) =>
  `/mpesa-sandbox/menu/${encodeURIComponent(paymentId)}`;

interface MenuPage {
  kind: 'paybill' | 'till';
  businessNumber: string;
  accountNumber: string;
  amountShillings: number;
  action: string;
  done: { receipt: string; note: string } | null;
}

function menuHtml(page: MenuPage): string {
  const field = (label: string, name: string, value: string, extra = '') =>
    `<label>${label}<input name="${name}" value="${escape(value)}" ${extra}></label>`;
  const body = page.done
    ? `<p class="result paid" role="status">You paid to DUKA. M-Pesa code ${escape(page.done.receipt)}.</p>
  <p class="muted">${escape(page.done.note)}</p>
  <p class="muted">You can close this page and go back to the shop.</p>`
    : `<p class="prompt">Lipa na M-Pesa · ${page.kind === 'till' ? 'Buy Goods and Services' : 'Pay Bill'}</p>
  <form method="post" action="${escape(page.action)}" class="menu">
    ${field(page.kind === 'till' ? 'Till number' : 'Business number', 'business', page.businessNumber, 'readonly')}
    ${page.kind === 'till' ? '' : field('Account number', 'account', page.accountNumber, 'required maxlength="20"')}
    ${field('Amount (Ksh)', 'amount', String(page.amountShillings), 'required inputmode="numeric" pattern="[0-9]{1,7}"')}
    <button class="pin" type="submit">Send</button>
  </form>`;
  return sandboxScreen('M-Pesa sandbox menu', body);
}

const formSchema = z.object({
  account: z.string().max(20).optional(),
  amount: z.coerce.number().int().min(1).max(1_000_000),
});

/** A receipt shaped like M-Pesa's: ten capitals and digits. */
const sandboxReceipt = () =>
  `SB${randomBytes(8)
    .toString('hex')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 8)}`;

export function sandboxMenuRoutes(
  provider: PaybillProvider,
  kind: 'paybill' | 'till',
  businessNumber: string,
): FastifyPluginAsyncZod {
  return async (app) => {
    const hide = { hide: true };
    const params = z.object({ paymentId: z.string().min(1).max(100) });
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const find = (paymentId: string) => findByProviderId(app.database.db, provider.name, paymentId);

    app.get(
      '/mpesa-sandbox/menu/:paymentId',
      { schema: { ...hide, params } },
      async (request, reply) => {
        const payment = await find(request.params.paymentId);
        if (!payment) return reply.code(404).type('text/plain').send('No such payment.');
        const balance = Math.max(0, payment.amountCents - payment.receivedCents);
        const receipt =
          typeof (request.query as { paid?: unknown }).paid === 'string'
            ? (request.query as { paid: string }).paid
            : null;
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(
            menuHtml({
              kind,
              businessNumber,
              accountNumber: String(payment.orderId),
              amountShillings: Math.ceil(balance / 100),
              action: sandboxMenuUrl(payment.providerPaymentId),
              done: receipt
                ? {
                    receipt,
                    note:
                      balance > 0 ? `${formatKsh(balance)} still to pay.` : 'The order is paid.',
                  }
                : null,
            }),
          );
      },
    );

    app.post(
      '/mpesa-sandbox/menu/:paymentId',
      { schema: { ...hide, params } },
      async (request, reply) => {
        const page = sandboxMenuUrl(request.params.paymentId);
        const form = formSchema.safeParse(request.body);
        if (!form.success) return reply.redirect(page, 303);
        const receipt = sandboxReceipt();
        const now = new Date();
        const outcome = await receiveConfirmation(
          app.payments,
          JSON.stringify({
            TransactionType: kind === 'till' ? 'Buy Goods' : 'Pay Bill',
            TransID: receipt,
            TransTime: nairobiTimestamp(now),
            TransAmount: `${form.data.amount}.00`,
            BusinessShortCode: businessNumber,
            BillRefNumber: kind === 'till' ? '' : (form.data.account ?? ''),
            InvoiceNumber: '',
            OrgAccountBalance: '',
            ThirdPartyTransID: '',
            MSISDN: '254700000000',
            FirstName: 'Sandbox',
            MiddleName: '',
            LastName: 'Shopper',
          }),
          true,
        );
        request.log.info({ receipt, note: noteOfConfirmation(outcome) }, 'sandbox Paybill payment');
        return reply.redirect(`${page}?paid=${encodeURIComponent(receipt)}`, 303);
      },
    );
  };
}

// A stand-in for KRA's eTIMS OSCU interface on 127.0.0.1 (issue 23), speaking its documented
// protocol: a client-credentials token from the gateway with HTTP Basic consumerKey:consumerSecret;
// every OSCU call a POST of JSON with the bearer token and the `tin` and `bhfId` headers (and
// `cmcKey` once the device is initialised); every answer {resultCd, resultMsg, resultDt, data},
// resultCd '000' meaning success. It checks what KRA checks that matters to us: the device, the
// communication key, items registered before their first sale, invoice numbers never reused,
// that an invoice's lines and totals add up (each line's qty × prc less its discount dcAmt, at
// its rate dcRt, is its taxable amount and its total; those add up to the invoice's totals), and
// that a credit note names a sale invoice it signed and, with that invoice's other credit notes,
// never gives back more than it sold. Tests make it fail (5xx), answer slowly or with something
// that is not JSON. Never imported by production code.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EtimsCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

type Json = Record<string, unknown>;

const TAX_TYPES = ['A', 'B', 'C', 'D', 'E'] as const;

export class EtimsStandIn {
  readonly calls: EtimsCall[] = [];
  readonly items = new Map<string, Json>();
  readonly invoices = new Map<number, Json>();
  /** The next answers are HTTP 500 (an outage at KRA). */
  failNext = 0;
  /** Milliseconds to wait before answering (a slow gateway; a caller that gives up is dropped). */
  delayMs = 0;
  /** The next answers are an HTML page with status 200, not JSON (a proxy in the way). */
  htmlNext = 0;
  private readonly token = `etims-token-${Math.random().toString(36).slice(2)}`;
  /** The communication key init hands out (tests check the shop never stores it in clear). */
  readonly cmcKey = `CMC${Math.random().toString(36).slice(2).toUpperCase()}`;
  /** The next invoice is refused with this code and message (a figure KRA does not accept). */
  refuseNext: { resultCd: string; resultMsg: string } | null = null;
  private initialised = false;
  private receipts = 0;
  private server: http.Server | undefined;
  private port = 0;

  constructor(
    readonly credentials = { consumerKey: 'etims-key', consumerSecret: 'etims-secret' },
    readonly device = { tin: 'P051234567X', bhfId: '00', dvcSrlNo: 'DUKA-ONLINE-01' },
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/etims-api`;
  }

  get tokenUrl(): string {
    return `http://127.0.0.1:${this.port}/oauth2/v1/generate?grant_type=client_credentials`;
  }

  /** The control unit's id, as init answers it. */
  readonly sdcId = 'KRACU0100000001';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  callsTo(path: string): EtimsCall[] {
    return this.calls.filter((c) => c.path === path);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://x');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    this.calls.push({ path: url.pathname.replace('/etims-api', ''), headers: req.headers, body });
    if (this.delayMs) {
      // A slow gateway holds the request; when the caller gives up first, KRA never sees it.
      let gone = false;
      res.on('close', () => (gone = true));
      await new Promise((r) => setTimeout(r, this.delayMs));
      if (gone) return;
    }
    if (this.failNext > 0) {
      this.failNext--;
      return send(res, 500, { message: 'Internal Server Error' });
    }
    if (this.htmlNext > 0) {
      this.htmlNext--;
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>Bad gateway</body></html>');
    }
    if (url.pathname === '/oauth2/v1/generate') return this.issueToken(req, res);
    if (req.headers.authorization !== `Bearer ${this.token}`) {
      return send(res, 401, { error: 'invalid_token' });
    }
    const { tin, bhfid } = req.headers;
    if (tin !== this.device.tin || bhfid !== this.device.bhfId) {
      return answer(res, '901', 'It is not valid device.', null);
    }
    const path = url.pathname.replace('/etims-api/', '');
    const b = (body ?? {}) as Json;
    if (path === 'selectInitOsdcInfo') return this.init(res, b);
    if (req.headers.cmckey !== this.cmcKey) {
      return answer(res, '902', 'The communication key is not valid.', null);
    }
    if (path === 'saveItem') return this.saveItem(res, b);
    if (path === 'saveTrnsSalesOsdc') return this.saveSale(res, b);
    return send(res, 404, { message: 'Not Found' });
  }

  private issueToken(req: http.IncomingMessage, res: http.ServerResponse) {
    const expected = Buffer.from(
      `${this.credentials.consumerKey}:${this.credentials.consumerSecret}`,
    ).toString('base64');
    if (req.headers.authorization !== `Basic ${expected}`) {
      return send(res, 401, { error: 'invalid_client' });
    }
    return send(res, 200, { access_token: this.token, expires_in: '3599' });
  }

  private init(res: http.ServerResponse, b: Json) {
    if (b.tin !== this.device.tin || b.dvcSrlNo !== this.device.dvcSrlNo) {
      return answer(res, '901', 'It is not valid device.', null);
    }
    const info = { cmcKey: this.cmcKey, sdcId: this.sdcId, mrcNo: 'WIS01000001' };
    // KRA answers a second initialisation of the same device with 902 and its details again.
    if (this.initialised) return answer(res, '902', 'This device is installed.', { info });
    this.initialised = true;
    return answer(res, '000', 'It is succeeded', { info });
  }

  private saveItem(res: http.ServerResponse, b: Json) {
    const code = String(b.itemCd ?? '');
    if (!/^[A-Z]{2}\d[A-Z]{2}[A-Z]{2}\d{7}$/.test(code)) {
      return answer(res, '899', `Invalid item code: ${code}`, null);
    }
    if (!TAX_TYPES.includes(b.taxTyCd as (typeof TAX_TYPES)[number])) {
      return answer(res, '899', 'Invalid tax type.', null);
    }
    this.items.set(code, b);
    return answer(res, '000', 'It is succeeded', null);
  }

  private saveSale(res: http.ServerResponse, b: Json) {
    if (this.refuseNext) {
      const { resultCd, resultMsg } = this.refuseNext;
      this.refuseNext = null;
      return answer(res, resultCd, resultMsg, null);
    }
    const invcNo = Number(b.invcNo);
    if (!Number.isInteger(invcNo) || invcNo < 1) return answer(res, '899', 'Invalid invcNo.', null);
    if (this.invoices.has(invcNo)) {
      return answer(res, '924', `Invoice number ${invcNo} was already sent.`, null);
    }
    const lines = (b.itemList ?? []) as Json[];
    for (const line of lines) {
      if (!this.items.has(String(line.itemCd))) {
        return answer(res, '921', `Item ${String(line.itemCd)} is not registered.`, null);
      }
    }
    const problem = totalsProblem(b, lines);
    if (problem) return answer(res, '899', problem, null);
    if (b.rcptTyCd === 'R') {
      const refused = this.creditNoteProblem(b);
      if (refused) return answer(res, '910', `Request parameter error: ${refused}`, null);
    }
    this.invoices.set(invcNo, b);
    this.receipts++;
    return answer(res, '000', 'It is succeeded', {
      curRcptNo: this.receipts,
      totRcptNo: this.receipts,
      intrlData: `INTRL${String(invcNo).padStart(8, '0')}DATA`,
      rcptSign: `SIGN${String(invcNo).padStart(12, '0')}`,
      sdcDateTime: '20261124120000',
    });
  }

  /**
   * What KRA refuses about a credit note: it must name a sale invoice this device signed, say when
   * and why (rfdDt, rfdRsnCd), and with the earlier credit notes of that invoice never give back
   * more than it sold, in all, per tax type or per item.
   */
  private creditNoteProblem(b: Json): string | null {
    const original = this.invoices.get(Number(b.orgInvcNo));
    if (!original || original.rcptTyCd !== 'S') {
      return `orgInvcNo ${String(b.orgInvcNo)} is not a sale invoice of this device.`;
    }
    if (!/^\d{14}$/.test(String(b.rfdDt))) return 'rfdDt is not a date and time (YYYYMMDDhhmmss).';
    if (!CREDIT_NOTE_REASONS.includes(String(b.rfdRsnCd))) return 'rfdRsnCd is not a reason code.';
    const sold = amountsOf(original);
    const credited = new Map<string, number>();
    const earlier = [...this.invoices.values()].filter(
      (i) => i.rcptTyCd === 'R' && Number(i.orgInvcNo) === Number(b.orgInvcNo),
    );
    for (const note of [...earlier, b]) {
      for (const [key, n] of amountsOf(note)) credited.set(key, (credited.get(key) ?? 0) + n);
    }
    for (const [key, n] of credited) {
      if (n > (sold.get(key) ?? 0)) {
        return `the credit notes of invoice ${String(b.orgInvcNo)} exceed it (${key}).`;
      }
    }
    return null;
  }
}

const cents = (n: unknown) => Math.round(Number(n) * 100);

/** KRA's credit note reasons (rfdRsnCd): missing quantity, data; damaged, wasted; shortage; refund. */
const CREDIT_NOTE_REASONS = ['01', '02', '03', '04', '05', '06'];

/** An invoice's amounts that credit notes may not exceed: in all, per tax type, per item. */
function amountsOf(b: Json): Map<string, number> {
  const amounts = new Map<string, number>([['total', cents(b.totAmt)]]);
  const add = (key: string, n: number) => amounts.set(key, (amounts.get(key) ?? 0) + n);
  for (const type of TAX_TYPES) {
    add(`taxblAmt${type}`, cents(b[`taxblAmt${type}`]));
    add(`taxAmt${type}`, cents(b[`taxAmt${type}`]));
  }
  for (const line of (b.itemList ?? []) as Json[])
    add(`item ${String(line.itemCd)}`, cents(line.totAmt));
  return amounts;
}

/**
 * What KRA would refuse about one line: its supply is qty × prc (prc is to the cent, so within half
 * a cent a unit); less the discount dcAmt, which is dcRt % of the supply (the rate to two places),
 * it is the taxable amount, which is the line's total (lines are VAT-inclusive).
 */
function lineProblem(line: Json, seq: number): string | null {
  const qty = Number(line.qty);
  const supply = cents(line.splyAmt);
  const discount = cents(line.dcAmt ?? 0);
  const rate = Number(line.dcRt ?? 0);
  if (!(qty > 0)) return `Line ${seq}: qty is not valid.`;
  if (Math.abs(qty * cents(line.prc) - supply) > Math.max(1, Math.ceil(qty / 2))) {
    return `Line ${seq}: splyAmt is not qty × prc.`;
  }
  if (!(discount >= 0 && discount <= supply) || !(rate >= 0 && rate <= 100)) {
    return `Line ${seq}: the discount is not valid.`;
  }
  if (Math.abs((supply * rate) / 100 - discount) > supply * 0.00005 + 1) {
    return `Line ${seq}: dcAmt is not dcRt of splyAmt.`;
  }
  if (cents(line.taxblAmt) !== supply - discount) {
    return `Line ${seq}: taxblAmt is not splyAmt less dcAmt.`;
  }
  if (cents(line.totAmt) !== cents(line.taxblAmt)) return `Line ${seq}: totAmt is not taxblAmt.`;
  if (cents(line.taxAmt) < 0 || cents(line.taxAmt) > cents(line.taxblAmt)) {
    return `Line ${seq}: taxAmt is not valid.`;
  }
  return null;
}

/** What KRA would refuse about an invoice's figures, or null when they add up. */
function totalsProblem(b: Json, lines: Json[]): string | null {
  if (Number(b.totItemCnt) !== lines.length) return 'totItemCnt is not the number of lines.';
  for (const [i, line] of lines.entries()) {
    const problem = lineProblem(line, i + 1);
    if (problem) return problem;
  }
  for (const type of TAX_TYPES) {
    const ofType = lines.filter((l) => l.taxTyCd === type);
    const taxable = ofType.reduce((s, l) => s + cents(l.taxblAmt), 0);
    const tax = ofType.reduce((s, l) => s + cents(l.taxAmt), 0);
    if (Math.abs(cents(b[`taxblAmt${type}`]) - taxable) > 1)
      return `taxblAmt${type} does not add up.`;
    if (Math.abs(cents(b[`taxAmt${type}`]) - tax) > 1) return `taxAmt${type} does not add up.`;
  }
  const total = lines.reduce((s, l) => s + cents(l.totAmt), 0);
  if (Math.abs(cents(b.totAmt) - total) > 1) return 'totAmt does not add up.';
  const taxable = lines.reduce((s, l) => s + cents(l.taxblAmt), 0);
  if (Math.abs(cents(b.totTaxblAmt) - taxable) > 1) return 'totTaxblAmt does not add up.';
  const taxTotal = TAX_TYPES.reduce((s, t) => s + cents(b[`taxAmt${t}`]), 0);
  if (Math.abs(cents(b.totTaxAmt) - taxTotal) > 1) return 'totTaxAmt does not add up.';
  return null;
}

function answer(res: http.ServerResponse, resultCd: string, resultMsg: string, data: unknown) {
  send(res, 200, { resultCd, resultMsg, resultDt: '20261124120000', data });
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The shop's settings for this stand-in: what a test app needs to send it invoices. */
export function etimsEnv(kra: EtimsStandIn): Record<string, string> {
  return {
    ETIMS_API_BASE: kra.baseUrl,
    ETIMS_TOKEN_URL: kra.tokenUrl,
    ETIMS_CONSUMER_KEY: kra.credentials.consumerKey,
    ETIMS_CONSUMER_SECRET: kra.credentials.consumerSecret,
    ETIMS_TIN: kra.device.tin,
    ETIMS_DEVICE_SERIAL: kra.device.dvcSrlNo,
  };
}

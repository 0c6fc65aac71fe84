// KRA's eTIMS OSCU interface (issue 23): a client-credentials token from the gateway (HTTP Basic
// consumerKey:consumerSecret), then JSON POSTs carrying the token and the `tin`, `bhfId` and, once
// the device is initialised, `cmcKey` headers. Every answer is read into a tagged outcome, never
// thrown: 'ok' (resultCd '000'), 'refused' (any other resultCd, with KRA's message, to show and
// fix), 'unavailable' (a 5xx, a timeout, a refused token, something that is not JSON: safe to try
// again with the same invoice number). What was sent and answered comes back to be kept.
import { ClientCredentialsToken, type IssuedToken } from '../lib/oauth-token.ts';

export interface EtimsConfig {
  /** The OSCU base, e.g. https://etims-api-sbx.kra.go.ke/etims-api */
  apiBase: string;
  /** The gateway's token URL (client credentials). */
  tokenUrl: string;
  consumerKey: string;
  consumerSecret: string;
  tin: string;
  bhfId: string;
  deviceSerial: string;
  timeoutMs: number;
}

export interface Exchange {
  path: string;
  request: unknown;
  answer: string | null;
}

export type EtimsOutcome<T> =
  | { kind: 'ok'; resultMsg: string; data: T; exchange: Exchange }
  | { kind: 'refused'; resultCd: string; resultMsg: string; exchange: Exchange }
  | { kind: 'unavailable'; reason: string; exchange: Exchange };

export interface DeviceInfo {
  cmcKey: string;
  sdcId: string;
  mrcNo: string;
}

export interface SaleReceipt {
  curRcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  sdcDateTime: string;
}

/** KRA answers a second initialisation of an installed device with 902 and its details again. */
const ALREADY_INSTALLED = '902';

/** What the sender needs of eTIMS: KRA's OSCU, or the built-in sandbox. */
export interface EtimsPort {
  /** 'kra' for the real thing; receipts of the sandbox are not tax invoices. */
  readonly mode: 'kra' | 'sandbox';
  initialise(): Promise<EtimsOutcome<DeviceInfo>>;
  /** The communication key kept from an earlier initialisation. */
  useKey(cmcKey: string): void;
  saveItem(item: Record<string, unknown>): Promise<EtimsOutcome<null>>;
  saveSale(invoice: Record<string, unknown>): Promise<EtimsOutcome<SaleReceipt>>;
}

export class EtimsClient implements EtimsPort {
  readonly mode = 'kra';

  private readonly token: ClientCredentialsToken;

  constructor(
    private readonly config: EtimsConfig,
    /** The communication key from initialisation, kept by the shop (encrypted at rest). */
    private cmcKey: string | null = null,
  ) {
    this.token = new ClientCredentialsToken(() => this.requestToken());
  }

  /** Initialises the device once; the same details come back if it already was. */
  async initialise(): Promise<EtimsOutcome<DeviceInfo>> {
    const body = {
      tin: this.config.tin,
      bhfId: this.config.bhfId,
      dvcSrlNo: this.config.deviceSerial,
    };
    const outcome = await this.post<{ info?: DeviceInfo }>('selectInitOsdcInfo', body, [
      ALREADY_INSTALLED,
    ]);
    if (outcome.kind !== 'ok') return outcome;
    const info = outcome.data?.info;
    if (!info?.cmcKey) {
      return {
        kind: 'unavailable',
        reason: 'no device details in the answer',
        exchange: outcome.exchange,
      };
    }
    this.cmcKey = info.cmcKey;
    return { ...outcome, data: info };
  }

  useKey(cmcKey: string): void {
    this.cmcKey = cmcKey;
  }

  saveItem(item: Record<string, unknown>): Promise<EtimsOutcome<null>> {
    return this.post('saveItem', item);
  }

  saveSale(invoice: Record<string, unknown>): Promise<EtimsOutcome<SaleReceipt>> {
    return this.post('saveTrnsSalesOsdc', invoice);
  }

  private async requestToken(): Promise<IssuedToken> {
    const basic = Buffer.from(`${this.config.consumerKey}:${this.config.consumerSecret}`).toString(
      'base64',
    );
    const res = await fetch(this.config.tokenUrl, {
      headers: { authorization: `Basic ${basic}` },
      signal: AbortSignal.timeout(this.config.timeoutMs),
    });
    if (!res.ok)
      throw new Error(`the eTIMS gateway refused the token request (HTTP ${res.status})`);
    const json = (await res.json()) as { access_token?: string; expires_in?: string | number };
    if (!json.access_token) throw new Error('the eTIMS gateway answered no token');
    return { value: json.access_token, expiresInSeconds: Number(json.expires_in ?? 3600) };
  }

  private async post<T>(
    path: string,
    body: unknown,
    alsoOk: readonly string[] = [],
  ): Promise<EtimsOutcome<T>> {
    const exchange: Exchange = { path, request: body, answer: null };
    let token: string;
    try {
      token = await this.token.get();
    } catch (err) {
      return { kind: 'unavailable', reason: errorText(err), exchange };
    }
    let res: Response;
    try {
      res = await fetch(`${this.config.apiBase}/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          tin: this.config.tin,
          bhfId: this.config.bhfId,
          ...(this.cmcKey ? { cmcKey: this.cmcKey } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      exchange.answer = await res.text();
    } catch (err) {
      return { kind: 'unavailable', reason: errorText(err), exchange };
    }
    if (res.status === 401) this.token.drop();
    if (!res.ok) return { kind: 'unavailable', reason: `HTTP ${res.status}`, exchange };
    let json: { resultCd?: unknown; resultMsg?: unknown; data?: unknown };
    try {
      json = JSON.parse(exchange.answer) as typeof json;
    } catch {
      return { kind: 'unavailable', reason: 'the answer is not JSON', exchange };
    }
    const resultCd = String(json.resultCd ?? '');
    const resultMsg = String(json.resultMsg ?? '');
    if (resultCd === '000' || alsoOk.includes(resultCd)) {
      return { kind: 'ok', resultMsg, data: json.data as T, exchange };
    }
    if (!resultCd) return { kind: 'unavailable', reason: 'the answer has no resultCd', exchange };
    return { kind: 'refused', resultCd, resultMsg, exchange };
  }
}

function errorText(err: unknown): string {
  if (err instanceof Error && err.name === 'TimeoutError') return 'eTIMS did not answer in time';
  return err instanceof Error ? err.message : String(err);
}

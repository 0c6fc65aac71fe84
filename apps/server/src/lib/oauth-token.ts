// An OAuth 2 client-credentials token, as PayPal, Daraja and KRA's eTIMS gateway hand them out:
// asked for once, shared by concurrent callers, kept until shortly before it expires, and dropped
// when the provider says it no longer knows it. One per client; how to ask is the client's business.

/** Tokens are renewed this long before the provider says they expire, so none dies in flight. */
const REFRESH_MARGIN_MS = 60_000;

export interface IssuedToken {
  value: string;
  expiresInSeconds: number;
}

export class ClientCredentialsToken {
  private token: { value: string; refreshAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly request: () => Promise<IssuedToken>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The current token, or a new one (concurrent callers share one request). */
  get(): Promise<string> {
    if (this.token && this.now() < this.token.refreshAt) return Promise.resolve(this.token.value);
    this.pending ??= this.renew().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** The provider refused the token: the next `get` asks for a new one. */
  drop(): void {
    this.token = null;
  }

  /** The token held now, to be masked wherever a body or a log line could carry it. */
  get current(): string | null {
    return this.token?.value ?? null;
  }

  private async renew(): Promise<string> {
    const issued = await this.request();
    const lifetimeMs = issued.expiresInSeconds * 1000;
    const refreshAt = this.now() + lifetimeMs - Math.min(REFRESH_MARGIN_MS, lifetimeMs / 2);
    this.token = { value: issued.value, refreshAt };
    return issued.value;
  }
}

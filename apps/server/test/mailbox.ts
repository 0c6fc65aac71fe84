// A real SMTP server on the loopback interface (npm smtp-server) for tests: it keeps what it
// receives, and can be stopped and started again on the same port to play an outage.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  user: string | undefined;
  raw: string;
  headers: Map<string, string>;
  /** The decoded text part. */
  text: string;
  /** The decoded HTML part, when there is one. */
  html: string | undefined;
}

export interface MailboxOptions {
  /** user → password; without it log-in is optional and anything goes. */
  users?: Record<string, string>;
  /** Recipients ending so are refused with 550. */
  refuseDomain?: string;
  onConnect?: () => void;
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitPart(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  return { headers: parseHeaders(raw.slice(0, split)), body: raw.slice(split + 4) };
}

const clean = (text: string) => text.replace(/\r\n$/, '').replace(/\r\n/g, '\n');

/** Headers (names in lower case, folded lines joined), the text part and the HTML part. */
export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'text' | 'html'> {
  const { headers, body } = splitPart(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (!type.startsWith('multipart/') || !boundary) {
    return {
      headers,
      text: clean(decode(body, headers.get('content-transfer-encoding'))),
      html: undefined,
    };
  }
  let text = '';
  let html: string | undefined;
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const part = splitPart(chunk.replace(/^\r\n/, ''));
    const decoded = clean(decode(part.body, part.headers.get('content-transfer-encoding')));
    const partType = part.headers.get('content-type') ?? '';
    if (partType.startsWith('text/plain')) text = decoded;
    if (partType.startsWith('text/html')) html = decoded;
  }
  return { headers, text, html };
}

export class Mailbox {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  constructor(private readonly options: MailboxOptions = {}) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Starts listening: on a free port the first time, on the same port after a stop. */
  async start(): Promise<this> {
    if (this.server) return this;
    const { users, refuseDomain, onConnect } = this.options;
    const server = new SMTPServer({
      authOptional: !users,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // An outage in a test starts at once: open (pooled) connections are dropped, not awaited.
      closeTimeout: 50,
      onConnect: (_session, callback) => {
        onConnect?.();
        callback();
      },
      onAuth: (auth, _session, callback) => {
        if (users && users[auth.username ?? ''] === auth.password) {
          return callback(null, { user: auth.username });
        }
        // Echoes what it was sent, as a careless server might, so scrubbing has something to do.
        callback(
          Object.assign(new Error(`No login for ${auth.username}:${auth.password ?? ''}`), {
            responseCode: 535,
          }),
        );
      },
      onRcptTo: (address, _session, callback) => {
        if (refuseDomain && address.address.endsWith(refuseDomain)) {
          return callback(
            Object.assign(new Error(`Mailbox ${address.address} does not exist`), {
              responseCode: 550,
            }),
          );
        }
        callback();
      },
      onData: (stream, session, callback) => {
        this.collect(stream, session).then(() => callback(), callback);
      },
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
    return this;
  }

  /** Stops listening (an outage): connections are refused until start() again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The mails sent to one address. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.rcptTo.includes(address));
  }

  clear(): void {
    this.received.length = 0;
  }

  private collect(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    return new Promise((resolve, reject) => {
      stream.on('error', reject);
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        const raw = Buffer.concat(chunks).toString('utf8');
        this.received.push({
          mailFrom: mailFrom ? mailFrom.address : '',
          rcptTo: rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw,
          ...parseMail(raw),
        });
        resolve();
      });
    });
  }
}

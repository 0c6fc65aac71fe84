// A stand-in for Africa's Talking's SMS API on 127.0.0.1, speaking its documented protocol:
// POST /version1/messaging with a form-encoded username, to (comma-separated), message and from,
// the API key in the apiKey header; it answers 201 with SMSMessageData.Recipients, one per
// number, each with its statusCode (101 Success; 403 InvalidPhoneNumber, 405 InsufficientBalance…)
// and 401 for a wrong key. Tests make it refuse numbers or fail outright. Never imported by
// production code.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  username: string;
  to: string;
  message: string;
  from: string | undefined;
}

const STATUS: Record<number, string> = {
  101: 'Success',
  403: 'InvalidPhoneNumber',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
};

export class AfricasTalkingStandIn {
  readonly received: ReceivedSms[] = [];
  /** Numbers answered with this status code instead of 101. */
  readonly refuse = new Map<string, number>();
  /** Answer the next requests with HTTP 500, as during an outage. */
  failNext = 0;
  private server: http.Server | undefined;
  private port = 0;

  constructor(
    readonly username = 'sandbox',
    readonly apiKey = 'atsk_test_0123456789abcdef',
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  to(number: string): ReceivedSms[] {
    return this.received.filter((r) => r.to === number);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/version1/messaging') return send(404, 'Not found');
      if (req.headers.apikey !== this.apiKey) {
        res.writeHead(401, { 'content-type': 'text/plain' });
        return res.end('The supplied authentication is invalid');
      }
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return send(415, 'Unsupported content type');
      }
      if (this.failNext > 0) {
        this.failNext--;
        return send(500, 'Internal Server Error');
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const username = form.get('username') ?? '';
      const message = form.get('message') ?? '';
      const numbers = (form.get('to') ?? '').split(',').filter(Boolean);
      if (username !== this.username || !message || numbers.length === 0) {
        return send(400, 'Request is missing required form field');
      }
      const recipients = numbers.map((number, i) => {
        const statusCode = this.refuse.get(number) ?? 101;
        if (statusCode === 101) {
          this.received.push({
            username,
            to: number,
            message,
            from: form.get('from') ?? undefined,
          });
        }
        return {
          statusCode,
          number,
          status: STATUS[statusCode] ?? 'Failed',
          cost: statusCode === 101 ? 'KES 0.8000' : '0',
          messageId: statusCode === 101 ? `ATXid_${this.received.length}${i}` : 'None',
        };
      });
      const sent = recipients.filter((r) => r.statusCode === 101).length;
      send(201, {
        SMSMessageData: {
          Message: `Sent to ${sent}/${numbers.length} Total Cost: KES ${(sent * 0.8).toFixed(4)}`,
          Recipients: recipients,
        },
      });
    });
  }
}

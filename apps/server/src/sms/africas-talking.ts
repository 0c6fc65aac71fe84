// Text messages through Africa's Talking's SMS API: POST {base}/version1/messaging, form-encoded
// username, to, message and from, the API key in the apiKey header. The answer lists each
// recipient with a statusCode: 100 (processed), 101 (sent) and 102 (queued) mean it was taken.

export const AT_SANDBOX_BASE = 'https://api.sandbox.africastalking.com';
export const AT_LIVE_BASE = 'https://api.africastalking.com';

export interface AfricasTalkingOptions {
  username: string;
  apiKey: string;
  /** An approved sender id or short code; the account's default when absent. */
  senderId?: string | undefined;
  /** The sandbox for the username 'sandbox', otherwise the live API. */
  baseUrl?: string | undefined;
  timeoutMs?: number;
}

export interface SmsDelivery {
  to: string;
  text: string;
}

/** The gateway did not take the message. The text never holds the API key. */
export class SmsError extends Error {
  readonly code = 'SMS_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'SmsError';
  }
}

const TAKEN = new Set([100, 101, 102]);

interface AtAnswer {
  SMSMessageData?: {
    Message?: string;
    Recipients?: { statusCode?: number; status?: string; number?: string; messageId?: string }[];
  };
}

export function baseUrlFor(username: string, configured?: string): string {
  return (configured ?? (username === 'sandbox' ? AT_SANDBOX_BASE : AT_LIVE_BASE)).replace(
    /\/+$/,
    '',
  );
}

export function createAfricasTalkingSms(options: AfricasTalkingOptions) {
  const url = `${baseUrlFor(options.username, options.baseUrl)}/version1/messaging`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const scrub = (text: string) => text.split(options.apiKey).join('***').slice(0, 500);
  return {
    async send(sms: SmsDelivery): Promise<{ messageId: string | undefined }> {
      const form = new URLSearchParams({
        username: options.username,
        to: sms.to,
        message: sms.text,
      });
      if (options.senderId) form.set('from', options.senderId);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            apiKey: options.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new SmsError(scrub(`Africa's Talking unreachable: ${(err as Error).message}`));
      }
      const raw = await response.text();
      if (!response.ok) {
        throw new SmsError(scrub(`Africa's Talking answered ${response.status}: ${raw}`));
      }
      let answer: AtAnswer;
      try {
        answer = JSON.parse(raw) as AtAnswer;
      } catch {
        throw new SmsError(scrub(`Africa's Talking answered something that is not JSON: ${raw}`));
      }
      const recipient = answer.SMSMessageData?.Recipients?.[0];
      if (!recipient || !TAKEN.has(recipient.statusCode ?? 0)) {
        const why = recipient
          ? `${recipient.statusCode} ${recipient.status}`
          : (answer.SMSMessageData?.Message ?? 'no recipient in the answer');
        throw new SmsError(scrub(`Africa's Talking refused the message: ${why}`));
      }
      return { messageId: recipient.messageId };
    },
  };
}

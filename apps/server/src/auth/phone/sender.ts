// How a code reaches the phone: by SMS through Africa's Talking when AT_USERNAME and AT_API_KEY
// are set. Without them, outside production, the code is written to the log (one line with the
// number and the code) so the sign-in can be tried; in production phone sign-in is off. The SMS
// is sent while the request waits, not through the outbox: a code is only worth anything for 5
// minutes, the outbox would keep it in its table, and the person should hear at once if the SMS
// could not go.
import type { FastifyBaseLogger } from 'fastify';
import { phoneCodeSms } from '@duka/domain';
import type { Locale } from '@duka/domain/i18n/locale';
import type { Config } from '../../config.ts';
import { createAfricasTalkingSms } from '../../sms/africas-talking.ts';

export interface CodeSender {
  /** Throws (SmsError) when the gateway did not take the message. */
  send(phone: string, code: string, language: Locale): Promise<void>;
}

/** Whether codes can reach phones: the answer of GET /api/login/phone and the settings. */
export function phoneSignInAvailable(config: Config): boolean {
  return Boolean(config.AT_USERNAME && config.AT_API_KEY) || config.NODE_ENV !== 'production';
}

/** The sender this configuration allows; undefined when phone sign-in is off. */
export function codeSenderFor(config: Config, log: FastifyBaseLogger): CodeSender | undefined {
  if (config.AT_USERNAME && config.AT_API_KEY) {
    const sms = createAfricasTalkingSms({
      username: config.AT_USERNAME,
      apiKey: config.AT_API_KEY,
      senderId: config.AT_SENDER_ID,
      baseUrl: config.AT_API_BASE,
    });
    return {
      send: async (phone, code, language) => {
        await sms.send({ to: phone, text: phoneCodeSms(code, language) });
      },
    };
  }
  if (config.NODE_ENV === 'production') return undefined;
  return {
    send: async (phone, code) => {
      log.info(
        { phone, code },
        `Phone sign-in code for ${phone} (no SMS gateway; logged outside production only): ${code}`,
      );
    },
  };
}

// Where Daraja posts Paybill/Till validations and confirmations: under PUBLIC_URL, with a secret
// path segment (Daraja does not sign these calls; a call without the secret changes nothing). The
// secret is derived from the server's secret, so every instance knows it and a restart keeps it.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const C2B_PATH = '/api/mpesa/c2b';

export const c2bSecretOf = (serverSecret: string) =>
  createHmac('sha256', serverSecret).update('mpesa-c2b-urls').digest('base64url').slice(0, 32);

export function c2bUrls(publicUrl: string, secret: string) {
  const base = `${publicUrl.replace(/\/$/, '')}${C2B_PATH}`;
  return {
    validation: `${base}/validation/${secret}`,
    confirmation: `${base}/confirmation/${secret}`,
  };
}

/** True when the secret in the address is the shop's (compared in constant time). */
export function isOurSecret(given: string | undefined, secret: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

// Bodies kept on a payment for the back office never carry a secret: the STK password (which is
// the passkey in base64), the callback secret, the initiator's security credential (B2C), tokens.

export const MASK = '•••';

const SECRET_FIELDS = new Set(['Password', 'SecurityCredential', 'access_token']);
const URL_FIELDS = new Set([
  'CallBackURL',
  'ResultURL',
  'QueueTimeOutURL',
  'ConfirmationURL',
  'ValidationURL',
]);

/** The URL with its last path segment (the per-payment secret) masked. */
export function maskUrl(url: string): string {
  return url.replace(/\/[^/?#]+(?=([?#].*)?$)/, `/${MASK}`);
}

/** A JSON body with secret fields masked, and any of `secrets` masked wherever it appears. */
export function maskedJson(value: unknown, secrets: readonly string[] = []): string {
  const text = JSON.stringify(value, (key, field: unknown) => {
    if (typeof field !== 'string') return field;
    if (SECRET_FIELDS.has(key)) return MASK;
    if (URL_FIELDS.has(key)) return maskUrl(field);
    return field;
  });
  return maskText(text ?? String(value), secrets);
}

/** Text with each secret (of four characters or more) replaced by the mask. */
export function maskText(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of secrets) {
    if (secret.length >= 4) masked = masked.split(secret).join(MASK);
  }
  return masked;
}

// Encrypting a secret the shop must keep at rest (eTIMS's communication key): AES-256-GCM with a
// key derived from JWT_SECRET for one purpose (HKDF), so the key never sits beside the ciphertext
// and a copied database alone does not reveal it. Tampered or foreign ciphertext opens to null.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

function keyFor(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'duka-secret-box', purpose, 32));
}

export function seal(plaintext: string, secret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url'));
  return ['v1', ...parts].join('.');
}

export function open(sealed: string, secret: string, purpose: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFor(secret, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    return text.toString('utf8');
  } catch {
    return null;
  }
}

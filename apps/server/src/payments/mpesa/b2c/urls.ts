// Where Daraja posts what became of money sent back by B2C: under PUBLIC_URL, with a secret last
// path segment (Daraja does not sign these calls; one without the secret changes nothing). Like
// the Paybill URLs' secret (c2b/urls.ts) it is derived from the server's secret, so every
// instance knows it and a restart keeps it; the stored bodies mask it (daraja/mask.ts masks the last
// segment of every ResultURL and QueueTimeOutURL).
import { createHmac } from 'node:crypto';

export const B2C_PATH = '/api/mpesa/b2c';

/** What Daraja posts to each address. */
export const B2C_POSTS = ['result', 'timeout', 'status', 'status-timeout'] as const;
export type B2cPost = (typeof B2C_POSTS)[number];

export const b2cSecretOf = (serverSecret: string) =>
  createHmac('sha256', serverSecret).update('mpesa-b2c-urls').digest('base64url').slice(0, 32);

export function b2cUrl(publicUrl: string, post: B2cPost, secret: string) {
  return `${publicUrl.replace(/\/$/, '')}${B2C_PATH}/${post}/${secret}`;
}

/** What an address of ours is for and the secret it carries (the sandbox delivers by it). */
export function readB2cUrl(url: string): { post: B2cPost; secret: string } | null {
  const path = new URL(url).pathname;
  const [post, secret] = path.split('/').slice(-2);
  const known = B2C_POSTS.find((p) => p === post);
  return known && secret && path.includes(`${B2C_PATH}/`) ? { post: known, secret } : null;
}

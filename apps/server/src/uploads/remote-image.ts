// Fetching an image a merchant named by address (a catalogue import's Image Src). The address is
// someone else's text, so the fetch is made safe before anything is read: https only, every
// address the name resolves to must be public (never loopback, private, link-local or any other
// special range), the connection goes to the address that was checked (a second DNS answer
// cannot swap in 127.0.0.1), redirects are checked the same way, and the body is cut off past
// the upload limit. What arrives is then treated exactly like an upload (image.ts).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { errorInWords } from '@duka/domain/admin/words';

export class RemoteImageError extends Error {
  override name = 'RemoteImageError';
}

export interface RemoteFetchPolicy {
  /** Protocols allowed: https only, unless a test serves its stand-in over http. */
  protocols: readonly string[];
  /** Whether an address may be connected to: only public unicast ones, unless a test says. */
  allowAddress: (address: string) => boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

/** Public unicast addresses only: ipaddr.js names every special range (RFC 6890 and friends). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // ::ffff:127.0.0.1 is 127.0.0.1.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

export const publicHttpsPolicy = (maxBytes: number): RemoteFetchPolicy => ({
  protocols: ['https:'],
  allowAddress: isPublicAddress,
  maxBytes,
  timeoutMs: 15_000,
  maxRedirects: 3,
});

/** A DNS lookup that answers only with addresses the policy allows, so the socket uses one. */
function checkedLookup(policy: RemoteFetchPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const refused = addresses.find((a) => !policy.allowAddress(a.address));
      if (refused || addresses.length === 0) {
        return callback(new RemoteImageError(`${hostname} is not a public address.`), '', 4);
      }
      if (options.all) return callback(null, addresses as unknown as string, 4);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function checkUrl(raw: string, policy: RemoteFetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RemoteImageError('The image address is not a web address.');
  }
  if (!policy.protocols.includes(url.protocol)) {
    throw new RemoteImageError('Images are fetched only from https:// addresses.');
  }
  if (url.username || url.password) {
    throw new RemoteImageError('The image address must not carry a user name or password.');
  }
  // A literal address is checked here (the lookup is not asked for one).
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && !policy.allowAddress(host)) {
    throw new RemoteImageError(`${host} is not a public address.`);
  }
  return url;
}

function getOnce(
  url: URL,
  policy: RemoteFetchPolicy,
): Promise<{ location?: string; body?: Buffer }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: checkedLookup(policy),
        timeout: policy.timeoutMs,
        headers: { accept: 'image/*', 'user-agent': 'Duka catalogue import' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ location: response.headers.location });
        }
        if (status !== 200) {
          response.resume();
          return reject(new RemoteImageError(`The image address answered ${status}.`));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > policy.maxBytes) {
          response.destroy();
          return reject(new RemoteImageError('The image is larger than the upload limit.'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            response.destroy();
            reject(new RemoteImageError('The image is larger than the upload limit.'));
          } else chunks.push(chunk);
        });
        response.on('end', () => resolve({ body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new RemoteImageError('The image address did not answer in time.')),
    );
    // The merchant reads why on the import screen: 'The address example.com could not be found.',
    // not 'getaddrinfo ENOTFOUND example.com'.
    request.on('error', (err) =>
      reject(
        err instanceof RemoteImageError
          ? err
          : new RemoteImageError(errorInWords(err.message).replace(/\.?$/, '.')),
      ),
    );
  });
}

/** The image's bytes, fetched under the policy; a RemoteImageError says why not. */
export async function fetchRemoteImage(raw: string, policy: RemoteFetchPolicy): Promise<Buffer> {
  let url = checkUrl(raw, policy);
  for (let redirects = 0; ; redirects++) {
    const answer = await getOnce(url, policy);
    if (answer.body) return answer.body;
    if (redirects >= policy.maxRedirects) {
      throw new RemoteImageError('The image address redirected too many times.');
    }
    url = checkUrl(new URL(answer.location!, url).href, policy);
  }
}

// Fetching a picture named by address: only public https addresses, checked where the socket
// connects (a name that resolves to loopback is refused too), redirects checked again, and a
// body past the limit cut off. The stand-in picture server runs on loopback, so the tests that
// fetch from it widen the policy to loopback http explicitly.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  fetchRemoteImage,
  isPublicAddress,
  publicHttpsPolicy,
  RemoteImageError,
  type RemoteFetchPolicy,
} from './remote-image.ts';

let server: http.Server;
let base: string;
let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#047857' } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    if (req.url === '/picture.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/moved') return res.writeHead(302, { location: '/picture.png' }).end();
    if (req.url === '/to-metadata') {
      return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    }
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/big') return res.writeHead(200).end(Buffer.alloc(64 * 1024));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const loopbackPolicy = (maxBytes = 1024 * 1024): RemoteFetchPolicy => ({
  ...publicHttpsPolicy(maxBytes),
  protocols: ['http:'],
  allowAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
});

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.9', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['::ffff:127.0.0.1', false],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('fetchRemoteImage under the public https policy', () => {
  const policy = publicHttpsPolicy(1024 * 1024);
  it.each([
    ['http://example.com/a.png', 'Images are fetched only from https:// addresses.'],
    ['https://127.0.0.1/a.png', '127.0.0.1 is not a public address.'],
    ['https://[::1]/a.png', '::1 is not a public address.'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is not a public address.'],
    [
      'https://user:pw@example.com/a.png',
      'The image address must not carry a user name or password.',
    ],
    ['not an address', 'The image address is not a web address.'],
  ])('refuses %s', async (url, message) => {
    await expect(fetchRemoteImage(url, policy)).rejects.toThrow(new RemoteImageError(message));
  });

  it('says in words that an address cannot be found (not getaddrinfo ENOTFOUND)', async () => {
    // .invalid never resolves (RFC 6761), online or off.
    await expect(fetchRemoteImage('https://no-such-host.invalid/a.png', policy)).rejects.toThrow(
      new RemoteImageError('The address no-such-host.invalid could not be found.'),
    );
  });

  it('refuses a name that resolves to loopback, where the connection would be made', async () => {
    await expect(fetchRemoteImage('https://localhost/a.png', policy)).rejects.toThrow(
      'localhost is not a public address.',
    );
  });
});

describe('fetchRemoteImage from a stand-in on loopback', () => {
  it('fetches a picture, and follows a redirect', async () => {
    expect(await fetchRemoteImage(`${base}/picture.png`, loopbackPolicy())).toEqual(png);
    expect(await fetchRemoteImage(`${base}/moved`, loopbackPolicy())).toEqual(png);
  });

  it('checks where a redirect points, stops a redirect loop and a body past the limit', async () => {
    await expect(fetchRemoteImage(`${base}/to-metadata`, loopbackPolicy())).rejects.toThrow(
      '169.254.169.254 is not a public address.',
    );
    await expect(fetchRemoteImage(`${base}/loop`, loopbackPolicy())).rejects.toThrow(
      'redirected too many times',
    );
    await expect(fetchRemoteImage(`${base}/big`, loopbackPolicy(1024))).rejects.toThrow(
      'larger than the upload limit',
    );
    await expect(fetchRemoteImage(`${base}/missing`, loopbackPolicy())).rejects.toThrow(
      'The image address answered 404.',
    );
  });
});

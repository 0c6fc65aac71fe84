import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(200 * 1024) });
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

function multipart(name: string, content: Buffer, type: string) {
  const boundary = '----duka' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (name: string, content: Buffer, type: string, who: LoggedIn | null = boss) => {
  const body = multipart(name, content, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: body.payload,
    headers: { ...body.headers, ...(who?.auth ?? {}) },
  });
};

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#047857' } })
    .png()
    .toBuffer();

describe('POST /api/uploads', () => {
  it('re-encodes an image to WebP and serves it as an image only', async () => {
    const res = await upload('photo.png', await png(), 'image/png');
    expect(res.statusCode).toBe(201);
    const { secure_url } = res.json();
    expect(secure_url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const served = await t.app.inject(secure_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('serves the upload in 160, 400 and 800 pixels wide beside it', async () => {
    const wide = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#047857' },
    })
      .png()
      .toBuffer();
    const res = await upload('wide.png', wide, 'image/png');
    expect(res.statusCode).toBe(201);
    const { secure_url } = res.json<{ secure_url: string }>();
    const stem = secure_url.slice(0, -'.webp'.length);
    for (const width of [160, 400, 800]) {
      const served = await t.app.inject(`${stem}-${width}w.webp`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 });
    }
  });

  it('refuses a non-image renamed .png', async () => {
    const res = await upload(
      'notes.png',
      Buffer.from('just some text, not a picture'),
      'image/png',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('NOT_AN_IMAGE');
  });

  it('refuses a file over the size limit', async () => {
    const big = await sharp({
      create: { width: 1200, height: 1200, channels: 3, background: '#123456' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(200 * 1024);
    const res = await upload('big.png', big, 'image/png');
    expect(res.statusCode).toBe(413);
  });

  it('stores an image carrying a script payload re-encoded, without the payload', async () => {
    const jpeg = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#aa0000' },
    })
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert("owned")</script>')]);
    const res = await upload('innocent.jpg', polyglot, 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject(res.json().secure_url);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.includes(Buffer.from('script'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('alert'))).toBe(false);
  });

  it('is for admins only', async () => {
    expect((await upload('photo.png', await png(), 'image/png', null)).statusCode).toBe(401);
    expect(
      (await upload('photo.png', await png(), 'image/png', await shopper(t.app))).statusCode,
    ).toBe(403);
  });
});

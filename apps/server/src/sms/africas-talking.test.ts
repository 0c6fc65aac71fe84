// The Africa's Talking adapter against the stand-in of its SMS API, and phone numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AfricasTalkingStandIn } from '../../test/stand-ins/africas-talking.ts';
import {
  AT_LIVE_BASE,
  AT_SANDBOX_BASE,
  baseUrlFor,
  createAfricasTalkingSms,
  SmsError,
} from './africas-talking.ts';
import { toInternational } from './phone.ts';

const api = new AfricasTalkingStandIn('duka-shop', 'atsk_live_secret_key_123');
beforeAll(() => api.start());
afterAll(() => api.stop());

describe("Africa's Talking", () => {
  it('sends form-encoded with the key in the apiKey header, and reads the message id', async () => {
    const client = createAfricasTalkingSms({
      username: 'duka-shop',
      apiKey: api.apiKey,
      senderId: 'DUKA',
      baseUrl: api.baseUrl,
    });
    const result = await client.send({ to: '+254711000111', text: 'Habari & asante: 100%' });
    expect(result.messageId).toMatch(/^ATXid_/);
    expect(api.to('+254711000111')).toEqual([
      {
        username: 'duka-shop',
        to: '+254711000111',
        message: 'Habari & asante: 100%',
        from: 'DUKA',
      },
    ]);
  });

  it('throws on a wrong key, without the key in the error', async () => {
    const wrong = 'atsk_wrong_key_456';
    const client = createAfricasTalkingSms({
      username: 'duka-shop',
      apiKey: wrong,
      baseUrl: api.baseUrl,
    });
    const error = (await client
      .send({ to: '+254711000111', text: 'x' })
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(SmsError);
    expect(error.message).toContain('401');
    expect(error.message).not.toContain(wrong);
  });

  it('throws when the number is refused', async () => {
    api.refuse.set('+254700000000', 403);
    const client = createAfricasTalkingSms({
      username: 'duka-shop',
      apiKey: api.apiKey,
      baseUrl: api.baseUrl,
    });
    await expect(client.send({ to: '+254700000000', text: 'x' })).rejects.toThrow(
      '403 InvalidPhoneNumber',
    );
  });

  it('uses the sandbox for the sandbox username, else the live API', () => {
    expect(baseUrlFor('sandbox')).toBe(AT_SANDBOX_BASE);
    expect(baseUrlFor('duka-shop')).toBe(AT_LIVE_BASE);
    expect(baseUrlFor('duka-shop', 'http://127.0.0.1:9/')).toBe('http://127.0.0.1:9');
  });
});

describe('toInternational', () => {
  it.each([
    ['0712 345 678', '+254712345678'],
    ['712345678', '+254712345678'],
    ['254712345678', '+254712345678'],
    ['+254 712-345-678', '+254712345678'],
    ['0110 123 456', '+254110123456'],
    ['+44 7700 900123', '+447700900123'],
  ])('%s → %s', (raw, expected) => expect(toInternational(raw)).toBe(expected));

  it.each(['', '12345', '0212345678', 'call me'])('refuses %j', (raw) =>
    expect(toInternational(raw)).toBeNull(),
  );
});

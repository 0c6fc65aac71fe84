import { describe, expect, it } from 'vitest';
import { open, seal } from './secret-box.ts';

const SECRET = 'a-secret-that-is-long-enough-for-the-test-0123456789';

describe('secret box', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = seal('CMC-KEY-123', SECRET, 'etims-cmc-key');
    expect(sealed).not.toContain('CMC-KEY-123');
    expect(open(sealed, SECRET, 'etims-cmc-key')).toBe('CMC-KEY-123');
    expect(seal('CMC-KEY-123', SECRET, 'etims-cmc-key')).not.toBe(sealed); // a fresh IV each time
  });

  it('opens to null with another secret, another purpose, or tampered text', () => {
    const sealed = seal('CMC-KEY-123', SECRET, 'etims-cmc-key');
    expect(open(sealed, `${SECRET}x`, 'etims-cmc-key')).toBeNull();
    expect(open(sealed, SECRET, 'other')).toBeNull();
    const [v, iv, tag, body] = sealed.split('.');
    // One bit of the ciphertext changed (on the bytes: a base64 character may carry spare bits).
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0]! ^= 1;
    const flipped = bytes.toString('base64url');
    expect(open([v, iv, tag, flipped].join('.'), SECRET, 'etims-cmc-key')).toBeNull();
    expect(open('not sealed', SECRET, 'etims-cmc-key')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { displayPhone, waitInWords } from './phone-code.ts';

describe('the wait before another code, in words', () => {
  it('says seconds, one second, a minute or minutes, in the page’s language', () => {
    expect(waitInWords(45, 'en')).toBe('in 45 seconds');
    expect(waitInWords(0.4, 'en')).toBe('in 1 second');
    expect(waitInWords(60, 'en')).toBe('in 1 minute');
    expect(waitInWords(61, 'en')).toBe('in 2 minutes');
    expect(waitInWords(45, 'sw')).toBe('baada ya sekunde 45');
    expect(waitInWords(1, 'sw')).toBe('baada ya sekunde 1');
    expect(waitInWords(600, 'sw')).toBe('baada ya dakika 10');
  });

  it('writes a Kenyan number as people read it', () => {
    expect(displayPhone('+254712345678')).toBe('+254 712 345 678');
    expect(displayPhone('+447700900123')).toBe('+447700900123');
  });
});

import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('hides a token in the query, wherever it stands', () => {
    expect(redactUrl('/reset-password?token=abc-DEF_123')).toBe('/reset-password?token=[hidden]');
    expect(redactUrl('/x?a=1&token=s3cret&b=2')).toBe('/x?a=1&token=[hidden]&b=2');
    expect(redactUrl('/x?TOKEN=s3cret#top')).toBe('/x?TOKEN=[hidden]#top');
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/products?q=tokens')).toBe('/api/products?q=tokens');
    expect(redactUrl('/api/products/12')).toBe('/api/products/12');
  });
});

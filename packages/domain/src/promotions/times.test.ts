// Nairobi's clock for a promotion's start and end (issue 36).
import { describe, expect, it } from 'vitest';
import { instantToNairobiLocal, nairobiIso, nairobiLocalToInstant } from './times.ts';

describe('Nairobi local times', () => {
  it('reads a datetime-local value on Nairobi’s clock (UTC+3) and writes it back', () => {
    const instant = nairobiLocalToInstant('2026-11-27T00:30');
    expect(instant?.toISOString()).toBe('2026-11-26T21:30:00.000Z');
    expect(instantToNairobiLocal(instant!)).toBe('2026-11-27T00:30');
    expect(nairobiIso(instant!)).toBe('2026-11-27T00:30:00+03:00');
    expect(new Date(nairobiIso(instant!)).getTime()).toBe(instant!.getTime());
    expect(nairobiLocalToInstant('2026-11-27T14:05:09')?.toISOString()).toBe(
      '2026-11-27T11:05:09.000Z',
    );
  });

  it('is null for what is not a time', () => {
    for (const text of ['', '2026-02-30T10:00', '2026-11-27T24:00', '2026-11-27', 'tomorrow']) {
      expect(nairobiLocalToInstant(text)).toBeNull();
    }
  });
});

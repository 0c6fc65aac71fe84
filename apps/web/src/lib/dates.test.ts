import { describe, expect, it } from 'vitest';
import {
  formatDayRange,
  formatNairobiDate,
  formatNairobiDateTime,
  lastDaysInNairobi,
  todayInNairobi,
} from './dates.ts';

describe('formatNairobiDate', () => {
  it('writes the Nairobi day as Kenya does: 27 Nov 2026', () => {
    expect(formatNairobiDate('2026-11-27T10:00:00Z')).toBe('27 Nov 2026');
    // 22:30 UTC is already the next day in Nairobi.
    expect(formatNairobiDate('2026-03-04T22:30:00Z')).toBe('5 Mar 2026');
    expect(formatNairobiDate(new Date('2026-12-31T21:00:00Z'))).toBe('1 Jan 2027');
    // September as three letters, whatever the ICU version ('Sept' in some).
    expect(formatNairobiDate('2026-09-10T09:00:00Z')).toBe('10 Sep 2026');
  });

  it("says 'Invalid Date' when the date is missing or unreadable", () => {
    expect(formatNairobiDate(undefined)).toBe('Invalid Date');
    expect(formatNairobiDate(null)).toBe('Invalid Date');
    expect(formatNairobiDate('')).toBe('Invalid Date');
    expect(formatNairobiDate('not a date')).toBe('Invalid Date');
  });
});

describe('todayInNairobi', () => {
  it('turns over at midnight Nairobi time, not UTC', () => {
    expect(todayInNairobi(new Date('2026-12-31T20:59:59Z'))).toBe('2026-12-31');
    expect(todayInNairobi(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
  });
});

describe('lastDaysInNairobi', () => {
  it('lists the days up to today, oldest first, across month ends', () => {
    expect(lastDaysInNairobi(3, new Date('2026-03-01T21:30:00Z'))).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(lastDaysInNairobi(30, new Date('2026-11-22T12:00:00Z'))).toHaveLength(30);
  });
});

describe('formatNairobiDateTime', () => {
  it('shows the day and time in Nairobi', () => {
    expect(formatNairobiDateTime('2026-11-22T11:05:00Z')).toBe('22 Nov 2026, 14:05');
    expect(formatNairobiDateTime('2026-11-27T21:01:00Z')).toBe('28 Nov 2026, 00:01');
    expect(formatNairobiDateTime('nonsense')).toBe('Invalid Date');
  });
});

describe('formatDayRange', () => {
  it('writes a delivery window of Nairobi dates as those days, with weekdays', () => {
    expect(formatDayRange('2026-11-27', '2026-12-02')).toBe('Fri 27 Nov – Wed 2 Dec 2026');
    expect(formatDayRange('2026-12-30', '2027-01-04')).toBe('Wed 30 Dec 2026 – Mon 4 Jan 2027');
    expect(formatDayRange('2026-11-27', '2026-11-27')).toBe('Fri 27 Nov 2026');
    expect(formatDayRange('soon', '2026-11-27')).toBe('Invalid Date');
  });
});

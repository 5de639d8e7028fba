import { describe, expect, it } from 'vitest';
import { formatDayMonthYear, isoDay } from '../../src/lib/dates';

/** 2024-03-09T20:00:00Z: Sunday morning 10 March in Auckland (UTC+13), Saturday noon 9 March in Los Angeles (UTC-8). */
const ACROSS_THE_DATE_LINE = Date.UTC(2024, 2, 9, 20, 0, 0) / 1000;

describe('formatDayMonthYear', () => {
  it('writes dd/mm/yy in the given time zone', () => {
    expect(formatDayMonthYear(ACROSS_THE_DATE_LINE, 'Pacific/Auckland')).toBe('10/03/24');
    expect(formatDayMonthYear(ACROSS_THE_DATE_LINE, 'America/Los_Angeles')).toBe('09/03/24');
    expect(formatDayMonthYear(ACROSS_THE_DATE_LINE, 'UTC')).toBe('09/03/24');
  });

  it('pads day and month with a zero and keeps two digits of the year', () => {
    expect(formatDayMonthYear(Date.UTC(2025, 0, 5, 12) / 1000, 'UTC')).toBe('05/01/25');
    expect(formatDayMonthYear(Date.UTC(2009, 11, 31, 12) / 1000, 'UTC')).toBe('31/12/09');
  });

  it('puts the day first, never the month (13 is a day, not a month)', () => {
    expect(formatDayMonthYear(Date.UTC(2025, 1, 13, 12) / 1000, 'Europe/London')).toBe('13/02/25');
  });

  it('changes the day at local midnight, not UTC midnight', () => {
    // 23:30 UTC on 31 Dec 2024 is already 1 Jan 2025 in Berlin (UTC+1).
    const t = Date.UTC(2024, 11, 31, 23, 30) / 1000;
    expect(formatDayMonthYear(t, 'Europe/Berlin')).toBe('01/01/25');
    expect(formatDayMonthYear(t, 'Europe/London')).toBe('31/12/24');
  });
});

describe('isoDay', () => {
  it('writes yyyy-mm-dd of the same local day', () => {
    expect(isoDay(ACROSS_THE_DATE_LINE, 'Pacific/Auckland')).toBe('2024-03-10');
    expect(isoDay(ACROSS_THE_DATE_LINE, 'America/Los_Angeles')).toBe('2024-03-09');
  });
});

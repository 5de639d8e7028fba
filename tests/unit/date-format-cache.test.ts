import { describe, expect, it } from 'vitest';
import { dateFormat, formatDayMonthYear, isoDay } from '../../src/lib/dates';
import { formatListDate } from '../../src/modules/website/lists';
import { longDate } from '../../src/modules/website/components/site/site-dates';

/**
 * The cached formatters (lib/dates.ts) must write exactly what a formatter built on every call
 * wrote before them: same bytes, whichever zones were asked for before and in whatever order.
 */

const ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'America/Los_Angeles',
  'America/St_Johns', // UTC-3:30 / -2:30
  'Pacific/Auckland', // southern hemisphere DST
  'Pacific/Chatham', // UTC+12:45 / +13:45
  'Pacific/Kiritimati', // UTC+14
  'Pacific/Pago_Pago', // UTC-11
  'Asia/Kolkata',
  'Australia/Lord_Howe', // a 30-minute DST shift
  'Africa/Casablanca',
];

const hour = 3600;
const utc = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min) / 1000;

/** Instants around DST changes, local midnights and year ends in the zones above. */
const EDGES = [
  utc(2024, 3, 31, 0, 59), // London: last minute of GMT before BST
  utc(2024, 3, 31, 1, 0), // London: first minute of BST
  utc(2024, 10, 27, 0, 59),
  utc(2024, 10, 27, 1, 0), // London: back to GMT
  utc(2024, 3, 10, 9, 59), // Los Angeles: before PDT
  utc(2024, 3, 10, 10, 0),
  utc(2024, 11, 3, 8, 59),
  utc(2024, 11, 3, 9, 0),
  utc(2024, 4, 6, 13, 59), // Auckland: NZDT ends (03:00 -> 02:00 local)
  utc(2024, 4, 6, 14, 0),
  utc(2024, 9, 28, 13, 59), // Auckland: NZDT starts
  utc(2024, 9, 28, 14, 0),
  utc(2024, 12, 31, 23, 30), // New Year in Berlin, not yet in London
  utc(2024, 12, 31, 10, 0), // New Year at Kiritimati (UTC+14)
  utc(2025, 1, 1, 10, 59), // still 31 Dec in Pago Pago
  utc(2024, 2, 29, 12, 0), // a leap day
  utc(1970, 1, 1, 0, 0),
  utc(2038, 1, 19, 3, 14),
];

function uncachedParts(unixSeconds: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(
    new Date(unixSeconds * 1000),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: get('day'), month: get('month'), year: get('year') };
}

/** Every (edge +- an hour, zone) pair, zones interleaved so each call follows one in another zone. */
function* cases(): Generator<[number, string]> {
  for (const edge of EDGES) for (const offset of [-hour, -60, 0, 60, hour]) for (const zone of ZONES) yield [edge + offset, zone];
}

describe('cached date formatters', () => {
  it('write dd/mm/yy and yyyy-mm-dd exactly as a formatter built per call', () => {
    for (const [t, zone] of cases()) {
      const { day, month, year } = uncachedParts(t, zone);
      expect(formatDayMonthYear(t, zone), `${t} ${zone}`).toBe(`${day}/${month}/${year.slice(-2)}`);
      expect(isoDay(t, zone), `${t} ${zone}`).toBe(`${year}-${month}-${day}`);
    }
  });

  it("write the lists' dates exactly as toLocaleDateString en-GB and its parts", () => {
    for (const [t, zone] of cases()) {
      const date = new Date(t * 1000);
      const { day, month, year } = uncachedParts(t, zone);
      expect(formatListDate(date.toISOString(), zone), `${t} ${zone}`).toEqual({
        text: date.toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: zone }),
        iso: `${year}-${month}-${day}`,
      });
    }
  });

  it("write the public site's long dates exactly as a formatter built per call", () => {
    for (const [t, zone] of cases()) {
      const fresh = new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: 'numeric', month: 'long', year: 'numeric' });
      expect(longDate(t, zone), `${t} ${zone}`).toBe(fresh.format(new Date(t * 1000)));
    }
  });

  it('keeps one formatter per zone and gives a zone back its own after others', () => {
    const format = dateFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
    const london = format('Europe/London');
    expect(format('Pacific/Auckland')).not.toBe(london);
    expect(format('Europe/London')).toBe(london);
    expect(london.resolvedOptions().timeZone).toBe('Europe/London');
    // 12:00 UTC in June: 13:00 in London (BST), 00:00 next day in Auckland (NZST).
    const noon = new Date(Date.UTC(2025, 5, 15, 12));
    expect(format('Europe/London').format(noon)).toBe('13:00');
    expect(format('Pacific/Auckland').format(noon)).toBe('00:00');
  });

  it('stays bounded and correct past its size, and refuses an unknown zone as Intl does', () => {
    const format = dateFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 100);
    const t = new Date(utc(2024, 12, 31, 23, 30) * 1000);
    for (const zone of [...zones, ...[...zones].reverse()]) {
      expect(format(zone).format(t), zone).toBe(new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: zone }).format(t));
    }
    expect(() => format('Not/A_Zone')).toThrow(RangeError);
    expect(() => format('Not/A_Zone')).toThrow(RangeError);
  });
});

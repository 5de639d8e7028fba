/**
 * Dates as the portal shows them, in the portal's time zone, the same on the server and in the
 * browser.
 *
 * Building an `Intl.DateTimeFormat` costs tens of microseconds (it loads the locale's and the zone's
 * ICU data); formatting with a built one costs about one. So each format is declared once
 * (`dateFormat(locale, options)`, at module scope) and keeps one formatter per time zone.
 */

/** At most this many zones per format are kept (the portal uses one; a bound all the same). */
const MAX_ZONES_PER_FORMAT = 32;

/**
 * A date format (locale + options, fixed) whose formatter for a time zone is built on first use
 * and reused: `format(timeZone)` gives the same output as
 * `new Intl.DateTimeFormat(locale, { ...options, timeZone })`. An unknown zone throws the same
 * RangeError, and is not kept.
 */
export function dateFormat(locale: string, options: Readonly<Intl.DateTimeFormatOptions>): (timeZone: string) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let formatter = byZone.get(timeZone);
    if (formatter === undefined) {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      if (byZone.size >= MAX_ZONES_PER_FORMAT) byZone.clear();
      byZone.set(timeZone, formatter);
    }
    return formatter;
  };
}

/** The day, month and year (two digits, two digits, four digits) of a date with a formatter of those three parts. */
export function dayMonthYearParts(formatter: Intl.DateTimeFormat, date: Date): { day: string; month: string; year: string } {
  let day = '';
  let month = '';
  let year = '';
  for (const part of formatter.formatToParts(date)) {
    // The first of each, as `parts.find` would.
    if (part.type === 'day') day ||= part.value;
    else if (part.type === 'month') month ||= part.value;
    else if (part.type === 'year') year ||= part.value;
  }
  return { day, month, year };
}

/** dd/mm/yyyy parts, en-GB (the portal's numeric dates). */
export const numericDay = dateFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });

function dateParts(unixSeconds: number, timeZone: string) {
  return dayMonthYearParts(numericDay(timeZone), new Date(unixSeconds * 1000));
}

/** dd/mm/yy of a unix-seconds time in the given IANA time zone (spec: update dates). */
export function formatDayMonthYear(unixSeconds: number, timeZone: string): string {
  const { day, month, year } = dateParts(unixSeconds, timeZone);
  return `${day}/${month}/${year.slice(-2)}`;
}

/** yyyy-mm-dd of the same day, for a machine-readable <time datetime>. */
export function isoDay(unixSeconds: number, timeZone: string): string {
  const { day, month, year } = dateParts(unixSeconds, timeZone);
  return `${year}-${month}-${day}`;
}

/** dd, mm, yy, hh and mm (24-hour) parts, en-GB. */
const numericDayTime = dateFormat('en-GB', { day: '2-digit', month: '2-digit', year: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** dd/mm/yy hh:mm of a moment in the given IANA time zone (e.g. when a page held for review publishes). */
export function formatDayMonthYearTime(date: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of numericDayTime(timeZone).formatToParts(date)) parts[part.type] ??= part.value;
  return `${parts.day ?? ''}/${parts.month ?? ''}/${parts.year ?? ''} ${parts.hour ?? ''}:${parts.minute ?? ''}`;
}

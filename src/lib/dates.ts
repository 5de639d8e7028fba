function dateParts(unixSeconds: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(
    new Date(unixSeconds * 1000),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: get('day'), month: get('month'), year: get('year') };
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

import { dateFormat } from '../../../../lib/dates';

const longDay = dateFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** "15 June 2025" in the portal's time zone, for the public site. */
export function longDate(unixSeconds: number, timeZone: string): string {
  return longDay(timeZone).format(new Date(unixSeconds * 1000));
}

/** A path segment as the route received it, percent-decoded once (Astro may or may not have). */
export function decodeSegment(segment: string | undefined): string {
  if (!segment) return '';
  try {
    return segment.includes('%') ? decodeURIComponent(segment) : segment;
  } catch {
    return segment;
  }
}

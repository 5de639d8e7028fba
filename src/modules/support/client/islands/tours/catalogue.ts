/**
 * The tours (one data file each in this folder), for /support/help's list: read on the server
 * when the page renders; the browser loads a tour's file only when it runs (tour/runner.ts).
 */
import { TOUR_AREAS } from '../../../rules';
import type { Tour } from '../../../tours-contract';

const FILES = import.meta.glob<Tour>('./*.json', { eager: true, import: 'default' });

export const TOURS: readonly Tour[] = Object.values(FILES).sort(
  (a, b) => TOUR_AREAS.indexOf(a.area) - TOUR_AREAS.indexOf(b.area) || a.title.localeCompare(b.title),
);

/** The tours by area, in /support/help's order. */
export function toursByArea(): Array<{ area: (typeof TOUR_AREAS)[number]; tours: Tour[] }> {
  return TOUR_AREAS.map((area) => ({ area, tours: TOURS.filter((tour) => tour.area === area) }));
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tourSchema } from '../tours-contract';
import { TOUR_AREAS } from '../rules';

/**
 * The guided tours are data, one file per tour: each file is a valid tour named by its file, every
 * area has one, and every page a tour goes to is a screen the portal has.
 */
const DIR = path.resolve('src/modules/support/client/islands/tours');
const FILES = fs.readdirSync(DIR).filter((name) => name.endsWith('.json'));

function pageExists(page: string): boolean {
  const route = new URL(page, 'http://portal').pathname.replace(/\/$/, '');
  return [`src/pages${route}.astro`, `src/pages${route}/index.astro`].some((file) => fs.existsSync(path.resolve(file)));
}

describe('tour data files', () => {
  it.each(FILES)('%s is a tour of its own name whose pages exist', (name) => {
    const tour = tourSchema.parse(JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8')));
    expect(`${tour.id}.json`).toBe(name);
    const pages = tour.steps.flatMap((step) => (step.page ? [step.page] : []));
    expect(pages.length).toBeGreaterThanOrEqual(1);
    for (const page of pages) expect(pageExists(page), page).toBe(true);
    // A tour moves between pages: at least two of them.
    expect(new Set(pages).size).toBeGreaterThanOrEqual(2);
  });

  it('give every area of /support/help at least one tour', () => {
    const areas = FILES.map((name) => tourSchema.parse(JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8'))).area);
    for (const area of TOUR_AREAS) expect(areas).toContain(area);
  });

  it('refuses a tour whose first step names no page, an unknown placement, or a page carrying the tour parameter', () => {
    const step = { target: '#main h1', title: 'T', text: 'Text', placement: 'bottom' };
    const tour = { id: 'x', area: 'Account', title: 'X', description: 'D', steps: [step, { ...step, page: '/home' }] };
    expect(tourSchema.safeParse(tour).success).toBe(false);
    expect(tourSchema.safeParse({ ...tour, steps: [{ ...step, page: '/home', placement: 'middle' }, step] }).success).toBe(false);
    expect(tourSchema.safeParse({ ...tour, steps: [{ ...step, page: '/home?tour=x' }, step] }).success).toBe(false);
    expect(tourSchema.safeParse({ ...tour, steps: [{ ...step, page: '/home' }, step] }).success).toBe(true);
  });
});

import { z } from 'zod';
import { TOUR_AREAS, TOUR_ID_PATTERN } from './rules';

/**
 * A guided tour (spec section 4; Support > Tutorials): one data file per tour
 * (src/modules/support/client/islands/tours/<id>.json), steps with a target (a CSS selector), title, text,
 * placement, and the page it is on. Each step is on the page of the step before unless it names
 * one; the first names its page. The unit tests check every file against this schema; the
 * browser reads the files as they are (it ships no zod) with the inferred type.
 */
export const tourStepSchema = z.strictObject({
  /** The page the step is on: a portal path, with a query when the screen needs one (/website/posts/edit?new). */
  page: z
    .string()
    .regex(/^\/[a-z0-9/_-]*(\?[a-z0-9=&_-]*)?$/, 'A page is a portal path, e.g. /account/products.')
    .refine((page) => !/[?&]tour=/.test(page), 'A page must not carry the tour parameter.')
    .optional(),
  /** What the bubble points at (a CSS selector that the page always renders). */
  target: z.string().min(1),
  title: z.string().min(1).max(80),
  text: z.string().min(1).max(400),
  placement: z.enum(['top', 'bottom', 'left', 'right']),
});
export type TourStep = z.infer<typeof tourStepSchema>;

export const tourSchema = z
  .strictObject({
    id: z.string().regex(TOUR_ID_PATTERN),
    area: z.enum(TOUR_AREAS),
    title: z.string().min(1).max(80),
    /** One sentence on /support/help, and the intro bubble's text. */
    description: z.string().min(1).max(200),
    steps: z.array(tourStepSchema).min(2).max(20),
  })
  .refine((tour) => tour.steps[0]?.page !== undefined, 'The first step names its page.');
export type Tour = z.infer<typeof tourSchema>;

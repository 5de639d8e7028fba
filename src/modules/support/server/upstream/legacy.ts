/**
 * The support calls as the legacy backend answers them: dates as unix seconds (number or text) or
 * MySQL text, ids and ticket numbers as text, an excerpt or a list that may be null, lists that
 * may come keyed by index, badge colours as '#rrggbb', '#rgb' or a colour word.
 */
import { z } from 'zod';
import { legacyDate, legacyInt, legacyList, legacyText } from '../../../../platform/upstream/legacy';

export const legacyAnnouncement = z.object({ published_at: legacyDate, title: legacyText, excerpt: legacyText, slug: legacyText }).loose();
export type LegacyAnnouncement = z.output<typeof legacyAnnouncement>;

/** GET /api/support/updates */
export const legacyUpdatesAnswer = z.object({ data: legacyList(legacyAnnouncement) }).loose();

export const legacyChangelogItem = z.object({ slug: legacyText, title: legacyText, text: legacyText }).loose();

/** GET /api/support/changelog */
export const legacyChangelogAnswer = z.object({ data: legacyList(legacyChangelogItem) }).loose();

/** A priority or status: an object, or (some backends) only its name. */
const legacyBadge = z.union([
  z.object({ name: legacyText, colour: legacyText.optional(), color: legacyText.optional() }).loose(),
  z.string().transform((name) => ({ name, colour: undefined, color: undefined })),
]);
export type LegacyBadge = z.output<typeof legacyBadge>;

export const legacyTicket = z
  .object({
    id: legacyInt,
    number: legacyInt,
    subject: legacyText,
    department: legacyText,
    priority: legacyBadge,
    status: legacyBadge,
    date_updated: legacyDate,
  })
  .loose();
export type LegacyTicket = z.output<typeof legacyTicket>;

/** GET /api/support/tickets: every ticket of the school, in no particular order. */
export const legacyTicketsAnswer = z.object({ tickets: legacyList(legacyTicket) }).loose();

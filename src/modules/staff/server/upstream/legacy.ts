/**
 * The app's staff list as the legacy backend answers it: one ordered array per school, named by
 * index only (some backends add an id, as text), a biography or section that may be null or
 * missing, `staff: null` for an empty list, or the list keyed by index.
 */
import { z } from 'zod';
import { legacyInt, legacyList, legacyText } from '../../../../platform/upstream/legacy';

export const legacyStaff = z
  .object({
    id: legacyInt.optional(),
    name: legacyText,
    class: legacyText,
    role: legacyText,
    email: legacyText,
    imageURL: legacyText,
    biography: legacyText,
    section: legacyText,
  })
  .loose();
export type LegacyStaff = z.output<typeof legacyStaff>;

/** GET /api/app/manage/stafflist */
export const legacyStaffListAnswer = z.object({ staff: legacyList(legacyStaff) }).loose();

/** Every change answers only its envelope (some backends add the list: it is loaded again anyway). */
export const legacyChangeAnswer = z.object({}).loose();

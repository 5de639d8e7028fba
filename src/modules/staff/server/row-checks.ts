/**
 * The staff lists' checks before a change, the same whichever backend keeps the list (./service.ts
 * under its lock, ./upstream/service.ts against a fresh load of the legacy list).
 */
import {
  INVALID_IMAGE_URL,
  STAFF_INDEX_OUT_OF_RANGE,
  STAFF_NOT_FOUND,
  STAFF_NOT_FOUND_CODE,
  STAFF_STALE,
  STAFF_STALE_CODE,
  type StaffFields,
  type StaffRowRequest,
} from '../contract';
import { Refusal } from '../../../platform/errors';

/**
 * The row a change is about, `at` its place and `id` its id. Named by id and index: refused when
 * that row is gone, or when its place is not the one the user saw. Named by index only (the
 * spec's body): the row now at that place, refused when there is none.
 */
export function locate(entries: ReadonlyArray<{ id: number }>, row: StaffRowRequest): { at: number; id: number } {
  if (row.id === undefined) {
    const entry = entries[row.index];
    if (!entry) throw new Refusal(404, STAFF_NOT_FOUND_CODE, STAFF_INDEX_OUT_OF_RANGE, 'index');
    return { at: row.index, id: entry.id };
  }
  const at = entries.findIndex((entry) => entry.id === row.id);
  if (at < 0) throw new Refusal(404, STAFF_NOT_FOUND_CODE, STAFF_NOT_FOUND);
  if (at !== row.index) throw new Refusal(409, STAFF_STALE_CODE, STAFF_STALE);
  return { at, id: row.id };
}

/** An uploaded photo must be this school's (`/uploads/<label>/...`); an https address may be anyone's. */
export function checkImage(schoolLabel: string, fields: StaffFields): void {
  if (fields.imageURL.startsWith('/') && !fields.imageURL.startsWith(`/uploads/${encodeURIComponent(schoolLabel)}/`)) {
    throw new Refusal(400, 'invalid', INVALID_IMAGE_URL);
  }
}

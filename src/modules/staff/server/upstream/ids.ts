/**
 * Ids for a legacy staff list's rows. The legacy calls name a row by its index only; the portal's
 * screens name it by id and index, so that a change is refused when the row the user saw is no
 * longer at that place (another editor moved, added or deleted meanwhile). A row without an id of
 * the backend's gets one made from who it is (name and email): it stays the same when the row
 * moves or its other fields change, and two identical rows are told apart by their order.
 */

/** FNV-1a (32 bits) of the text, as a positive id below 2^31. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const unit of new TextEncoder().encode(text)) {
    hash ^= unit;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7fffffff || 1;
}

export function rowIds(rows: ReadonlyArray<{ id?: number | undefined; name: string; email: string }>): number[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    if (row.id !== undefined && row.id > 0) return row.id;
    const who = `${row.name.trim().toLowerCase()}\u0000${row.email.trim().toLowerCase()}`;
    const occurrence = seen.get(who) ?? 0;
    seen.set(who, occurrence + 1);
    return fnv1a(`${who}\u0000${occurrence}`);
  });
}

import { sql, type Expression, type SqlBool } from 'kysely';

/** Escapes LIKE's wildcards (and the escape character) so a search matches them literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `column LIKE '%text%'` for an already lowercased search text over a lowercased column (the
 * portable case-insensitive search: see README, PostgreSQL). ESCAPE makes SQLite's LIKE markedly
 * slower over many rows, so it is added only when the text holds a wildcard.
 */
export function containsText(column: string, lowercased: string): Expression<SqlBool> {
  const needsEscape = /[\\%_]/.test(lowercased);
  const pattern = `%${needsEscape ? escapeLike(lowercased) : lowercased}%`;
  return needsEscape ? sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'` : sql<SqlBool>`${sql.ref(column)} like ${pattern}`;
}

import { emailKey, MAX_LISTED_PROBLEMS, type ImportSummary } from '../../../contract';
import { defineTask } from '../../../../../platform/work/task';
import { readMembersCsv, type CsvProblem } from './csv';
import { nameSearch } from './name-search';

/**
 * Planning a CSV import (up to 100,000 rows, each checked) on the work pool: the file read, its
 * repeats found and every address classified against the school's list and suppressions. Only
 * the summary crosses back, and for a real import the new members as JSON chunks that the
 * database reads itself (repository.ts `insertImportChunk`): 100,000 objects cloned back would
 * hold the request thread a quarter of a second, and as many bound parameters longer still.
 */

/** Rows per INSERT of an import. */
export const IMPORT_CHUNK = 2000;

/** A new member as an import chunk holds it: the columns the INSERT reads. */
export const IMPORT_ROW_COLUMNS = ['email', 'email_key', 'name', 'name_search'] as const;
type ImportRow = Record<(typeof IMPORT_ROW_COLUMNS)[number], string>;

export interface ImportPlan {
  summary: Omit<ImportSummary, 'dryRun'>;
  /** JSON arrays of ImportRow, in the file's order (empty for a dry run). */
  chunks: string[];
}

export interface PlanInput {
  bytes: Uint8Array;
  /** The school's member and suppression keys (`emailKey`). */
  listed: ReadonlySet<string>;
  suppressed: ReadonlySet<string>;
  withRows: boolean;
}

// Neither database's text holds U+0000; JSON would carry it as an escape past the NUL-stripping plugin.
const noNul = (text: string) => text.replaceAll('\u0000', '');

function importRow(email: string, key: string, name: string): ImportRow {
  return { email: noNul(email), email_key: noNul(key), name: noNul(name), name_search: noNul(nameSearch(name)) };
}

export function planImport({ bytes, listed, suppressed, withRows }: PlanInput): ImportPlan {
  const { members, problems } = readMembersCsv(bytes);
  const firstRow = new Map<string, number>();
  const fresh: ImportRow[] = [];
  const repeated: CsvProblem[] = [];
  let existing = 0;
  let unsubscribed = 0;
  for (const member of members) {
    const key = emailKey(member.email);
    const earlier = firstRow.get(key);
    if (earlier !== undefined) {
      repeated.push({ row: member.row, reason: `The same address as row ${earlier}.` });
      continue;
    }
    firstRow.set(key, member.row);
    if (suppressed.has(key)) unsubscribed += 1;
    else if (listed.has(key)) existing += 1;
    else fresh.push(importRow(member.email, key, member.name));
  }
  const all = [...problems, ...repeated].sort((a, b) => a.row - b.row);
  const chunks: string[] = [];
  if (withRows) for (let start = 0; start < fresh.length; start += IMPORT_CHUNK) chunks.push(JSON.stringify(fresh.slice(start, start + IMPORT_CHUNK)));
  return {
    summary: {
      rows: members.length + problems.length,
      added: fresh.length,
      existing,
      suppressed: unsubscribed,
      invalid: all.length,
      problems: all.slice(0, MAX_LISTED_PROBLEMS),
    },
    chunks,
  };
}

export const planImportTask = defineTask('newsletter.plan-import', planImport);

import Papa from 'papaparse';
import { excelCsv } from '../../../../../platform/csv/excel';
import { Refusal } from '../../../../../platform/errors';
import { addMemberRequestSchema, MAX_IMPORT_ROWS, type Member } from '../../../contract';

/**
 * The mailing list as CSV: what an import reads (a spreadsheet's export, UTF-8, with or without
 * a header row) and what an export writes (UTF-8 with a byte order mark, so Excel reads it as
 * UTF-8; cells that a spreadsheet would run as a formula neutralised).
 */

export interface CsvMember {
  /** The row's number as a spreadsheet shows it (the header, when there is one, is row 1). */
  row: number;
  email: string;
  name: string;
}

export interface CsvProblem {
  row: number;
  reason: string;
}

const BOM = '\uFEFF';
const EMAIL_HEADER = /^(e-?mail|e-?mail address|address)$/i;
const NAME_HEADER = /^(name|full ?name|member|parent)$/i;

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Refusal(400, 'encoding', 'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)" and try again.');
  }
}

/** Which columns hold the address and the name: from a header row, or guessed from the first row (the one with an @ is the address). */
function columnsOf(first: string[]): { header: boolean; email: number; name: number } {
  const email = first.findIndex((cell) => EMAIL_HEADER.test(cell.trim()));
  if (email >= 0) {
    const name = first.findIndex((cell, i) => i !== email && NAME_HEADER.test(cell.trim()));
    return { header: true, email, name: name >= 0 ? name : first.findIndex((_, i) => i !== email) };
  }
  const at = first.findIndex((cell) => cell.includes('@'));
  const emailColumn = at >= 0 ? at : 0;
  return { header: false, email: emailColumn, name: first.findIndex((_, i) => i !== emailColumn) };
}

/** The members a CSV file lists, and the rows it cannot use; refuses a file that is not a readable CSV of at most MAX_IMPORT_ROWS rows. */
export function readMembersCsv(bytes: Uint8Array): { members: CsvMember[]; problems: CsvProblem[] } {
  let text = decodeUtf8(bytes);
  if (text.startsWith(BOM)) text = text.slice(1);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', preview: MAX_IMPORT_ROWS + 2 });
  const broken = parsed.errors.find((error) => error.code === 'MissingQuotes' || error.code === 'InvalidQuotes');
  if (broken) throw new Refusal(400, 'invalid_csv', `The file is not a readable CSV: a quote is not closed (row ${(broken.row ?? 0) + 1}).`);
  const rows = parsed.data;
  if (rows.length === 0) throw new Refusal(400, 'empty', 'The file holds no members.');
  const columns = columnsOf(rows[0] ?? []);
  const body = columns.header ? rows.slice(1) : rows;
  if (body.length > MAX_IMPORT_ROWS) throw new Refusal(413, 'too_many_rows', `A file can hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} members. Split it and import the parts one after the other.`);
  const offset = columns.header ? 2 : 1;
  const members: CsvMember[] = [];
  const problems: CsvProblem[] = [];
  body.forEach((cells, i) => {
    const row = i + offset;
    const checked = addMemberRequestSchema.safeParse({ email: cells[columns.email] ?? '', fullname: columns.name >= 0 ? (cells[columns.name] ?? '') : '' });
    if (checked.success) members.push({ row, email: checked.data.email, name: checked.data.fullname });
    else problems.push({ row, reason: checked.error.issues[0]?.message ?? 'This row cannot be read.' });
  });
  return { members, problems };
}

/** The list as Excel opens it correctly (excelCsv: BOM, CRLF lines, formulas neutralised). */
export function membersCsv(members: readonly Member[]): string {
  return excelCsv(
    ['Email', 'Name', 'Subscribed'],
    members.map((m) => [m.address, m.name, m.subscribed ? 'Yes' : 'No']),
  );
}

import Papa from 'papaparse';
import { Refusal } from '../../../../../platform/errors';
import { LEAVERS_CLASS_LIST_REFUSED, MAX_LEAVERS_ROWS } from '../../../rules';

/**
 * Reading a leavers CSV as spreadsheets save it: UTF-8 with or without a byte order mark, or
 * Windows-1252 (Excel's "CSV (Comma delimited)" on Windows) when the bytes are not UTF-8, or
 * UTF-16 with its mark (Excel's "Unicode Text"); `,`, `;` (European Excel) or tab separators;
 * quoted fields that hold line breaks. The first row names the columns. Pure: no database.
 */

/** The columns the spec asks for, as the help text and the refusals name them. */
export const REQUIRED_COLUMNS = ['First Name', 'Last Name', 'Class'] as const;

export interface LeaverLine {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  firstname: string;
  lastname: string;
  class: string;
  /** The row's values in the file's ID columns (the school's extra fields), in the school's field order; empty ones left out. */
  ids: Array<{ field: string; value: string }>;
}

export interface LeaversFile {
  lines: LeaverLine[];
  /** The school's extra fields the file has a column for. */
  idFields: string[];
}

/** A column name compared without case, spaces, punctuation or accents: 'First Name', 'first_name' and 'FirstName' are one. */
export function columnKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const FIRST_NAME = new Set(['firstname', 'first', 'givenname', 'givennames', 'forename', 'forenames', 'publicfirstname']);
const LAST_NAME = new Set(['lastname', 'last', 'surname', 'familyname', 'publiclastname']);
const CLASS = new Set(['class', 'classcode', 'form', 'formclass', 'homeroom']);
/** The class list's own columns (spec section 3, Class row): a file with these and no names is a class list. */
const CLASS_LIST = new Set(['classcode', 'mailbox', 'classmailbox', 'classname', 'name', 'teachers', 'teacher', 'folders', 'subjectfolders']);

/** Longest cell text kept for the summary: a name or class is far shorter; a runaway cell is not echoed whole. */
const MAX_CELL = 200;

function clean(cell: string | undefined): string {
  const text = (cell ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
  return text.length > MAX_CELL ? Array.from(text).slice(0, MAX_CELL).join('') : text;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** The file's text: UTF-16 by its mark, else UTF-8, else Windows-1252 (any byte sequence is valid there). */
export function decodeCsv(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes);
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes);
  // A workbook (.xlsx is a zip) or any other binary file: refused before it is read as text.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0]) || bytes.includes(0)) {
    throw new Refusal(400, 'not_csv', 'This is not a CSV file. In your spreadsheet, choose Save As and the CSV format, then upload that file.');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const SEPARATORS = [',', ';', '\t'];

/** How many of a header's cells are columns this reader knows (the school's extra fields included). */
function knownColumns(header: readonly string[], fieldKeys: ReadonlySet<string>): number {
  return header.filter((cell) => {
    const key = columnKey(cell);
    return FIRST_NAME.has(key) || LAST_NAME.has(key) || CLASS.has(key) || CLASS_LIST.has(key) || fieldKeys.has(key);
  }).length;
}

/**
 * The separator: Papa Parse's guess, checked against the header. A name with a comma in a
 * `;`-separated file can mislead the guess, so the separator that makes the first row read as the
 * most known column names wins (the guess when none does better).
 */
function separatorOf(text: string, fieldKeys: ReadonlySet<string>): string {
  const guessed = Papa.parse<string[]>(text, { preview: 10, delimitersToGuess: SEPARATORS }).meta.delimiter;
  let best = SEPARATORS.includes(guessed) ? guessed : ',';
  let bestScore = knownColumns(Papa.parse<string[]>(text, { preview: 1, delimiter: best }).data[0] ?? [], fieldKeys);
  for (const separator of SEPARATORS) {
    const score = knownColumns(Papa.parse<string[]>(text, { preview: 1, delimiter: separator }).data[0] ?? [], fieldKeys);
    if (score > bestScore) [best, bestScore] = [separator, score];
  }
  return best;
}

function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

/** Where each column is (-1: absent), refusing a class list and a file without the required columns. */
function columnsOf(header: readonly string[], fields: readonly string[]) {
  const keys = header.map(columnKey);
  const first = keys.findIndex((key) => FIRST_NAME.has(key));
  const last = keys.findIndex((key) => LAST_NAME.has(key));
  const klass = keys.findIndex((key) => CLASS.has(key));
  if (first < 0 && last < 0 && keys.some((key) => CLASS_LIST.has(key) && key !== 'name' && key !== 'class')) {
    throw new Refusal(400, 'class_list', LEAVERS_CLASS_LIST_REFUSED);
  }
  const missing = REQUIRED_COLUMNS.filter((_, i) => [first, last, klass][i] === -1);
  if (missing.length > 0) {
    throw new Refusal(
      400,
      'missing_columns',
      `The file has no ${listed(missing)} column. Its first row must name the columns: ${REQUIRED_COLUMNS.join(', ')}.`,
    );
  }
  // An extra field's column by its name; a bare 'ID' column stands for the school's one ID-like field.
  const idLike = fields.filter((field) => columnKey(field).endsWith('id'));
  const ids = fields
    .map((field) => {
      let at = keys.indexOf(columnKey(field));
      if (at < 0 && idLike.length === 1 && idLike[0] === field) at = keys.indexOf('id');
      return { field, at };
    })
    .filter((id) => id.at >= 0);
  return { first, last, klass, ids };
}

/**
 * The students a leavers file lists, or a refusal (400) that says what is wrong with the file:
 * not CSV, empty, a quote not closed, a class list, required columns missing, too many rows.
 * `fields` are the school's extra fields (the ID columns a file may have).
 */
export function readLeaversCsv(bytes: Uint8Array, fields: readonly string[]): LeaversFile {
  const text = decodeCsv(bytes).replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new Refusal(400, 'empty', 'The file is empty.');
  const fieldKeys = new Set(fields.map(columnKey));
  const parsed = Papa.parse<string[]>(text, { delimiter: separatorOf(text, fieldKeys), skipEmptyLines: false });
  const broken = parsed.errors.find((error) => error.code === 'MissingQuotes' || error.code === 'InvalidQuotes');
  if (broken) throw new Refusal(400, 'invalid_csv', `The file is not a readable CSV: a quote is not closed (row ${(broken.row ?? 0) + 1}).`);

  const [header = [], ...body] = parsed.data;
  const columns = columnsOf(header, fields);
  const lines: LeaverLine[] = [];
  body.forEach((cells, i) => {
    // Blank rows are skipped but keep their number, as a spreadsheet shows them.
    if (cells.every((cell) => cell.trim() === '')) return;
    if (lines.length === MAX_LEAVERS_ROWS) {
      throw new Refusal(
        400,
        'too_many_rows',
        `A leavers file can list at most ${MAX_LEAVERS_ROWS.toLocaleString('en-GB')} students. Split it and upload the parts one after the other.`,
      );
    }
    lines.push({
      row: i + 2,
      firstname: clean(cells[columns.first]),
      lastname: clean(cells[columns.last]),
      class: clean(cells[columns.klass]),
      ids: columns.ids.map(({ field, at }) => ({ field, value: clean(cells[at]) })).filter((id) => id.value !== ''),
    });
  });
  if (lines.length === 0) throw new Refusal(400, 'empty', 'The file lists no students: it has column names but no rows under them.');
  return { lines, idFields: columns.ids.map((id) => id.field) };
}

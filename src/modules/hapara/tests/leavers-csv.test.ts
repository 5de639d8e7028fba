import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEAVERS_CLASS_LIST_REFUSED, MAX_LEAVERS_ROWS } from '../rules';
import { Refusal } from '../../../platform/errors';
import { readLeaversCsv, type LeaverLine } from '../server/embedded/leavers/csv';
import { matchLeavers, type RosterStudent } from '../server/embedded/leavers/match';

/** Reading a leavers CSV as spreadsheets save it, and matching its rows to a roster. */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../tests/fixtures/hapara');
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));
const bytes = (text: string) => new TextEncoder().encode(text);
const names = (lines: LeaverLine[]) => lines.map((l) => [l.row, l.firstname, l.lastname, l.class]);

function refusalOf(work: () => unknown): { status: number; message: string; code: string } {
  try {
    work();
  } catch (err) {
    if (err instanceof Refusal) return { status: err.status, message: err.message, code: err.code };
    throw err;
  }
  throw new Error('Expected a refusal');
}

describe('leavers CSV: reading', () => {
  it('reads UTF-8 with a byte order mark, `;` separators and a quoted field holding a line break, numbering rows as a spreadsheet does', () => {
    const file = readLeaversCsv(fixture('leavers-bom-semicolon.csv'), []);
    // The quoted note spans two lines of the file but is one spreadsheet row: Zoë is row 3.
    expect(names(file.lines)).toEqual([
      [2, 'Aroha', 'Ngāta', '9B'],
      [3, 'Zoë', 'Müller', '10A'],
    ]);
    expect(file.idFields).toEqual([]);
  });

  it('reads Windows-1252 when the bytes are not UTF-8 (Excel’s plain “CSV” on Windows)', () => {
    const file = readLeaversCsv(fixture('leavers-windows-1252.csv'), []);
    expect(names(file.lines)).toEqual([
      [2, 'Zoë', 'Smith', '9B'],
      [3, 'José', 'García', '10A'],
    ]);
  });

  it('reads UTF-16 with its mark (Excel’s “Unicode Text”, tab separated)', () => {
    const text = 'First Name\tLast Name\tClass\r\nMāui\tTe Rangi\t9B\r\n';
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, 'utf16le'))]);
    expect(names(readLeaversCsv(utf16, []).lines)).toEqual([[2, 'Māui', 'Te Rangi', '9B']]);
  });

  it('reads tab separators and the school’s ID column; column names compared without case or spaces', () => {
    const file = readLeaversCsv(fixture('leavers-tab-id.csv'), ['Student ID']);
    expect(file.idFields).toEqual(['Student ID']);
    expect(file.lines).toEqual([{ row: 2, firstname: 'Aroha', lastname: 'Ngata', class: '9B', ids: [{ field: 'Student ID', value: '1001' }] }]);
    const loose = readLeaversCsv(bytes('firstname,SURNAME, class ,student_id,Email\nAda,Lovelace,9B,77,ada@example.org\n'), ['Student ID']);
    expect(loose.lines).toEqual([{ row: 2, firstname: 'Ada', lastname: 'Lovelace', class: '9B', ids: [{ field: 'Student ID', value: '77' }] }]);
  });

  it('a bare ID column stands for the school’s one ID field; an empty ID is no ID', () => {
    const file = readLeaversCsv(bytes('First Name,Last Name,Class,ID\nAda,Lovelace,9B,\nBo,Li,9B,12\n'), ['Student ID', 'House']);
    expect(file.lines.map((l) => l.ids)).toEqual([[], [{ field: 'Student ID', value: '12' }]]);
  });

  it('picks the separator by the header when a comma in a name misleads the guess', () => {
    const text = 'First Name;Last Name;Class\n"Smith, Jr";Ann;9B\n"Lee, Sr";Bo;9B\n';
    expect(names(readLeaversCsv(bytes(text), []).lines)).toEqual([
      [2, 'Smith, Jr', 'Ann', '9B'],
      [3, 'Lee, Sr', 'Bo', '9B'],
    ]);
  });

  it('skips blank rows but keeps the numbers after them; trims and joins spaces; keeps Unicode in NFC', () => {
    const decomposed = 'Ma\u0304ui';
    const file = readLeaversCsv(bytes(`First Name,Last Name,Class\n\n  Ada  Mary ,  Lovelace ,9B\n,,\n${decomposed},O’Brien,10A\n\n`), []);
    expect(names(file.lines)).toEqual([
      [3, 'Ada Mary', 'Lovelace', '9B'],
      [5, 'Māui', 'O’Brien', '10A'],
    ]);
    expect(file.lines[1]?.firstname).toBe('Māui'.normalize('NFC'));
  });

  it('refuses a class list uploaded by mistake with the spec’s warning', () => {
    expect(refusalOf(() => readLeaversCsv(fixture('class-list.csv'), []))).toEqual({ status: 400, message: LEAVERS_CLASS_LIST_REFUSED, code: 'class_list' });
    expect(refusalOf(() => readLeaversCsv(bytes('Mailbox;Name;Teachers;Subject Folders\n9b;Year 9;jsmith;*\n'), [])).code).toBe('class_list');
  });

  it('names the missing required columns', () => {
    expect(refusalOf(() => readLeaversCsv(bytes('First Name,Surname\nAda,Lovelace\n'), []))).toEqual({
      status: 400,
      message: 'The file has no Class column. Its first row must name the columns: First Name, Last Name, Class.',
      code: 'missing_columns',
    });
    expect(refusalOf(() => readLeaversCsv(bytes('Name,Class\nAda Lovelace,9B\n'), [])).message).toBe(
      'The file has no First Name and Last Name column. Its first row must name the columns: First Name, Last Name, Class.',
    );
    // No header row at all: the first student is taken for column names, and they are not.
    expect(refusalOf(() => readLeaversCsv(bytes('Ada,Lovelace,9B\n'), [])).code).toBe('missing_columns');
  });

  it('refuses an empty file, a header without rows, a quote not closed, a workbook, too many rows', () => {
    expect(refusalOf(() => readLeaversCsv(bytes(''), []))).toMatchObject({ status: 400, message: 'The file is empty.' });
    expect(refusalOf(() => readLeaversCsv(bytes(' \r\n'), []))).toMatchObject({ status: 400, message: 'The file is empty.' });
    expect(refusalOf(() => readLeaversCsv(bytes('First Name,Last Name,Class\r\n\r\n'), []))).toMatchObject({
      status: 400,
      message: 'The file lists no students: it has column names but no rows under them.',
    });
    expect(refusalOf(() => readLeaversCsv(bytes('First Name,Last Name,Class\nAda,Lovelace,9B\n"Bo,Li,9B\nCy,Young,9B\n'), []))).toMatchObject({
      status: 400,
      message: 'The file is not a readable CSV: a quote is not closed (row 3).',
    });
    expect(refusalOf(() => readLeaversCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), []))).toMatchObject({ status: 400, code: 'not_csv' });
    const many = `First Name,Last Name,Class\n${'Ada,Lovelace,9B\n'.repeat(MAX_LEAVERS_ROWS + 1)}`;
    expect(refusalOf(() => readLeaversCsv(bytes(many), []))).toMatchObject({
      status: 400,
      message: 'A leavers file can list at most 10,000 students. Split it and upload the parts one after the other.',
    });
    expect(readLeaversCsv(bytes(`First Name,Last Name,Class\n${'Ada,Lovelace,9B\n'.repeat(MAX_LEAVERS_ROWS)}`), []).lines).toHaveLength(MAX_LEAVERS_ROWS);
  });
});

describe('leavers CSV: matching to the roster', () => {
  const roster: RosterStudent[] = [
    { id: 1, firstname: 'Aroha', lastname: 'Ngāta', classCode: '9B', email: 'aroha.ngata@students.example', extra: { 'Student ID': '1001' } },
    { id: 2, firstname: 'Zoë', lastname: 'Smith', classCode: '9B', email: 'zoe.smith@students.example', extra: { 'Student ID': '1002' } },
    { id: 3, firstname: 'Zoe', lastname: 'Smith', classCode: '9B', email: 'zoe.smith2@students.example', extra: { 'Student ID': '1003' } },
    { id: 4, firstname: 'Sam', lastname: 'Lee', classCode: '10A', email: 'sam.lee@students.example', extra: { 'Student ID': '1004' } },
    { id: 5, firstname: 'Sam', lastname: 'Lee', classCode: '10A', email: 'sam.lee2@students.example', extra: { 'Student ID': '1005' } },
    { id: 6, firstname: 'Kim', lastname: 'O’Neil', classCode: '10A', email: 'kim.oneil@students.example', extra: { 'Student ID': '1006' } },
  ];
  const classes = [
    { code: '9B', name: 'Year 9 Blue' },
    { code: '10A', name: 'Year 10 Amber' },
  ];
  const line = (row: number, firstname: string, lastname: string, klass: string, id?: string): LeaverLine => ({
    row,
    firstname,
    lastname,
    class: klass,
    ids: id ? [{ field: 'Student ID', value: id }] : [],
  });

  it('matches by name and class without case, accents or apostrophe kinds; by class name too; the roster’s names are shown', () => {
    const result = matchLeavers({
      lines: [line(2, 'AROHA', 'ngata', '9b'), line(3, 'Kim', "O'Neil", 'Year 10 Amber')],
      roster,
      classes,
      pending: new Set(),
    });
    expect(result.matched).toEqual([
      { row: 2, firstname: 'Aroha', lastname: 'Ngāta', class: '9B', index: 1, email: 'aroha.ngata@students.example' },
      { row: 3, firstname: 'Kim', lastname: 'O’Neil', class: '10A', index: 6, email: 'kim.oneil@students.example' },
    ]);
  });

  it('prefers the student written exactly as the file writes them when only accents tell two apart; else ambiguous with the count', () => {
    const result = matchLeavers({
      lines: [line(2, 'Zoë', 'Smith', '9B'), line(3, 'Sam', 'Lee', '10A'), line(4, 'ZOE', 'SMITH', '9B')],
      roster,
      classes,
      pending: new Set(),
    });
    // 'ZOE' is 'Zoe' in capitals: written exactly so, bar the case.
    expect(result.matched.map((m) => [m.row, m.index])).toEqual([
      [2, 2],
      [4, 3],
    ]);
    expect(result.ambiguous).toEqual([{ row: 3, firstname: 'Sam', lastname: 'Lee', class: '10A', candidates: 2 }]);
    const accents = [...roster, { id: 7, firstname: 'Zoé', lastname: 'Smith', classCode: '9B', email: 'zoe.smith3@students.example', extra: {} }];
    expect(matchLeavers({ lines: [line(2, 'Zoè', 'Smith', '9B')], roster: accents, classes, pending: new Set() }).ambiguous).toEqual([
      { row: 2, firstname: 'Zoè', lastname: 'Smith', class: '9B', candidates: 3 },
    ]);
  });

  it('matches by ID when the row has one (exact), and says why a row fits nobody', () => {
    const result = matchLeavers({
      lines: [
        line(2, 'Sam', 'Lee', '10A', '1005'),
        line(3, 'Sam', 'Lee', '10A', '9999'),
        line(4, 'Nobody', 'Here', '9B'),
        line(5, 'Sam', 'Lee', '12Z'),
        line(6, 'Sam', '', '10A'),
      ],
      roster,
      classes,
      pending: new Set(),
    });
    expect(result.matched.map((m) => [m.row, m.index])).toEqual([[2, 5]]);
    expect(result.unknown.map((u) => [u.row, u.reason])).toEqual([
      [3, 'No student with this ID (Student ID 9999)'],
      [4, 'No student with this name in class 9B'],
      [5, 'No class 12Z at your school'],
      [6, 'Missing Last Name'],
    ]);
  });

  it('puts a student with a pending request aside, and a student listed twice is reported on the second row', () => {
    const result = matchLeavers({
      lines: [line(2, 'Aroha', 'Ngata', '9B'), line(3, 'Kim', 'O’Neil', '10A'), line(4, 'Aroha', 'Ngāta', '9B', '1001'), line(5, 'kim', 'o’neil', '10a')],
      roster,
      classes,
      pending: new Set([6]),
    });
    expect(result).toEqual({
      rows: 4,
      matched: [{ row: 2, firstname: 'Aroha', lastname: 'Ngāta', class: '9B', index: 1, email: 'aroha.ngata@students.example' }],
      ambiguous: [],
      unknown: [
        { row: 4, firstname: 'Aroha', lastname: 'Ngāta', class: '9B', reason: 'Listed twice (row 2)' },
        { row: 5, firstname: 'kim', lastname: 'o’neil', class: '10a', reason: 'Listed twice (row 3)' },
      ],
      pending: [{ row: 3, firstname: 'Kim', lastname: 'O’Neil', class: '10A', index: 6 }],
    });
  });
});

import Papa from 'papaparse';
import type { StudentRecord } from './repository';

/**
 * The student list as CSV for Excel (Export CSV): UTF-8 with a byte order mark, so Excel reads
 * it as UTF-8 (macrons and accents intact); CRLF lines; cells a spreadsheet would run as a
 * formula (=, +, -, @, tab, carriage return first) get a leading apostrophe.
 */

const BOM = '\uFEFF';
const FORMULA = /^[=+\-@\t\r]/;

export const STUDENT_CSV_COLUMNS = ['First Name', 'Last Name', 'Class', 'Email', 'Username'] as const;

export function studentsCsv(students: readonly StudentRecord[], fields: readonly string[]): string {
  return (
    BOM +
    Papa.unparse(
      {
        fields: [...STUDENT_CSV_COLUMNS, ...fields],
        data: students.map((s) => [s.first_name, s.last_name, s.class_code, s.email, s.username, ...fields.map((field) => s.extra[field] ?? '')]),
      },
      { escapeFormulae: FORMULA, newline: '\r\n' },
    )
  );
}

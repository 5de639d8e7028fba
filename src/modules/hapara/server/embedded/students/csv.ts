import { excelCsv } from '../../../../../platform/csv/excel';
import type { StudentRecord } from './repository';

/** The student list as CSV for Excel (Export CSV; excelCsv: BOM, CRLF lines, formulas neutralised). */

export const STUDENT_CSV_COLUMNS = ['First Name', 'Last Name', 'Class', 'Email', 'Username'] as const;

export function studentsCsv(students: readonly StudentRecord[], fields: readonly string[]): string {
  return excelCsv(
    [...STUDENT_CSV_COLUMNS, ...fields],
    students.map((s) => [s.first_name, s.last_name, s.class_code, s.email, s.username, ...fields.map((field) => s.extra[field] ?? '')]),
  );
}

import type { LeaversSummary } from '../../../contract';
import type { LeaverLine } from './csv';

/**
 * Matching a leavers file's rows to the roster. A row with an ID (one of the school's extra
 * fields) is matched by that value, exactly; any other row by first name, last name and class,
 * compared without case, spacing or accents: a spreadsheet often has 'Maori' for 'Māori' or
 * 'Zoe' for 'Zoë'. When accents alone tell several students apart, the one written exactly as the
 * file writes it wins. Pure: the roster comes in.
 */

export interface RosterStudent {
  id: number;
  firstname: string;
  lastname: string;
  classCode: string;
  email: string;
  /** The extra fields' values by field name. */
  extra: Readonly<Record<string, string>>;
}

export interface MatchInput {
  lines: readonly LeaverLine[];
  /** The approved roster only: a pending addition is nobody yet. */
  roster: readonly RosterStudent[];
  classes: ReadonlyArray<{ code: string; name: string }>;
  /** Students with a request (of any kind) waiting for verification. */
  pending: ReadonlySet<number>;
}

export type LeaversMatch = Omit<LeaversSummary, 'requested' | 'dryRun'>;

/** A name or class as compared: NFC, lower case, one space, no diacritics, one kind of apostrophe. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The same, keeping accents: what 'written exactly as the file writes it' compares. */
function exactText(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

const nameKey = (first: string, last: string, classCode: string) => `${foldText(first)}\u0000${foldText(last)}\u0000${foldText(classCode)}`;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function missingOf(line: LeaverLine): string[] {
  const missing: string[] = [];
  if (line.firstname === '') missing.push('First Name');
  if (line.lastname === '') missing.push('Last Name');
  if (line.class === '') missing.push('Class');
  return missing;
}

type Found = { student: RosterStudent } | { candidates: number } | { reason: string };

export function matchLeavers({ lines, roster, classes, pending }: MatchInput): LeaversMatch {
  const byName = new Map<string, RosterStudent[]>();
  const byId = new Map<string, RosterStudent[]>();
  // A class cell may hold the class code or the class name; both lead to the code.
  const classCodes = new Map<string, Set<string>>();
  const addClass = (text: string, code: string) => {
    const key = foldText(text);
    const codes = classCodes.get(key) ?? new Set<string>();
    codes.add(foldText(code));
    classCodes.set(key, codes);
  };
  for (const student of roster) {
    push(byName, nameKey(student.firstname, student.lastname, student.classCode), student);
    for (const [field, value] of Object.entries(student.extra)) if (value.trim() !== '') push(byId, `${field}\u0000${value.trim()}`, student);
    addClass(student.classCode, student.classCode);
  }
  for (const klass of classes) {
    addClass(klass.code, klass.code);
    addClass(klass.name, klass.code);
  }

  const find = (line: LeaverLine): Found => {
    const id = line.ids[0];
    if (id) {
      const found = byId.get(`${id.field}\u0000${id.value}`) ?? [];
      if (found.length === 0) return { reason: `No student with this ID (${id.field} ${id.value})` };
      return found.length === 1 && found[0] ? { student: found[0] } : { candidates: found.length };
    }
    const missing = missingOf(line);
    if (missing.length > 0) return { reason: `Missing ${missing.join(', ')}` };
    const codes = classCodes.get(foldText(line.class));
    if (!codes) return { reason: `No class ${line.class} at your school` };
    const found = [...codes].flatMap((code) => byName.get(`${foldText(line.firstname)}\u0000${foldText(line.lastname)}\u0000${code}`) ?? []);
    if (found.length === 0) return { reason: `No student with this name in class ${line.class}` };
    if (found.length === 1 && found[0]) return { student: found[0] };
    const exact = found.filter((s) => exactText(s.firstname) === exactText(line.firstname) && exactText(s.lastname) === exactText(line.lastname));
    return exact.length === 1 && exact[0] ? { student: exact[0] } : { candidates: found.length };
  };

  const result: LeaversMatch = { rows: lines.length, matched: [], ambiguous: [], unknown: [], pending: [] };
  const firstRow = new Map<number, number>();
  for (const line of lines) {
    const asRead = { row: line.row, firstname: line.firstname, lastname: line.lastname, class: line.class };
    const found = find(line);
    if ('reason' in found) {
      result.unknown.push({ ...asRead, reason: found.reason });
      continue;
    }
    if ('candidates' in found) {
      result.ambiguous.push({ ...asRead, candidates: found.candidates });
      continue;
    }
    const { student } = found;
    const earlier = firstRow.get(student.id);
    if (earlier !== undefined) {
      result.unknown.push({ ...asRead, reason: `Listed twice (row ${earlier})` });
      continue;
    }
    firstRow.set(student.id, line.row);
    // A matched row names the roster's student as the roster has it: that is who would be deleted.
    const who = { row: line.row, firstname: student.firstname, lastname: student.lastname, class: student.classCode, index: student.id };
    if (pending.has(student.id)) result.pending.push(who);
    else result.matched.push({ ...who, email: student.email });
  }
  return result;
}

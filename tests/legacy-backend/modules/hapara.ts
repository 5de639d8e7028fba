/**
 * The hapara (Learning in the Cloud) calls of the reference legacy backend, answering as the
 * provider's backend does, quirks included:
 *
 *   GET  /api/hapara/manage/studentlist
 *        -> {studentList: [{'First Name', 'Last Name', 'Class', 'Email', index: "12", Status: '' | 'Pending Addition' | 'Pending Change' | 'Pending Deletion'}]}
 *           (keys with spaces; the index as text; in the order they were added)
 *   GET  /api/hapara/manage/students -> {classes: [{code, name}], fields: "Student ID"} (fields comma-separated text)
 *   POST /api/hapara/manage/updatestudent {firstname, lastname, class, email, index} -> {student} (the row as listed, marked pending)
 *   POST /api/hapara/manage/students/add {publicfirstname, publiclastname, class, ...fields} -> {student}
 *   POST /api/hapara/manage/students/delete {index} -> {} (no student: the caller knows who it was)
 *   GET  /api/hapara/manage/students/download -> text/csv attachment
 *   GET  /api/hapara/manage/classes
 *        -> {classes: [{Mailbox, Name, Teachers: "a.b, c.d", 'Subject Folders': "*,Maths"}], folders: ["*", "Maths", ...]}
 *   POST /api/hapara/upload/classmanagement {classes: [same shape as listed]} -> {changed: "2"}
 *   GET  /api/hapara/status -> {status: [{domain, status, updated: 'YYYY-MM-DD HH:MM:SS' | 0}]}
 *
 * Every change is kept in `requests` (what the provider would verify) besides marking the rows.
 */
import type { LegacyRouter } from '../router';
import { legacyFail, legacyOk } from '../router';
import type { School } from '../store';

export interface LegacyStudent {
  'First Name': string;
  'Last Name': string;
  Class: string;
  Email: string;
  index: string;
  Status: string;
  [field: string]: string;
}

export interface LegacyClass {
  Mailbox: string;
  Name: string;
  Teachers: string;
  'Subject Folders': string;
}

export interface HaparaSlice {
  students: LegacyStudent[];
  classes: LegacyClass[];
  folders: string[];
  fields: string;
  nextIndex: number;
  requests: { kind: string; payload: unknown }[];
  updated: string;
}

const FIRST_NAMES = ['Aroha', 'Ben', 'Chloé', 'Dev', 'Ema', 'Finn', 'Grace', 'Hemi', 'Isla', 'Jack', 'Kiri', 'Liam', 'Mia', 'Noah'];
const LAST_NAMES = ['Ngata', 'Smith', 'Dubois', 'Patel', 'Tupou', 'O’Brien', 'Walker', 'Parata', 'Brown', 'Wilson', 'Rāwiri', 'Chen', 'Taylor', 'Jones'];

function seed(school: School): HaparaSlice {
  const domain = school.label;
  const classes: LegacyClass[] = [
    { Mailbox: 'room1', Name: 'Room 1', Teachers: 'j.grey, p.kent', 'Subject Folders': '*' },
    { Mailbox: 'room2', Name: 'Room 2', Teachers: 'a.moana', 'Subject Folders': 'Maths,English' },
    { Mailbox: 'room3', Name: 'Room 3', Teachers: '', 'Subject Folders': '' },
  ];
  const students = FIRST_NAMES.map((first, i): LegacyStudent => {
    const last = LAST_NAMES[i] ?? 'Doe';
    return {
      'First Name': first,
      'Last Name': last,
      Class: classes[i % classes.length]!.Mailbox,
      Email: `${first
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z]/g, '')}${i + 1}@${domain}`,
      index: String(i + 1),
      Status: '',
      'Student ID': String(1000 + i),
    };
  });
  // Another school's roster is its own: its first student tells them apart in the tests.
  if (domain !== 'legacy.school') students[0]!['First Name'] = 'Otto';
  return {
    students,
    classes,
    folders: ['*', 'Maths', 'English', 'Science'],
    fields: 'Student ID',
    nextIndex: students.length + 1,
    requests: [],
    updated: '2024-05-01 09:30:00',
  };
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function registerHapara(router: LegacyRouter): void {
  router.on('GET', '/api/hapara/manage/studentlist', (request, store) => {
    const data = store.slice(request.school!, 'hapara', () => seed(request.school!));
    return legacyOk({ studentList: data.students });
  });

  router.on('GET', '/api/hapara/manage/students', (request, store) => {
    const data = store.slice(request.school!, 'hapara', () => seed(request.school!));
    return legacyOk({ classes: data.classes.map((c) => ({ code: c.Mailbox, name: c.Name })), fields: data.fields });
  });

  router.on('POST', '/api/hapara/manage/students/add', async (request, store) => {
    const data = store.slice(request.school!, 'hapara', () => seed(request.school!));
    const body = ((await request.json()) ?? {}) as Record<string, unknown>;
    const first = text(body.publicfirstname);
    const last = text(body.publiclastname);
    const code = text(body.class);
    const fields = data.fields
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    if (!first || !last || !code || fields.some((f) => !text(body[f]))) return legacyFail('Failed! All fields must be filled in!');
    if (!data.classes.some((c) => c.Mailbox === code)) return legacyFail('Unknown class.');
    const index = String(data.nextIndex++);
    const student: LegacyStudent = {
      'First Name': first,
      'Last Name': last,
      Class: code,
      Email: `${first.toLowerCase().replace(/[^a-z]/g, '')}.${last.toLowerCase().replace(/[^a-z]/g, '')}${index}@${request.school!.label}`,
      index,
      Status: 'Pending Addition',
      ...Object.fromEntries(fields.map((f) => [f, text(body[f])])),
    };
    data.students.push(student);
    data.requests.push({ kind: 'add', payload: body });
    data.updated = now();
    return legacyOk({ student });
  });

  router.on('POST', '/api/hapara/manage/updatestudent', async (request, store) => {
    const data = store.slice(request.school!, 'hapara', () => seed(request.school!));
    const body = ((await request.json()) ?? {}) as Record<string, unknown>;
    const student = data.students.find((s) => s.index === text(body.index));
    if (!student) return legacyFail('Student not found.');
    if (!text(body.firstname) || !text(body.lastname) || !text(body.class) || !text(body.email)) return legacyFail('Failed! All fields must be filled in!');
    student.Status = 'Pending Change';
    data.requests.push({ kind: 'edit', payload: body });
    data.updated = now();
    return legacyOk({ student });
  });

  router.on('POST', '/api/hapara/manage/students/delete', async (request, store) => {
    const data = store.slice(request.school!, 'hapara', () => seed(request.school!));
    const body = ((await request.json()) ?? {}) as Record<string, unknown>;
    const student = data.students.find((s) => s.index === text(body.index));
    if (!student) return legacyFail('Student not found.');
    student.Status = 'Pending Deletion';
    data.requests.push({ kind: 'delete', payload: { index: student.index } });
    data.updated = now();
    return legacyOk();
  });

  router.on('GET', '/api/hapara/manage/students/download', (request, store) => {
    const data = store.slice(request.school!, 'hapara', () => seed(request.school!));
    const fields = data.fields
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    const columns = ['First Name', 'Last Name', 'Class', 'Email', ...fields];
    const rows = data.students.filter((s) => s.Status !== 'Pending Addition').map((s) => columns.map((c) => csvCell(s[c] ?? '')).join(','));
    return {
      body: `${[columns.join(','), ...rows].join('\r\n')}\r\n`,
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="students-${request.school!.label}.csv"` },
    };
  });

  router.on('GET', '/api/hapara/manage/classes', (request, store) => {
    const data = store.slice(request.school!, 'hapara', () => seed(request.school!));
    return legacyOk({ classes: data.classes, folders: data.folders });
  });

  router.on('POST', '/api/hapara/upload/classmanagement', async (request, store) => {
    const data = store.slice(request.school!, 'hapara', () => seed(request.school!));
    const body = ((await request.json()) ?? {}) as { classes?: unknown };
    if (!Array.isArray(body.classes) || body.classes.length === 0) return legacyFail('Failed! All fields must be filled in!');
    let changed = 0;
    for (const item of body.classes as Record<string, unknown>[]) {
      const found = data.classes.find((c) => c.Mailbox === text(item.Mailbox));
      if (!found) return legacyFail(`Unknown class ${text(item.Mailbox)}.`);
      const next: LegacyClass = {
        Mailbox: found.Mailbox,
        Name: text(item.Name),
        Teachers: text(item.Teachers),
        'Subject Folders': text(item['Subject Folders']),
      };
      if (!next.Name || !next.Teachers || !next['Subject Folders']) return legacyFail('Failed! All fields must be filled in!');
      if (JSON.stringify(next) !== JSON.stringify(found)) changed += 1;
      Object.assign(found, next);
    }
    data.requests.push({ kind: 'classes', payload: body.classes });
    data.updated = now();
    return legacyOk({ changed: String(changed) });
  });

  router.on('GET', '/api/hapara/status', (request, store) => {
    const data = store.slice(request.school!, 'hapara', () => seed(request.school!));
    const waiting = data.requests.length;
    return legacyOk({
      status: [{ domain: request.school!.label, status: waiting === 0 ? 'Up to date' : `${waiting} changes awaiting verification`, updated: data.updated }],
    });
  });
}

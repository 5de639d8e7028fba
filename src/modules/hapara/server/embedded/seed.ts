import { base, en, en_AU, Faker } from '@faker-js/faker';
import type { Db } from '../../../../platform/db';
import { writeSettings } from './settings';
import { makeUsername, studentEmail, usernamePart } from './username';
import { insertStudents, type NewStudent } from './students/repository';
import './schema';

/**
 * The demo school's Learning in the Cloud: 600 students in 24 classes (years 7 to 12, four houses
 * each), 30 teachers, subject folders, a Student ID field and the username rule
 * `{first}.{last}{yy}`. A seeded faker (Australian English, the nearest to New Zealand it has, with
 * Māori names mixed in) makes it the same every run; usernames take the year each cohort started,
 * not the clock's, for the same reason.
 */

const SEED = 1017;
const LEVELS = [7, 8, 9, 10, 11, 12];
const HOUSES = [
  { code: 'KAH', name: 'Kahikatea' },
  { code: 'TOT', name: 'Tōtara' },
  { code: 'RIM', name: 'Rimu' },
  { code: 'KOW', name: 'Kōwhai' },
];
const STUDENTS_PER_CLASS = 25;
const TEACHERS = 30;
const FOLDERS = [
  '*',
  'English',
  'Mathematics',
  'Science',
  'Social Studies',
  'Te Reo Māori',
  'Art',
  'Music',
  'Physical Education',
  'Health',
  'Technology',
  'Languages',
];
const SUBJECTS = FOLDERS.slice(1);
export const DEMO_FIELDS = ['Student ID'];
export const DEMO_USERNAME_RULE = '{first}.{last}{yy}';
/** The year the youngest cohort (year 7) started: older cohorts started a year earlier each. */
const YOUNGEST_COHORT = 2025;

const MAORI_FIRST = [
  'Aroha',
  'Tama',
  'Mere',
  'Wiremu',
  'Anahera',
  'Rangi',
  'Hēmi',
  'Kahu',
  'Moana',
  'Nīkau',
  'Ātaahua',
  'Tāne',
  'Mānaia',
  'Kiri',
  'Hana',
  'Manaaki',
];
const MAORI_LAST = ['Ngata', 'Parata', 'Te Whata', 'Pōmare', 'Tāwhiri', 'Horomona', 'Rāwiri', 'Ngāwhika', 'Te Rangi', 'Kereama', 'Tautahi', 'Whaanga'];

export function demoMailDomain(label: string): string {
  return `students.${label}`;
}

function cohortStart(level: number): number {
  return Date.UTC(YOUNGEST_COHORT - (level - 7), 1, 1) / 1000;
}

export async function seedDemoHapara(db: Db, school: { id: number; label: string }, now: number): Promise<void> {
  const faker = new Faker({ locale: [en_AU, en, base] });
  faker.seed(SEED);
  const mailDomain = demoMailDomain(school.label);
  await writeSettings(db, school.id, { mailDomain, usernameRule: DEMO_USERNAME_RULE, fields: DEMO_FIELDS, folders: FOLDERS });

  const teachers: Array<{ username: string; name: string }> = [];
  const teacherNames = new Set<string>();
  while (teachers.length < TEACHERS) {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const username = `${usernamePart(first).slice(0, 1)}${usernamePart(last)}`;
    if (!username || teacherNames.has(username)) continue;
    teacherNames.add(username);
    teachers.push({ username, name: `${first} ${last}` });
  }
  await db
    .insertInto('hapara_teachers')
    .values(teachers.map((t) => ({ domain_id: school.id, ...t })))
    .execute();

  const classes = LEVELS.flatMap((level) => HOUSES.map((house) => ({ level, code: `${level}${house.code}`, name: `Year ${level} ${house.name}` })));
  await db
    .insertInto('hapara_classes')
    .values(
      classes.map((c, position) => ({
        domain_id: school.id,
        code: c.code,
        name: c.name,
        teachers: JSON.stringify([teachers[(position * 2) % TEACHERS]!.username, teachers[(position * 2 + 1) % TEACHERS]!.username]),
        // The form class's own drive has everything; senior classes see their subjects only.
        folders: JSON.stringify(c.level <= 8 ? ['*'] : faker.helpers.arrayElements(SUBJECTS, { min: 3, max: 6 })),
        position,
      })),
    )
    .execute();

  const ids = faker.helpers.shuffle(Array.from({ length: 90_000 }, (_, i) => 10_000 + i)).slice(0, classes.length * STUDENTS_PER_CLASS);
  const taken = new Set<string>();
  const students: NewStudent[] = [];
  for (const c of classes) {
    for (let i = 0; i < STUDENTS_PER_CLASS; i += 1) {
      const maori = faker.number.int({ min: 1, max: 100 }) <= 15;
      const first = maori ? faker.helpers.arrayElement(MAORI_FIRST) : faker.person.firstName();
      const last = maori ? faker.helpers.arrayElement(MAORI_LAST) : faker.person.lastName();
      const extra = { 'Student ID': String(ids[students.length]) };
      const username = makeUsername(DEMO_USERNAME_RULE, { first, last, now: cohortStart(c.level), extra }, (name) => taken.has(name));
      taken.add(username);
      students.push({ first_name: first, last_name: last, class_code: c.code, email: studentEmail(username, mailDomain), username, extra, pendingAdd: false });
    }
  }
  await insertStudents(db, school.id, students, now);
}

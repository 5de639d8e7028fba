import sharp from 'sharp';
import type { SchoolContext } from '../../../../platform/context';
import type { StaffFields } from '../../rules';
import { uploadStaffPhoto } from './service';
import { insertEntries } from './repository';

/**
 * The demo school's staff lists: the website's (grouped by section, with photos and biographies:
 * its public staff directory) and the app's (a few of the same people and two more, with photos
 * but no biographies, so the app's New Staff form leaves the Bio field out, as spec section 3
 * has it). The portraits are drawn here (a silhouette on a tint, with initials) and stored as the
 * school's uploads, exactly as Upload photo stores them.
 */

interface DemoPerson extends Omit<StaffFields, 'imageURL'> {
  /** Picks the portrait's tint. */
  hue: number;
}

const WEBSITE: readonly DemoPerson[] = [
  {
    name: 'Margaret Tane',
    class: '',
    role: 'Principal',
    email: 'principal@demo.school',
    section: 'Senior Leadership',
    biography:
      'Margaret has led Demo School since 2017. Before that she taught English and drama for fifteen years.\n\nShe believes every student should leave school knowing what they love doing, and her door is always open to parents.',
    hue: 210,
  },
  {
    name: 'David Chen',
    class: '',
    role: 'Deputy Principal',
    email: 'd.chen@demo.school',
    section: 'Senior Leadership',
    biography: 'David looks after the curriculum and student wellbeing. He still teaches one mathematics class a year, by choice.',
    hue: 150,
  },
  {
    name: 'Aroha Ngata',
    class: 'Room 5',
    role: 'Teacher',
    email: 'a.ngata@demo.school',
    section: 'Teaching Staff',
    biography: 'Aroha teaches Year 7 in Room 5 and leads kapa haka. Ask her about the school garden.',
    hue: 20,
  },
  {
    name: 'Liam O’Connor',
    class: 'Room 7',
    role: 'Teacher',
    email: 'l.oconnor@demo.school',
    section: 'Teaching Staff',
    biography: 'Liam teaches Year 8 and coaches the junior football team on Wednesdays.',
    hue: 280,
  },
  {
    name: 'Priya Sharma',
    class: 'Science',
    role: 'Head of Science',
    email: 'p.sharma@demo.school',
    section: 'Teaching Staff',
    biography: 'Priya runs the science department and the lunchtime robotics club.',
    hue: 330,
  },
  {
    name: 'Hemi Walker',
    class: '',
    role: 'Office Manager',
    email: 'office@demo.school',
    section: 'Support Staff',
    biography: 'Hemi is the first person you will meet in the office: absences, uniforms, bus passes and everything in between.',
    hue: 45,
  },
  {
    name: 'Sophie Martin',
    class: '',
    role: 'Librarian',
    email: 'library@demo.school',
    section: 'Support Staff',
    biography: 'Sophie keeps the library open before and after school, and always has a book to recommend.',
    hue: 100,
  },
];

/** The app's list: names of the website's people, in an order of its own, and two more. */
const APP: readonly DemoPerson[] = [
  { name: 'Margaret Tane', class: '', role: 'Principal', email: 'principal@demo.school', section: 'Senior Leadership', biography: '', hue: 210 },
  { name: 'Hemi Walker', class: '', role: 'Office Manager (absences)', email: 'office@demo.school', section: 'Office', biography: '', hue: 45 },
  { name: 'David Chen', class: '', role: 'Deputy Principal', email: 'd.chen@demo.school', section: 'Senior Leadership', biography: '', hue: 150 },
  { name: 'Tama Parata', class: '', role: 'Sports Coordinator', email: 'sport@demo.school', section: 'Sport', biography: '', hue: 0 },
  { name: 'Grace Liu', class: '', role: 'Careers Adviser', email: 'careers@demo.school', section: 'Student Support', biography: '', hue: 180 },
];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => Array.from(part)[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** A 240 px portrait: a silhouette on a tint, the initials across it (the shapes show where no font is installed). */
function portraitSvg(person: DemoPerson): string {
  const back = `hsl(${person.hue}, 45%, 80%)`;
  const figure = `hsl(${person.hue}, 35%, 45%)`;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">' +
    `<rect width="240" height="240" fill="${back}"/>` +
    `<circle cx="120" cy="95" r="48" fill="${figure}"/>` +
    `<path d="M30 240c0-60 40-92 90-92s90 32 90 92z" fill="${figure}"/>` +
    `<text x="120" y="104" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="34" font-weight="bold" fill="#fff" text-anchor="middle">${initials(person.name)}</text>` +
    '</svg>'
  );
}

async function portrait(ctx: SchoolContext, dataDir: string, person: DemoPerson): Promise<string> {
  const png = await sharp(Buffer.from(portraitSvg(person)))
    .png()
    .toBuffer();
  const file = new File([new Uint8Array(png)], `${person.name.toLowerCase().replace(/[^a-z]+/g, '-')}.png`, { type: 'image/png' });
  return (await uploadStaffPhoto(ctx, dataDir, file)).url;
}

/** Fills both lists of the demo school (in the seed's transaction; the portraits into the data folder). */
export async function seedDemoStaff(ctx: SchoolContext, dataDir: string): Promise<void> {
  const photos = new Map<string, string>();
  for (const person of [...WEBSITE, ...APP]) {
    if (!photos.has(person.name)) photos.set(person.name, await portrait(ctx, dataDir, person));
  }
  const fields = (people: readonly DemoPerson[]): StaffFields[] =>
    people.map(({ hue: _hue, ...person }) => ({ ...person, imageURL: photos.get(person.name) ?? '' }));
  await insertEntries(ctx.db, ctx.domain.id, 'website', fields(WEBSITE), ctx.now);
  await insertEntries(ctx.db, ctx.domain.id, 'app', fields(APP), ctx.now);
}

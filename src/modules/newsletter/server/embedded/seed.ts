import type { Db } from '../../../../platform/db';
import { emailKey } from '../../rules';
import { insertMember } from './members/repository';

const FIRST = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Arthur', 'Ivy', 'Leo', 'Freya', 'Oscar', 'Lily', 'Harry', 'Grace', 'Jack', 'Ella', 'Theo', 'Sophia', 'Finley', 'Evie', 'Alfie', 'Poppy', 'Charlie', 'Rosie', 'Henry', 'Willow', 'Thomas', 'Daisy', 'Muhammad', 'Zara', 'Kai'];
const LAST = ['Smith', 'Jones', 'Williams', 'Taylor', 'Brown', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Johnson', 'Roberts', 'Khan', 'Patel', 'Walker', 'Wright', 'Robinson', 'Thompson', 'White', 'Hughes', 'Edwards', 'Green', 'Hall', 'Lewis', 'Harris', 'Clarke', 'Jackson', 'Wood', 'Turner', 'Martin', 'Cooper', 'Hill', 'Ward'];
const DOMAINS = ['example.com', 'example.net', 'example.org'];

/** The demo school's mailing list: 32 parents, the same every time, added a day apart (newest first in the list). */
export async function seedDemoMailingList(db: Db, school: { id: number }, now: number): Promise<void> {
  for (let i = 0; i < FIRST.length; i += 1) {
    const first = FIRST[i]!;
    const last = LAST[(i * 7) % LAST.length]!;
    const email = `${first.toLowerCase()}.${last.toLowerCase()}@${DOMAINS[i % DOMAINS.length]}`;
    await insertMember(db, school.id, { email, key: emailKey(email), name: `${first} ${last}`, createdAt: now - (FIRST.length - i) * 24 * 60 * 60 });
  }
}

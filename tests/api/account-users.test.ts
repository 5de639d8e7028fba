import { describe, expect, it } from 'vitest';
import { addTestUser, createTestSchool, useTestContext } from '../factories';
import { findSchoolUser } from '../../src/server/account/service';
import type { SchoolContext } from '../../src/server/context';

describe("a school's users", () => {
  const ctx = useTestContext();

  it("finds a user of the context's school by email, and never one of another school", async () => {
    const mine = await createTestSchool(ctx());
    const theirs = await createTestSchool(ctx());
    const colleague = await addTestUser(ctx(), mine);
    const stranger = await addTestUser(ctx(), theirs);
    const school: SchoolContext = { db: ctx().db, domain: { id: mine.id, label: mine.label }, now: ctx().clock.now };

    expect(await findSchoolUser(school, colleague.email)).toMatchObject({ email: colleague.email });
    expect(await findSchoolUser(school, colleague.email.toUpperCase())).toMatchObject({ email: colleague.email });
    expect(await findSchoolUser(school, stranger.email)).toBeNull();
    expect(await findSchoolUser(school, 'not an email')).toBeNull();
  });
});

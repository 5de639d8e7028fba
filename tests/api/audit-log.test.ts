import { describe, expect, it } from 'vitest';
import { AUDIT_KEEP_DAYS, listAuditPage, purgeOldAudit, recordAudit } from '../../src/platform/audit';
import { ACTIVITY_PAGE_SIZE, loadActivityLog } from '../../src/modules/account/server/screens';
import { embeddedAccountBackend } from '../../src/modules/account/server/embedded/backend';
import { runDueJobs } from '../../src/platform/jobs';
import { JOBS, SCHEDULES } from '../../src/app/modules';
import { addTestUser, createTestSchool, useTestContext } from '../factories';

const DAY = 24 * 60 * 60;

/** The per-school audit log (views and exports of personal data), on both databases. */
describe('audit log', () => {
  const ctx = useTestContext();

  it('keeps each school’s entries to itself, newest first, and pages them for Account > Activity Log', async () => {
    const { db, clock } = ctx();
    const a = await createTestSchool(ctx(), { products: { hapara: true } });
    const b = await createTestSchool(ctx(), { products: { hapara: true } });
    const userA = await addTestUser(ctx(), a);
    const userB = await addTestUser(ctx(), b);
    for (let i = 0; i < ACTIVITY_PAGE_SIZE + 3; i += 1) {
      await recordAudit(db, {
        domainId: a.id,
        userId: userA.id,
        actor: userA.email,
        action: 'students.page',
        detail: `Viewed page ${i + 1}.`,
        now: clock.now + i,
      });
    }
    await recordAudit(db, {
      domainId: b.id,
      userId: userB.id,
      actor: userB.email,
      action: 'students.export',
      detail: 'Exported 3 students as CSV.',
      now: clock.now,
    });

    // The Activity Log screen over the embedded backend, signed in at school A.
    const schoolA = embeddedAccountBackend({ db, domain: { id: a.id, label: a.label }, user: { id: userA.id, email: userA.email }, now: clock.now });
    const first = await loadActivityLog(schoolA, 1);
    expect(first.total).toBe(ACTIVITY_PAGE_SIZE + 3);
    expect(first.totalPages).toBe(2);
    expect(first.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({
      actor: userA.email,
      action: 'students.page',
      detail: `Viewed page ${ACTIVITY_PAGE_SIZE + 3}.`,
      at: clock.now + ACTIVITY_PAGE_SIZE + 2,
    });
    expect(first.entries.every((e) => e.actor === userA.email)).toBe(true);

    // A page past the end answers the last page, not an empty one.
    const past = await loadActivityLog(schoolA, 9);
    expect(past.page).toBe(2);
    expect(past.entries.map((e) => e.detail)).toEqual(['Viewed page 3.', 'Viewed page 2.', 'Viewed page 1.']);

    const onlyB = await listAuditPage(db, b.id, 1, ACTIVITY_PAGE_SIZE);
    expect(onlyB.entries.map((e) => e.detail)).toEqual(['Exported 3 students as CSV.']);
  });

  it('keeps who did it when their account is removed, and lets the daily upkeep drop entries past the keeping time', async () => {
    const { db, clock, runtime } = ctx();
    const school = await createTestSchool(ctx(), { products: { hapara: true } });
    const user = await addTestUser(ctx(), school);
    await recordAudit(db, {
      domainId: school.id,
      userId: user.id,
      actor: user.email,
      action: 'students.export',
      detail: 'Old export.',
      now: clock.now - AUDIT_KEEP_DAYS * DAY - 1,
    });
    await recordAudit(db, {
      domainId: school.id,
      userId: user.id,
      actor: user.email,
      action: 'students.export',
      detail: 'Recent export.',
      now: clock.now - DAY,
    });
    await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await db.deleteFrom('users').where('id', '=', user.id).execute();

    const kept = await listAuditPage(db, school.id, 1, 10);
    expect(kept.entries.map((e) => [e.detail, e.actor])).toEqual([
      ['Recent export.', user.email],
      ['Old export.', user.email],
    ]);

    expect(SCHEDULES.some((s) => s.name === 'audit-purge-old')).toBe(true);
    await runDueJobs(runtime, JOBS, { schedules: SCHEDULES.filter((s) => s.name === 'audit-purge-old') });
    expect((await listAuditPage(db, school.id, 1, 10)).entries.map((e) => e.detail)).toEqual(['Recent export.']);

    // Purging again changes nothing.
    await purgeOldAudit(db, clock.now);
    expect((await listAuditPage(db, school.id, 1, 10)).total).toBe(1);
  });
});

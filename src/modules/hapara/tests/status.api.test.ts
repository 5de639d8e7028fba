import { describe, expect, it } from 'vitest';
import { STATUS_UP_TO_DATE, statusAwaiting, statusResponseSchema } from '../contract';
import { insertRequest } from '../server/embedded/requests/repository';
import { approveRequest, rejectRequest } from '../server/embedded/requests/service';
import { bodyOf, get, signedInUser, type TestUser, useTestContext } from '../../../../tests/factories';

/** Status (spec section 7: `GET /api/hapara/status`): one row per domain, from the school's requests. */
const STATUS = '/api/hapara/status';

describe('hapara: status', () => {
  const ctx = useTestContext();

  async function status(cookie: string) {
    const res = await get(ctx().app, STATUS, { cookie });
    expect(res.status).toBe(200);
    return statusResponseSchema.parse(await bodyOf(res)).status;
  }

  function request(domainId: number, user: TestUser, kind: 'edit' | 'delete' | 'classes' = 'classes'): Promise<number> {
    return insertRequest(ctx().db, {
      domainId,
      kind,
      studentId: null,
      payload: { classes: [] },
      source: 'screen',
      user: { id: user.id, email: user.email, name: user.name },
      now: ctx().clock.now,
    });
  }

  it('a school that has never asked for anything is up to date, never updated', async () => {
    const { school, cookie } = await signedInUser(ctx(), { hapara: true });
    expect(await status(cookie)).toEqual([{ domain: school.label, status: STATUS_UP_TO_DATE, updated: null }]);
  });

  it('counts the pending requests; updated is the latest request made or decided', async () => {
    const { school, user, cookie } = await signedInUser(ctx(), { hapara: true });
    const first = await request(school.id, user, 'delete');
    const made = ctx().clock.now;
    expect(await status(cookie)).toEqual([{ domain: school.label, status: '1 change awaiting verification', updated: made }]);

    ctx().clock.advance(120);
    const second = await request(school.id, user, 'delete');
    ctx().clock.advance(60);
    const third = await request(school.id, user, 'delete');
    expect(await status(cookie)).toEqual([{ domain: school.label, status: statusAwaiting(3), updated: ctx().clock.now }]);
    expect(statusAwaiting(3)).toBe('3 changes awaiting verification');

    ctx().clock.advance(3600);
    await rejectRequest(ctx().runtime, first, 'Not now');
    await approveRequest(ctx().runtime, second);
    expect(await status(cookie)).toEqual([{ domain: school.label, status: statusAwaiting(1), updated: ctx().clock.now }]);

    ctx().clock.advance(86_400);
    await rejectRequest(ctx().runtime, third, 'Not now');
    expect(await status(cookie)).toEqual([{ domain: school.label, status: STATUS_UP_TO_DATE, updated: ctx().clock.now }]);
  });

  it('counts only the school’s own requests', async () => {
    const mine = await signedInUser(ctx(), { hapara: true });
    const theirs = await signedInUser(ctx(), { hapara: true });
    await request(theirs.school.id, theirs.user);
    await request(theirs.school.id, theirs.user, 'delete');
    expect(await status(mine.cookie)).toEqual([{ domain: mine.school.label, status: STATUS_UP_TO_DATE, updated: null }]);
    expect((await status(theirs.cookie))[0]?.status).toBe('2 changes awaiting verification');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { dismissedToasts, toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { newsletterApi } from '../../calls';
import type { Member } from '../../contract';
import { toMemberRows } from '../../lists';
import { ALREADY_MEMBER, FIELDS_REQUIRED, MEMBER_ADDED, MEMBER_REMOVED, NOT_A_MEMBER } from '../../rules';
import { createMailingListStore } from './mailing-list';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const member = (n: number): Member => ({ address: `m${n}@home.test`, name: `Member ${n}`, subscribed: true });

function createStore(page = 1, query = '', members = [member(1), member(2)]) {
  return createMailingListStore({ initial: { rows: toMemberRows(members), page, query, totalPages: 3, total: 21, pageSize: 10 }, pageSize: 10 });
}

describe('Manage Mailing List', () => {
  const browser = useFakeBrowser('/newsletter/manage/list');

  it('pages and filters through the page call, the place kept in the address', async () => {
    browser.api.answer(newsletterApi.membersPage, { members: [member(11)], total_pages: 3, total: 21 });
    const store = createStore();

    await store.goToPage(2);
    await store.search('m1');

    expect(browser.api.sentTo(newsletterApi.membersPage).map((c) => c.url)).toEqual([
      '/api/newsletter/manage/list/page?page=2&limit=10',
      '/api/newsletter/manage/list/page?page=1&limit=10&query=m1',
    ]);
    expect(browser.window.steps).toEqual(['push /newsletter/manage/list?page=2', 'push /newsletter/manage/list?query=m1']);
    expect(store.$list.get().rows.map((r) => r.address)).toEqual(['m11@home.test']);
  });

  it('asks for both fields before sending, naming the empty one', async () => {
    const store = createStore();

    expect(await store.add('', 'x@home.test')).toEqual({ ok: false, field: 'fullname' });
    expect(await store.add('Someone', '  ')).toEqual({ ok: false, field: 'email' });
    expect(store.addError.$error.get()).toEqual({ message: FIELDS_REQUIRED, field: 'email' });
    expect(toastTexts()).toEqual([`error: ${FIELDS_REQUIRED}`, `error: ${FIELDS_REQUIRED}`]);
    expect(browser.api.sent).toEqual([]);
    // Filled in: the error and its toast go before the next try.
    store.addError.edited('email', { fullname: 'Someone', email: 's@home.test' });
    expect(store.addError.$error.get().message).toBe('');
    expect(dismissedToasts).toEqual([`error: ${FIELDS_REQUIRED}`]);
  });

  it('adds a member, then shows the first page unfiltered, where the newest member is', async () => {
    const added = member(99);
    browser.api.answer(newsletterApi.addMember, { member: added }).answer(newsletterApi.membersPage, { members: [added, member(1)], total_pages: 3, total: 22 });
    const store = createStore(1, 'member');

    expect(await store.add('Member 99', 'm99@home.test')).toEqual({ ok: true });

    expect(browser.api.sentTo(newsletterApi.addMember).map((c) => c.body)).toEqual([{ fullname: 'Member 99', email: 'm99@home.test' }]);
    expect(browser.api.sentTo(newsletterApi.membersPage).map((c) => c.url)).toEqual(['/api/newsletter/manage/list/page?page=1&limit=10']);
    expect(store.$list.get()).toMatchObject({ page: 1, query: '', total: 22 });
    expect(store.$list.get().rows[0]?.address).toBe('m99@home.test');
    expect(toastTexts()).toEqual([`success: ${MEMBER_ADDED}`]);
  });

  it('says why an add was refused and which field to fix', async () => {
    const store = createStore();

    browser.api.refuse(newsletterApi.addMember, { message: ALREADY_MEMBER });
    expect(await store.add('Member 1', 'm1@home.test')).toEqual({ ok: false, field: 'email' });
    expect(store.addError.$error.get()).toEqual({ message: ALREADY_MEMBER, field: 'email' });

    browser.api.refuse(newsletterApi.addMember, { message: 'fullname: A name cannot contain line breaks or control characters.' });
    expect(await store.add('Two\nlines', 'm5@home.test')).toEqual({ ok: false, field: 'fullname' });
    expect(toastTexts()).toEqual([`error: ${ALREADY_MEMBER}`, 'error: fullname: A name cannot contain line breaks or control characters.']);
  });

  it('marks no field when the add got no answer (the connection, not the input)', async () => {
    browser.api.dropConnection(newsletterApi.addMember);
    const store = createStore();

    expect(await store.add('Member 5', 'm5@home.test')).toEqual({ ok: false });
    expect(store.addError.$error.get()).toEqual({ message: 'Failed! Please try again!', field: null });
    expect(store.$adding.get()).toBe(false);
  });

  it('deletes a member and loads the page again; an emptied last page steps back', async () => {
    browser.api
      .answer(newsletterApi.deleteMember, {})
      .answer(newsletterApi.membersPage, { members: [], total_pages: 2, total: 20 })
      .answer(newsletterApi.membersPage, { members: [member(20)], total_pages: 2, total: 20 });
    const store = createStore(3, '', [member(21)]);
    const [row] = store.$list.get().rows;
    if (!row) throw new Error('no row');

    const removal = store.remove(row);
    expect(store.$busy.get().has('m21@home.test')).toBe(true);
    expect(await removal).toBe(true);

    expect(browser.api.sentTo(newsletterApi.deleteMember)[0]?.body).toEqual({ email: 'm21@home.test' });
    expect(browser.api.sentTo(newsletterApi.membersPage).map((c) => c.query.get('page'))).toEqual(['3', '2']);
    expect(store.$list.get()).toMatchObject({ page: 2, total: 20 });
    expect(browser.window.steps).toEqual(['replace /newsletter/manage/list?page=2']);
    expect(toastTexts()).toEqual([`success: ${MEMBER_REMOVED}`]);
    expect(store.$busy.get().size).toBe(0);
  });

  it('keeps the row when the delete is refused', async () => {
    browser.api.refuse(newsletterApi.deleteMember, { message: NOT_A_MEMBER });
    const store = createStore();
    const [row] = store.$list.get().rows;
    if (!row) throw new Error('no row');

    expect(await store.remove(row)).toBe(false);
    expect(store.$list.get().rows).toHaveLength(2);
    // The spec's generic toast for a failed delete.
    expect(toastTexts()).toEqual(['error: Failed! Please try again!']);
  });
});

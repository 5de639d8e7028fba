import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { staffApi } from '../../calls';
import type { StaffEntry, StaffRow } from '../../contract';
import { STAFF_LOAD_FAILED, STAFF_NOT_FOUND, STAFF_STALE, STAFF_UPDATED } from '../../rules';
import { createStaffListStore, pageRows } from './list';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const entry = (id: number, index: number): StaffEntry => ({
  id,
  index,
  name: `Person ${id}`,
  class: '',
  role: 'Teacher',
  email: `p${id}@school.test`,
  imageURL: '',
  biography: '',
  section: '',
});
const row = ({ id, index, name, email }: StaffEntry): StaffRow => ({ id, index, name, email });
/** A list of `count` people, ids 1.., in order. */
const people = (count: number) => Array.from({ length: count }, (_, i) => entry(i + 1, i));
/** The same people with the one at `from` moved to `to`. */
function moved(count: number, from: number, to: number): StaffEntry[] {
  const list = people(count);
  const [one] = list.splice(from, 1);
  if (one) list.splice(to, 0, one);
  return list.map((person, index) => ({ ...person, index }));
}

const createStore = (count = 12, page = 1) => createStaffListStore({ kind: 'app', rows: people(count).map(row), page });

describe('Staff list', () => {
  const browser = useFakeBrowser('/app/managestaff');

  it('pages ten at a time in the address, within the list’s pages, and follows Back', () => {
    browser.window.arriveAt('/app/managestaff?page=9');
    const store = createStore(12, 9);
    expect(store.$state.get().page).toBe(2);
    expect(pageRows(store.$state.get()).map((r) => r.id)).toEqual([11, 12]);

    store.goToPage(1);
    expect(browser.window.steps).toEqual(['push /app/managestaff']);
    expect(pageRows(store.$state.get())).toHaveLength(10);

    const stop = store.listenToHistory();
    browser.window.popTo('/app/managestaff?page=2');
    expect(store.$state.get().page).toBe(2);
    stop();
  });

  it('moves a row and turns the page with it across a page’s edge', async () => {
    browser.api.answer(staffApi.appMove, { staff: moved(12, 9, 10) });
    const store = createStore();
    const person10 = store.$state.get().rows[9];
    if (!person10) throw new Error('no row');

    expect(await store.move(person10, 'down')).toBe(10);

    expect(browser.api.sentTo(staffApi.appMove)[0]?.body).toEqual({ id: 10, index: 9, direction: 'down' });
    expect(store.$state.get().page).toBe(2);
    expect(pageRows(store.$state.get()).map((r) => r.id)).toEqual([10, 12]);
    expect(browser.window.steps).toEqual(['replace /app/managestaff?page=2']);
    expect(toastTexts()).toEqual([`success: ${STAFF_UPDATED}`]);
  });

  it('deletes a row and shows the list as the server answers it, on a page that still exists', async () => {
    browser.api.answer(staffApi.appDelete, { staff: people(10) });
    const store = createStore(11, 2);
    const last = store.$state.get().rows[10];
    if (!last) throw new Error('no row');

    expect(await store.remove(last)).toBe(true);
    expect(browser.api.sentTo(staffApi.appDelete)[0]?.body).toEqual({ id: 11, index: 10 });
    expect(store.$state.get()).toMatchObject({ page: 1, busy: false });
    expect(store.$state.get().rows).toHaveLength(10);
  });

  it('loads the list again when a change is refused because the list changed meanwhile', async () => {
    browser.api.refuse(staffApi.appDelete, { message: STAFF_NOT_FOUND, code: 'staff_not_found' }).answer(staffApi.appList, { staff: people(11) });
    const store = createStore(12);
    const gone = store.$state.get().rows[11];
    if (!gone) throw new Error('no row');

    expect(await store.remove(gone)).toBe(false);
    expect(toastTexts()).toEqual([`error: ${STAFF_NOT_FOUND}`]);
    expect(store.$state.get().rows).toHaveLength(11);
    expect(browser.api.sent.map((c) => c.path)).toEqual(['/api/app/manage/stafflist/delete', '/api/app/manage/stafflist']);
  });

  it('keeps the list as it is on any other refusal', async () => {
    browser.api.refuse(staffApi.appMove, { message: 'This person is already at the top of the list.' });
    const store = createStore(3);
    const first = store.$state.get().rows[0];
    if (!first) throw new Error('no row');

    expect(await store.move(first, 'up')).toBeNull();
    expect(store.$state.get().rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(browser.api.sent).toHaveLength(1);
  });

  it('makes one change at a time', async () => {
    const held = browser.api.hold(staffApi.appMove);
    const store = createStore(3);
    const [first, second] = store.$state.get().rows;
    if (!first || !second) throw new Error('no rows');

    const moving = store.move(second, 'up');
    expect(store.$state.get().busy).toBe(true);
    expect(await store.remove(first)).toBe(false);
    held.answer({ staff: moved(3, 1, 0) });
    expect(await moving).toBe(0);
    expect(browser.api.sent.map((c) => c.path)).toEqual(['/api/app/manage/stafflist/move']);
  });

  it('disables management while the list failed to load, until Try again loads it', async () => {
    browser.api.refuse(staffApi.websiteList).answer(staffApi.websiteList, { staff: people(2) });
    const store = createStaffListStore({ kind: 'website', rows: null, page: 1 });
    expect(store.$state.get().failed).toBe(true);
    expect(await store.move({ id: 1, index: 0, name: 'x', email: '' }, 'down')).toBeNull();
    expect(browser.api.sent).toEqual([]);

    expect(await store.reload()).toBe(false);
    expect(toastTexts()).toEqual([`error: ${STAFF_LOAD_FAILED}`]);
    expect(store.$state.get()).toMatchObject({ failed: true, loading: false });

    expect(await store.reload()).toBe(true);
    expect(store.$state.get()).toMatchObject({ failed: false, loading: false });
    expect(store.$state.get().rows.map((r) => r.id)).toEqual([1, 2]);
    expect(browser.api.sent.map((c) => c.path)).toEqual(Array(2).fill('/api/website/managestaff/stafflist'));
  });

  it('says the list changed when a move names a row that is elsewhere now', async () => {
    browser.api.refuse(staffApi.appMove, { message: STAFF_STALE, code: 'stale' }).answer(staffApi.appList, { staff: moved(3, 2, 0) });
    const store = createStore(3);
    const second = store.$state.get().rows[1];
    if (!second) throw new Error('no row');

    expect(await store.move(second, 'down')).toBeNull();
    expect(store.$state.get().rows.map((r) => r.id)).toEqual([3, 1, 2]);
    expect(toastTexts()).toEqual([`error: ${STAFF_STALE}`]);
  });
});

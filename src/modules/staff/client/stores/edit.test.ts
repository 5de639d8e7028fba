import { describe, expect, it, vi } from 'vitest';
import { showFlash } from '../../../../lib/browser/flash';
import { aFile, dismissedToasts, toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { staffApi } from '../../calls';
import type { StaffEntry } from '../../contract';
import { INVALID_IMAGE_URL, NAME_REQUIRED, STAFF_STALE, STAFF_UPDATED, tooLong } from '../../rules';
import { createStaffEditStore } from './edit';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const entry = (id: number, index: number, name = `Person ${id}`): StaffEntry => ({
  id,
  index,
  name,
  class: '',
  role: 'Teacher',
  email: '',
  imageURL: '',
  biography: '',
  section: 'Teaching staff',
});

describe('Staff edit screen', () => {
  const browser = useFakeBrowser('/app/managestaff/edit?id=31');

  it('checks the fields by the contract’s rules before calling, and a fix clears the mark', async () => {
    const store = createStaffEditStore({ kind: 'app', entry: entry(31, 12) });
    store.set('name', '  ');

    expect(await store.save(() => undefined)).toBe('invalid');
    expect(store.$problem.get()).toEqual({ field: 'name', message: NAME_REQUIRED });
    expect(browser.api.sent).toEqual([]);

    store.set('name', 'Ms Smith');
    expect(store.$problem.get()).toBeNull();
    store.set('imageURL', 'http://insecure.test/a.png');
    expect(await store.save(() => undefined)).toBe('invalid');
    expect(store.$problem.get()).toEqual({ field: 'imageURL', message: INVALID_IMAGE_URL });
  });

  it('saves an entry and goes to the list at its page, which says the list was updated', async () => {
    const saved = { ...entry(31, 12), role: 'Head of Year' };
    browser.api.answer(staffApi.appUpdate, { staff: [saved], entry: saved });
    const store = createStaffEditStore({ kind: 'app', entry: entry(31, 12) });
    const navigate = vi.fn<(href: string) => void>();
    store.set('role', 'Head of Year');
    expect(store.isDirty()).toBe(true);

    expect(await store.save(navigate)).toBe('saved');

    expect(browser.api.sentTo(staffApi.appUpdate).map((c) => c.body)).toEqual([{ ...saved, id: 31, index: 12 }]);
    expect(navigate).toHaveBeenCalledWith('/app/managestaff?page=2');
    expect(store.isDirty()).toBe(false);
    expect(store.$saving.get()).toBe(true);
    browser.window.arriveAt('/app/managestaff?page=2');
    showFlash();
    expect(toastTexts()).toEqual([`success: ${STAFF_UPDATED}`]);
  });

  it('creates a new entry on the website’s list', async () => {
    const created = { ...entry(40, 3), name: 'Mr New' };
    browser.api.answer(staffApi.websiteNew, { staff: [created], entry: created });
    const store = createStaffEditStore({ kind: 'website', entry: null });
    const navigate = vi.fn<(href: string) => void>();
    store.set('name', 'Mr New');
    store.set('role', 'Teacher');
    store.set('section', 'Teaching staff');

    expect(await store.save(navigate)).toBe('saved');
    expect(browser.api.sentTo(staffApi.websiteNew)[0]?.body).toEqual({ name: 'Mr New', class: '', role: 'Teacher', email: '', imageURL: '', biography: '', section: 'Teaching staff' });
    expect(navigate).toHaveBeenCalledWith('/website/managestaff');
  });

  it('keeps what was typed and names the field when the server refuses it', async () => {
    browser.api.refuse(staffApi.appUpdate, { message: tooLong('role') });
    const store = createStaffEditStore({ kind: 'app', entry: entry(31, 12) });
    store.set('role', 'Deputy');

    expect(await store.save(() => undefined)).toBe('failed');
    expect(store.$problem.get()).toEqual({ field: 'role', message: tooLong('role') });
    expect(toastTexts()).toEqual([`error: ${tooLong('role')}`]);
    expect(store.$values.get().role).toBe('Deputy');
    expect(store.$saving.get()).toBe(false);
    expect(store.isDirty()).toBe(true);
    // Another field edited: the problem stays. Its own field edited: it goes, and its toast too.
    store.set('class', '7B');
    expect(store.$problem.get()).toEqual({ field: 'role', message: tooLong('role') });
    expect(dismissedToasts).toEqual([]);
    store.set('role', 'Dean');
    expect(store.$problem.get()).toBeNull();
    expect(dismissedToasts).toEqual([`error: ${tooLong('role')}`]);
  });

  it('finds the entry again when the list changed meanwhile, so Save pressed again saves to the same person', async () => {
    const moved = { ...entry(31, 4), role: 'Deputy' };
    browser.api
      .refuse(staffApi.appUpdate, { message: STAFF_STALE, code: 'stale' })
      .answer(staffApi.appList, { staff: [entry(1, 0), entry(31, 4)] })
      .answer(staffApi.appUpdate, { staff: [moved], entry: moved });
    const store = createStaffEditStore({ kind: 'app', entry: entry(31, 12) });
    const navigate = vi.fn<(href: string) => void>();
    store.set('role', 'Deputy');

    expect(await store.save(navigate)).toBe('failed');
    expect(store.$problem.get()).toEqual({ message: STAFF_STALE });
    expect(navigate).not.toHaveBeenCalled();

    expect(await store.save(navigate)).toBe('saved');
    expect(browser.api.sentTo(staffApi.appUpdate).map((c) => (c.body as { index: number }).index)).toEqual([12, 4]);
    expect(navigate).toHaveBeenCalledWith('/app/managestaff');
  });

  it('uploads a photo into Image URL; a refused one is said at Image URL', async () => {
    browser.api.answer(staffApi.appUpload, { url: '/uploads/hill/smith.jpg' });
    const store = createStaffEditStore({ kind: 'app', entry: entry(31, 12) });

    expect(await store.upload(aFile('smith.jpg', 'jpg', 'image/jpeg'))).toBe(true);
    expect(store.$values.get().imageURL).toBe('/uploads/hill/smith.jpg');
    expect((browser.api.sentTo(staffApi.appUpload)[0]?.form?.['file'] as File | undefined)?.name).toBe('smith.jpg');

    browser.api.refuse(staffApi.appUpload, { message: 'This file is not an image.' });
    expect(await store.upload(aFile('notes.txt'))).toBe(false);
    expect(store.$problem.get()).toEqual({ field: 'imageURL', message: 'This file is not an image.' });
    expect(store.$values.get().imageURL).toBe('/uploads/hill/smith.jpg');
    expect(store.$uploading.get()).toBe(false);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { haparaApi } from '../../calls';
import type { StudentRow } from '../../contract';
import { FIELDS_REQUIRED, HAPARA_LOAD_FAILED_PATH, INVALID_STUDENT_EMAIL, STUDENT_ADD_REQUESTED, STUDENT_DELETE_REQUESTED, STUDENT_EDIT_REQUESTED } from '../../rules';
import { createStudentListStore, type StudentListRow } from './students';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const ada: StudentRow = { index: 4, firstname: 'Ada', lastname: 'Lovelace', class: '7m', email: 'ada@school.test', pending: null };
const alan: StudentRow = { index: 9, firstname: 'Alan', lastname: 'Turing', class: '7e', email: 'alan@school.test', pending: 'edit' };

function createStore(students: StudentRow[] = [ada, alan]) {
  return createStudentListStore({
    initial: { students, page: 1, query: '', totalPages: 2, total: 12, pageSize: 10 },
    classes: [
      { code: '7m', name: 'Year 7 Maths' },
      { code: '7e', name: 'Year 7 English' },
    ],
    fields: ['studentid'],
  });
}

const rowOf = (store: ReturnType<typeof createStore>, index: number): StudentListRow => {
  const row = store.$list.get().rows.find((r) => r.index === index);
  if (!row) throw new Error(`no row ${index}`);
  return row;
};

const newStudent = { publicfirstname: 'Grace', publiclastname: 'Hopper', class: '7m', studentid: 'S123' };

describe('Manage Students', () => {
  const browser = useFakeBrowser('/hapara/studentlist');

  it('filters the list through the page call, the filter in the address', async () => {
    browser.api.answer(haparaApi.studentPage, { studentList: [ada], total_pages: 1, total: 1 });
    const store = createStore();

    expect(await store.search(' love ')).toBe(true);
    expect(browser.api.sentTo(haparaApi.studentPage).map((c) => c.url)).toEqual(['/api/hapara/manage/studentlist/page?page=1&limit=10&query=love']);
    expect(store.$list.get().rows.map((r) => r.email)).toEqual(['ada@school.test']);
    expect(browser.window.steps).toEqual(['push /hapara/studentlist?query=love']);
  });

  it('goes to the upload screen when a page cannot be loaded (spec section 8)', async () => {
    browser.api.refuse(haparaApi.studentPage, { message: 'The provider did not answer.' });
    const store = createStore();

    expect(await store.goToPage(2)).toBe(false);
    expect(browser.window.assigned).toEqual([HAPARA_LOAD_FAILED_PATH]);
    expect(toastTexts()).toEqual([]);
  });

  it('asks for every add field before sending, naming the first one empty', async () => {
    const store = createStore();
    expect(await store.add({ ...newStudent, publiclastname: ' ', studentid: '' })).toEqual({ ok: false, message: FIELDS_REQUIRED, field: 'publiclastname' });
    expect(toastTexts()).toEqual([`error: ${FIELDS_REQUIRED}`]);
    expect(browser.api.sent).toEqual([]);
  });

  it('asks the provider to add a student, then shows the page again', async () => {
    const grace: StudentRow = { index: null, firstname: 'Grace', lastname: 'Hopper', class: '7m', email: '', pending: 'add' };
    browser.api.answer(haparaApi.addStudent, { student: grace }).answer(haparaApi.studentPage, { studentList: [ada, grace, alan], total_pages: 2, total: 13 });
    const store = createStore();

    expect(await store.add(newStudent)).toEqual({ ok: true });

    expect(browser.api.sentTo(haparaApi.addStudent).map((c) => c.body)).toEqual([newStudent]);
    expect(browser.api.sentTo(haparaApi.studentPage).map((c) => c.url)).toEqual(['/api/hapara/manage/studentlist/page?page=1&limit=10']);
    expect(store.$list.get().rows.map((r) => [r.firstname, r.pending])).toEqual([
      ['Ada', null],
      ['Grace', 'add'],
      ['Alan', 'edit'],
    ]);
    // A pending addition has no index yet: its row still has a key of its own.
    expect(new Set(store.$list.get().rows.map((r) => r.key)).size).toBe(3);
    expect(toastTexts()).toEqual([`success: ${STUDENT_ADD_REQUESTED}`]);
  });

  it('names the field the server refused in an add', async () => {
    browser.api.refuse(haparaApi.addStudent, { message: 'The last name can be at most 100 characters.', code: 'invalid', field: 'publiclastname' });
    const store = createStore();

    expect(await store.add(newStudent)).toEqual({ ok: false, message: 'The last name can be at most 100 characters.', field: 'publiclastname' });
    expect(toastTexts()).toEqual(['error: The last name can be at most 100 characters.']);
    expect(store.$adding.get()).toBe(false);
  });

  it('marks the field the failure names, never one guessed from its words', async () => {
    const store = createStore();
    browser.api.refuse(haparaApi.addStudent, { message: 'The first name does not fit this class.', field: 'class' });
    expect(await store.add(newStudent)).toEqual({ ok: false, message: 'The first name does not fit this class.', field: 'class' });
    browser.api.refuse(haparaApi.addStudent, { message: 'The first name can be at most 100 characters.' });
    expect(await store.add(newStudent)).toEqual({ ok: false, message: 'The first name can be at most 100 characters.' });
    // A field the form does not have (another call's) marks nothing.
    browser.api.refuse(haparaApi.updateStudent, { message: 'The email address is not valid.', field: 'index' });
    expect(await store.update(rowOf(store, 4), { firstname: 'Ada', lastname: 'Lovelace', class: '7m', email: 'ada@school.test' })).toEqual({
      ok: false,
      message: 'The email address is not valid.',
    });
  });

  it('asks for an edit; the row then shows the change waiting, and cannot be changed again', async () => {
    const edited: StudentRow = { ...ada, firstname: 'Augusta', pending: 'edit' };
    browser.api.answer(haparaApi.updateStudent, { student: edited });
    const store = createStore();
    const row = rowOf(store, 4);

    expect(await store.update(row, { firstname: 'Augusta', lastname: 'Lovelace', class: '7m', email: 'ada@school.test' })).toEqual({ ok: true });

    expect(browser.api.sentTo(haparaApi.updateStudent).map((c) => c.body)).toEqual([
      { firstname: 'Augusta', lastname: 'Lovelace', class: '7m', email: 'ada@school.test', index: 4 },
    ]);
    expect(rowOf(store, 4)).toEqual({ ...edited, key: row.key });
    expect(toastTexts()).toEqual([`success: ${STUDENT_EDIT_REQUESTED}`]);
    expect(await store.update(rowOf(store, 4), { firstname: 'A', lastname: 'L', class: '7m', email: 'a@school.test' })).toEqual({ ok: false, message: '' });
    expect(browser.api.sentTo(haparaApi.updateStudent)).toHaveLength(1);
  });

  it('keeps the row and names the field when an edit is refused', async () => {
    browser.api.refuse(haparaApi.updateStudent, { message: INVALID_STUDENT_EMAIL, field: 'email' });
    const store = createStore();

    const outcome = await store.update(rowOf(store, 4), { firstname: 'Ada', lastname: 'Lovelace', class: '7m', email: 'not-an-address' });
    expect(outcome).toEqual({ ok: false, message: INVALID_STUDENT_EMAIL, field: 'email' });
    expect(rowOf(store, 4)).toMatchObject({ email: 'ada@school.test', pending: null });
    expect(store.$busy.get().size).toBe(0);
  });

  it('checks the edit’s fields before sending', async () => {
    const store = createStore();
    const outcome = await store.update(rowOf(store, 4), { firstname: 'Ada', lastname: 'Lovelace', class: '', email: 'ada@school.test' });
    expect(outcome).toEqual({ ok: false, message: FIELDS_REQUIRED, field: 'class' });
    expect(browser.api.sent).toEqual([]);
  });

  it('asks for a deletion; the row shows it waiting. A failed one leaves the row as it was', async () => {
    browser.api.answer(haparaApi.deleteStudent, { student: { ...ada, pending: 'delete' } });
    const store = createStore();

    const removal = store.remove(rowOf(store, 4));
    expect(store.$busy.get().has(rowOf(store, 4).key)).toBe(true);
    expect(await removal).toBe(true);
    expect(browser.api.sentTo(haparaApi.deleteStudent)[0]?.body).toEqual({ index: 4 });
    expect(rowOf(store, 4).pending).toBe('delete');
    expect(toastTexts()).toEqual([`success: ${STUDENT_DELETE_REQUESTED}`]);

    const other = createStore();
    browser.api.refuse(haparaApi.deleteStudent);
    expect(await other.remove(rowOf(other, 4))).toBe(false);
    expect(rowOf(other, 4).pending).toBeNull();
    expect(toastTexts()).toEqual([`success: ${STUDENT_DELETE_REQUESTED}`, 'error: Failed! Please try again!']);
  });
});

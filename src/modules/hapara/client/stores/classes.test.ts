import { describe, expect, it, vi } from 'vitest';
import { dismissedToasts, toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { haparaApi } from '../../calls';
import type { ClassRow } from '../../contract';
import { CLASSES_ALREADY_PENDING, CLASSES_REQUESTED, FIELDS_REQUIRED, HAPARA_LOAD_FAILED_PATH, INVALID_TEACHER_USERNAME, MAX_TEACHERS_PER_CLASS, TOO_MANY_TEACHERS } from '../../rules';
import { createClassListStore, invalidKey } from './classes';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const FOLDERS = ['*', 'Maths', 'English', 'Science'];

const maths: ClassRow = { mailbox: '7m', name: 'Year 7 Maths', teachers: ['a.teacher'], folders: ['Maths'], pending: false };
const english: ClassRow = { mailbox: '7e', name: 'Year 7 English', teachers: ['b.teacher'], folders: ['*'], pending: false };

const createStore = (classes: ClassRow[] = [maths, english]) => createClassListStore({ classes, folders: FOLDERS, teachers: [{ username: 'a.teacher', name: 'A Teacher' }] });

describe('Manage Classes', () => {
  const browser = useFakeBrowser('/hapara/classlist');

  it('knows which classes were changed, and that undoing a change leaves nothing to save', () => {
    const store = createStore();
    expect(store.isDirty()).toBe(false);

    store.setName('7m', 'Year 7 Mathematics');
    expect([...store.$changed.get()]).toEqual(['7m']);
    expect(store.isDirty()).toBe(true);

    store.setName('7m', 'Year 7 Maths ');
    // Spaces around a name are not a change (the server trims them).
    expect(store.isDirty()).toBe(false);
  });

  it('adds a teacher by username, lowercased, and says why one cannot be added', () => {
    const store = createStore();

    expect(store.addTeacher('7m', '  C.Teacher ')).toBe('');
    expect(store.$rows.get()[0]?.teachers).toEqual(['a.teacher', 'c.teacher']);
    // Already there: nothing to say, nothing added.
    expect(store.addTeacher('7m', 'c.teacher')).toBe('');
    expect(store.addTeacher('7m', 'not a username')).toBe(INVALID_TEACHER_USERNAME);
    expect(store.$rows.get()[0]?.teachers).toEqual(['a.teacher', 'c.teacher']);

    store.removeTeacher('7m', 'a.teacher');
    expect(store.$rows.get()[0]?.teachers).toEqual(['c.teacher']);
  });

  it('refuses a teacher beyond the most a class may have', () => {
    const full: ClassRow = { ...maths, teachers: Array.from({ length: MAX_TEACHERS_PER_CLASS }, (_, i) => `t${i}`) };
    const store = createStore([full]);
    expect(store.addTeacher('7m', 'one.more')).toBe(TOO_MANY_TEACHERS);
    expect(store.$rows.get()[0]?.teachers).toHaveLength(MAX_TEACHERS_PER_CLASS);
  });

  it('keeps a class’s folders in the school’s order, whatever order they are ticked in', () => {
    const store = createStore();
    store.setFolder('7m', 'Science', true);
    store.setFolder('7m', '*', true);
    expect(store.$rows.get()[0]?.folders).toEqual(['*', 'Maths', 'Science']);
    store.setFolder('7m', 'Maths', false);
    expect(store.$rows.get()[0]?.folders).toEqual(['*', 'Science']);
  });

  it('sends nothing while a field is empty, marks every empty one, and unmarks a field once edited', async () => {
    const store = createStore();
    store.setName('7m', '  ');
    store.removeTeacher('7e', 'b.teacher');

    expect(await store.save()).toEqual({ ok: false, empty: { mailbox: '7m', field: 'name' } });

    expect(browser.api.sent).toEqual([]);
    expect(toastTexts()).toEqual([`error: ${FIELDS_REQUIRED}`]);
    expect([...store.$invalid.get()]).toEqual([invalidKey('7m', 'name'), invalidKey('7e', 'teachers')]);
    store.setName('7m', 'Maths');
    expect([...store.$invalid.get()]).toEqual([invalidKey('7e', 'teachers')]);
    expect(dismissedToasts).toEqual([]);
    // The last empty field filled: its toast goes too.
    store.addTeacher('7e', 'b.teacher');
    expect([...store.$invalid.get()]).toEqual([]);
    expect(dismissedToasts).toEqual([`error: ${FIELDS_REQUIRED}`]);
  });

  it('sends the whole list, names trimmed; the changed classes then wait for verification', async () => {
    browser.api.answer(haparaApi.saveClasses, { changed: 1 });
    const store = createStore();
    store.setName('7m', ' Year 7 Mathematics ');
    store.addTeacher('7m', 'c.teacher');

    const saving = store.save();
    expect(store.$saving.get()).toBe(true);
    expect(await saving).toEqual({ ok: true });

    expect(browser.api.sentTo(haparaApi.saveClasses).map((c) => c.body)).toEqual([
      {
        classes: [
          { mailbox: '7m', name: 'Year 7 Mathematics', teachers: ['a.teacher', 'c.teacher'], folders: ['Maths'] },
          { mailbox: '7e', name: 'Year 7 English', teachers: ['b.teacher'], folders: ['*'] },
        ],
      },
    ]);
    expect(toastTexts()).toEqual([`success: ${CLASSES_REQUESTED}`]);
    expect(store.$rows.get()).toEqual([{ ...maths, name: 'Year 7 Mathematics', teachers: ['a.teacher', 'c.teacher'], pending: true }, english]);
    expect(store.isDirty()).toBe(false);
    expect(store.$saving.get()).toBe(false);
  });

  it('keeps what was typed when the save is refused, with the server’s reason', async () => {
    browser.api.refuse(haparaApi.saveClasses, { message: 'A class name can be at most 100 characters.' });
    const store = createStore();
    store.setName('7m', 'x'.repeat(101));

    expect(await store.save()).toEqual({ ok: false });
    expect(toastTexts()).toEqual(['error: A class name can be at most 100 characters.']);
    expect(store.$rows.get()[0]?.name).toBe('x'.repeat(101));
    expect(store.isDirty()).toBe(true);
  });

  it('shows the list as the server holds it when other changes are already waiting', async () => {
    const waiting: ClassRow = { ...maths, name: 'Year 7 Maths (set 1)', pending: true };
    browser.api
      .refuse(haparaApi.saveClasses, { message: CLASSES_ALREADY_PENDING, code: 'classes_pending' })
      .answer(haparaApi.classes, { classes: [waiting, english], folders: FOLDERS, teachers: [] });
    const store = createStore();
    store.setName('7e', 'Year 7 Literature');

    expect(await store.save()).toEqual({ ok: false });
    expect(toastTexts()).toEqual([`error: ${CLASSES_ALREADY_PENDING}`]);
    expect(store.$rows.get()).toEqual([waiting, english]);
    expect(store.isDirty()).toBe(false);
  });

  it('goes to the upload page when the list cannot be loaded again, the guard not holding it', async () => {
    browser.api.refuse(haparaApi.classes);
    const store = createStore();
    store.setName('7m', 'Changed');

    expect(await store.reload()).toBe(false);
    expect(browser.window.assigned).toEqual([HAPARA_LOAD_FAILED_PATH]);
    expect(store.isDirty()).toBe(false);
    expect(toastTexts()).toEqual([]);
  });
});

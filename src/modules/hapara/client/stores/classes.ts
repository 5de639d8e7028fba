/**
 * Manage Classes (/hapara/classlist): the class list as the user edits it (names, teachers as
 * usernames, folders) and its save, which sends the whole list; the server files the classes that
 * changed as one request for the provider to verify. Each island creates its own store.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import { dismissToast, showToast } from '../../../../lib/browser/toast';
import { haparaApi } from '../../calls';
import { CLASSES_REQUESTED, FIELDS_REQUIRED, HAPARA_LOAD_FAILED_PATH, INVALID_TEACHER_USERNAME, MAX_TEACHERS_PER_CLASS, TOO_MANY_TEACHERS, USERNAME_PATTERN } from '../../rules';
import type { ClassRow, Teacher } from '../../contract';

export const CLASSLIST_PATH = '/hapara/classlist';

export interface ClassListData {
  classes: ClassRow[];
  /** The folders a class may have ('*' is All Files). */
  folders: string[];
  teachers: Teacher[];
}

export type ClassField = 'name' | 'teachers' | 'folders';

/** A class with an empty field: the first is where focus goes. */
export interface EmptyField {
  mailbox: string;
  field: ClassField;
}

export type SaveOutcome = { ok: true } | { ok: false; empty?: EmptyField };

export interface ClassListStore {
  /** The rows as edited. */
  $rows: ReadableAtom<ClassRow[]>;
  /** Mailboxes whose values differ from the last ones the server gave. */
  $changed: ReadableAtom<ReadonlySet<string>>;
  /** The fields found empty by the last Save ('mailbox:field'). */
  $invalid: ReadableAtom<ReadonlySet<string>>;
  $saving: ReadableAtom<boolean>;
  folders: readonly string[];
  teachers: readonly Teacher[];
  setName(mailbox: string, name: string): void;
  /** Adds a username (trimmed, lowercased); the message when it cannot be, '' when added or already there. */
  addTeacher(mailbox: string, username: string): string;
  removeTeacher(mailbox: string, username: string): void;
  setFolder(mailbox: string, folder: string, chosen: boolean): void;
  isDirty(): boolean;
  save(): Promise<SaveOutcome>;
  /** Loads the list again from the server; a failed load sends the user to the upload page (spec section 8). */
  reload(): Promise<boolean>;
}

export function invalidKey(mailbox: string, field: ClassField): string {
  return `${mailbox}:${field}`;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function differs(row: ClassRow, saved: ClassRow | undefined): boolean {
  return !saved || row.name.trim() !== saved.name || !sameList(row.teachers, saved.teachers) || !sameList(row.folders, saved.folders);
}

/** The empty fields of the rows, in the table's order. */
export function emptyFields(rows: readonly ClassRow[]): EmptyField[] {
  const empty: EmptyField[] = [];
  for (const row of rows) {
    if (!row.name.trim()) empty.push({ mailbox: row.mailbox, field: 'name' });
    if (row.teachers.length === 0) empty.push({ mailbox: row.mailbox, field: 'teachers' });
    if (row.folders.length === 0) empty.push({ mailbox: row.mailbox, field: 'folders' });
  }
  return empty;
}

export function createClassListStore(initial: ClassListData): ClassListStore {
  const $saved = atom<ClassRow[]>(initial.classes);
  const $rows = atom<ClassRow[]>(initial.classes);
  const $invalid = atom<ReadonlySet<string>>(new Set());
  const $saving = atom(false);
  const $changed = computed([$rows, $saved], (rows, saved) => {
    const byMailbox = new Map(saved.map((row) => [row.mailbox, row]));
    return new Set(rows.filter((row) => differs(row, byMailbox.get(row.mailbox))).map((row) => row.mailbox));
  });
  // The folders' order in a row follows the school's list, whatever order they were ticked in.
  const folderOrder = new Map(initial.folders.map((folder, i) => [folder, i]));

  function update(mailbox: string, change: (row: ClassRow) => ClassRow, field: ClassField): void {
    $rows.set($rows.get().map((row) => (row.mailbox === mailbox ? change(row) : row)));
    const key = invalidKey(mailbox, field);
    if ($invalid.get().has(key)) {
      const next = new Set($invalid.get());
      next.delete(key);
      $invalid.set(next);
      // The last empty field filled: 'All fields must be filled in' no longer stands.
      if (next.size === 0) dismissToast('error', FIELDS_REQUIRED);
    }
  }

  function accept(classes: ClassRow[]): void {
    $saved.set(classes);
    $rows.set(classes);
    $invalid.set(new Set());
  }

  async function reload(): Promise<boolean> {
    const res = await send(haparaApi.classes, {}, { onFailure: 'silent' });
    if (!res) {
      // Leaving on purpose: the unsaved-changes guard must not hold the way out.
      $rows.set($saved.get());
      window.location.assign(HAPARA_LOAD_FAILED_PATH);
      return false;
    }
    accept(res.classes);
    return true;
  }

  return {
    $rows,
    $changed,
    $invalid,
    $saving,
    folders: initial.folders,
    teachers: initial.teachers,
    setName(mailbox, name) {
      update(mailbox, (row) => ({ ...row, name }), 'name');
    },
    addTeacher(mailbox, typed) {
      const username = typed.trim().toLowerCase();
      if (!username) return '';
      if (!USERNAME_PATTERN.test(username)) return INVALID_TEACHER_USERNAME;
      const row = $rows.get().find((r) => r.mailbox === mailbox);
      if (!row || row.teachers.includes(username)) return '';
      if (row.teachers.length >= MAX_TEACHERS_PER_CLASS) return TOO_MANY_TEACHERS;
      update(mailbox, (r) => ({ ...r, teachers: [...r.teachers, username] }), 'teachers');
      return '';
    },
    removeTeacher(mailbox, username) {
      update(mailbox, (row) => ({ ...row, teachers: row.teachers.filter((t) => t !== username) }), 'teachers');
    },
    setFolder(mailbox, folder, chosen) {
      update(
        mailbox,
        (row) => {
          const rest = row.folders.filter((f) => f !== folder);
          if (!chosen) return { ...row, folders: rest };
          const next = [...rest, folder];
          next.sort((a, b) => (folderOrder.get(a) ?? Number.MAX_SAFE_INTEGER) - (folderOrder.get(b) ?? Number.MAX_SAFE_INTEGER));
          return { ...row, folders: next };
        },
        'folders',
      );
    },
    isDirty() {
      return $changed.get().size > 0;
    },
    async save() {
      if ($saving.get()) return { ok: false };
      const rows = $rows.get();
      const empty = emptyFields(rows);
      if (empty.length > 0) {
        // Spec section 5: nothing is sent while a field is empty.
        $invalid.set(new Set(empty.map((e) => invalidKey(e.mailbox, e.field))));
        void showToast(FIELDS_REQUIRED, { type: 'error' });
        return { ok: false, ...(empty[0] ? { empty: empty[0] } : {}) };
      }
      $invalid.set(new Set());
      $saving.set(true);
      let conflict = false;
      const res = await send(
        haparaApi.saveClasses,
        { body: { classes: rows.map(({ mailbox, name, teachers, folders }) => ({ mailbox, name: name.trim(), teachers, folders })) } },
        {
          onFailure: (failure) => {
            // Another change is already waiting: the list as the server holds it shows which.
            conflict = failure.code === 'classes_pending';
            void showToast(failure.message ?? GENERIC_FAILURE, { type: 'error' });
          },
        },
      );
      $saving.set(false);
      if (!res) {
        if (conflict) await reload();
        return { ok: false };
      }
      void showToast(CLASSES_REQUESTED, { type: 'success' });
      // The changed rows now wait for the provider with the values sent; the rest are as they were.
      const changed = $changed.get();
      accept($rows.get().map((row) => (changed.has(row.mailbox) ? { ...row, name: row.name.trim(), pending: true } : row)));
      return { ok: true };
    },
    reload,
  };
}

/**
 * Manage Students (/hapara/studentlist): the server-paged, filterable student list, and the three
 * changes staff ask for (add, edit, delete), each a request the provider verifies: the row then
 * shows it as pending, so nobody asks twice.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { showToast } from '../../../../lib/browser/toast';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import { listQuery } from '../../../../lib/lists/location';
import { haparaApi } from '../../calls';
import { FIELDS_REQUIRED, HAPARA_LOAD_FAILED_PATH, STUDENT_ADD_REQUESTED, STUDENT_DELETE_REQUESTED, STUDENT_EDIT_REQUESTED } from '../../rules';
import { MAX_QUERY_LENGTH } from '../../../../lib/lists/paging';
import type { ClassOption, StudentRow } from '../../contract';
import type { Failure } from '../../../../lib/contract/envelope';
import { createListStore, type ListStore, type ListView } from '../../../../ui/stores/list';

export const STUDENT_LIST_PATH = '/hapara/studentlist';

/** A row of the table: the student and a key that stays put while its change waits (a pending addition has no index yet). */
export interface StudentListRow extends StudentRow {
  key: string;
}

export function toStudentRows(students: readonly StudentRow[]): StudentListRow[] {
  return students.map((student, position) => ({ ...student, key: student.index === null ? `new-${position}-${student.email}` : `s-${student.index}` }));
}

/** Whether a row can be edited or deleted: a student of the roster with nothing waiting. */
export function isChangeable(row: StudentRow): row is StudentRow & { index: number } {
  return row.index !== null && row.pending === null;
}

/** The edit dialog's fields (spec section 3: updatestudent's payload less the index). */
export interface StudentEdit {
  firstname: string;
  lastname: string;
  class: string;
  email: string;
}
export type EditField = keyof StudentEdit;

/** The add form's values: publicfirstname, publiclastname, class and one per extra field, by payload key. */
export type StudentAdd = Readonly<Record<string, string>>;

export type FormOutcome = { ok: true } | { ok: false; message: string; field?: string };

export interface StudentListInit {
  /** The first page as the server rendered it. */
  initial: Omit<ListView<StudentRow>, 'rows'> & { students: StudentRow[] };
  /** The school's classes (the forms' Class select). */
  classes: ClassOption[];
  /** The extra fields the add form asks for, by name (each the payload's key). */
  fields: string[];
}

export interface StudentListStore extends ListStore<StudentListRow> {
  classes: readonly ClassOption[];
  /** The add form's keys in the order it shows them. */
  addKeys: readonly string[];
  $adding: ReadableAtom<boolean>;
  /** Keys of rows with a change on its way. */
  $busy: ReadableAtom<ReadonlySet<string>>;
  add(values: StudentAdd): Promise<FormOutcome>;
  update(row: StudentListRow, values: StudentEdit): Promise<FormOutcome>;
  remove(row: StudentListRow): Promise<boolean>;
}

const FIRST_NAME = 'publicfirstname';
const LAST_NAME = 'publiclastname';

/** The first key whose value is empty after trimming, if any. */
function firstEmpty(keys: readonly string[], values: Readonly<Record<string, string>>): string | undefined {
  return keys.find((key) => !(values[key] ?? '').trim());
}

/** A refused form's outcome: the failure's message, and its field when the form has that field (marked, focused). */
function refusedOutcome(failure: Failure | undefined, keys: readonly string[]): FormOutcome {
  const message = failure?.message ?? GENERIC_FAILURE;
  const field = failure?.field;
  return { ok: false, message, ...(field !== undefined && keys.includes(field) ? { field } : {}) };
}

const EDIT_KEYS: readonly EditField[] = ['firstname', 'lastname', 'class', 'email'];

export function createStudentListStore({ initial, classes, fields }: StudentListInit): StudentListStore {
  const { students, ...view } = initial;
  const pageSize = view.pageSize;
  const list = createListStore<StudentListRow>(
    {
      path: STUDENT_LIST_PATH,
      maxQueryLength: MAX_QUERY_LENGTH,
      async fetchPage(location) {
        const res = await send(
          haparaApi.studentPage,
          { query: listQuery(location, pageSize) },
          {
            // Spec section 8: a list that cannot be loaded sends the user to the upload screen (an ended session still goes to the login).
            onFailure: () => window.location.assign(HAPARA_LOAD_FAILED_PATH),
          },
        );
        if (!res) return null;
        return { rows: toStudentRows(res.studentList), totalPages: res.total_pages, total: res.total };
      },
    },
    { ...view, rows: toStudentRows(students) },
  );
  const addKeys = [FIRST_NAME, LAST_NAME, 'class', ...fields];
  const $adding = atom(false);
  const $busy = atom<ReadonlySet<string>>(new Set());

  const setBusy = (key: string, on: boolean) => {
    const next = new Set($busy.get());
    if (on) next.add(key);
    else next.delete(key);
    $busy.set(next);
  };

  /** The row now shows what the server answered (its pending change), keeping its key. */
  const replaceRow = (row: StudentListRow, student: StudentRow) =>
    list.updateRows(
      (candidate) => candidate.key === row.key,
      () => ({ ...student, key: row.key }),
    );

  /** A refusal, its message toasted as everywhere, kept for the form (its message and field). */
  const refusalCatcher = () => {
    let refused: Failure | undefined;
    return {
      onFailure: (failure: Failure) => {
        refused = failure;
        void showToast(failure.message ?? GENERIC_FAILURE, { type: 'error' });
      },
      outcome: (keys: readonly string[]) => refusedOutcome(refused, keys),
    };
  };

  return {
    ...list,
    classes,
    addKeys,
    $adding,
    $busy,
    async add(values) {
      if ($adding.get()) return { ok: false, message: '' };
      const empty = firstEmpty(addKeys, values);
      if (empty !== undefined) {
        void showToast(FIELDS_REQUIRED, { type: 'error' });
        return { ok: false, message: FIELDS_REQUIRED, field: empty };
      }
      const body = Object.fromEntries(addKeys.map((key) => [key, values[key] ?? '']));
      $adding.set(true);
      const refusal = refusalCatcher();
      const res = await send(
        haparaApi.addStudent,
        { body: { ...body, publicfirstname: body[FIRST_NAME] ?? '', publiclastname: body[LAST_NAME] ?? '', class: body['class'] ?? '' } },
        { onFailure: refusal.onFailure },
      );
      $adding.set(false);
      if (!res) return refusal.outcome(addKeys);
      void showToast(STUDENT_ADD_REQUESTED, { type: 'success' });
      // The list is in name order: the page is fetched again, and shows the new row when it falls on it.
      await list.reload();
      return { ok: true };
    },
    async update(row, values) {
      if (!isChangeable(row) || $busy.get().has(row.key)) return { ok: false, message: '' };
      const empty = firstEmpty(EDIT_KEYS, { ...values });
      if (empty !== undefined) {
        void showToast(FIELDS_REQUIRED, { type: 'error' });
        return { ok: false, message: FIELDS_REQUIRED, field: empty };
      }
      setBusy(row.key, true);
      const refusal = refusalCatcher();
      try {
        const res = await send(haparaApi.updateStudent, { body: { ...values, index: row.index } }, { onFailure: refusal.onFailure });
        if (!res) return refusal.outcome(EDIT_KEYS);
        void showToast(STUDENT_EDIT_REQUESTED, { type: 'success' });
        replaceRow(row, res.student);
        return { ok: true };
      } finally {
        setBusy(row.key, false);
      }
    },
    async remove(row) {
      if (!isChangeable(row) || $busy.get().has(row.key)) return false;
      setBusy(row.key, true);
      try {
        const res = await send(haparaApi.deleteStudent, { body: { index: row.index } });
        if (!res) return false;
        void showToast(STUDENT_DELETE_REQUESTED, { type: 'success' });
        replaceRow(row, res.student);
        return true;
      } finally {
        setBusy(row.key, false);
      }
    },
  };
}

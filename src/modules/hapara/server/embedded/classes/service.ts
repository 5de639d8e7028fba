import { lockInTransaction } from '../../../../../platform/db';
import { inTransaction, type RequestContext, type SchoolContext } from '../../../../../platform/context';
import { Refusal } from '../../../../../platform/errors';
import {
  CLASSES_ALREADY_PENDING,
  folderLabel,
  NO_CLASS_CHANGES,
  type ClassEdit,
  type ClassRow,
  type SaveClassesRequest,
} from '../../../contract';
import { readSettings } from '../settings';
import { insertRequest } from '../requests/repository';
import { requesterOf } from '../requests/requester';
import type { ClassListScreen } from '../../backend';
import * as repo from './repository';

/**
 * The class list (spec sections 2 and 3): the school's classes with their teachers and folders.
 * Staff never change a class directly: a save becomes one 'classes' request that the provider
 * verifies, and until then the list shows the values asked for, marked pending.
 */

/** The screen's data and the GET call's answer: what the roster holds, with a pending request's values laid over it. */
export async function loadClassListScreen(ctx: SchoolContext): Promise<ClassListScreen> {
  const [records, settings, teachers, pending] = await Promise.all([
    repo.listClasses(ctx.db, ctx.domain.id),
    readSettings(ctx.db, ctx.domain),
    repo.listTeachers(ctx.db, ctx.domain.id),
    repo.listPendingClassChanges(ctx.db, ctx.domain.id),
  ]);
  const asked = new Map<string, ClassEdit>();
  for (const change of pending.flat()) asked.set(change.mailbox, change);
  const classes = records.map((record): ClassRow => {
    const change = asked.get(record.code);
    return change
      ? { mailbox: record.code, name: change.name, teachers: change.teachers, folders: change.folders, pending: true }
      : { mailbox: record.code, name: record.name, teachers: record.teachers, folders: record.folders, pending: false };
  });
  return { classes, folders: settings.folders, teachers };
}

/** A list without repeats, first occurrence kept: a teacher or folder typed twice is one. */
function distinct(values: string[]): string[] {
  return [...new Set(values)];
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/**
 * Saves the class list as the screen holds it: each class must be one of the school's (codes are
 * not added or changed here), named once, with folders the school offers. The classes that differ
 * from the roster become one request; nothing changed, or a request already waiting, is refused.
 */
export async function saveClasses(ctx: RequestContext, input: SaveClassesRequest): Promise<{ changed: number }> {
  const requester = await requesterOf(ctx);
  return inTransaction(ctx, async (trx) => {
    // Two saves at once must not both find nothing pending.
    await lockInTransaction(trx.db, `hapara_classes.request:${trx.domain.id}`);
    const [records, settings] = await Promise.all([repo.listClasses(trx.db, trx.domain.id), readSettings(trx.db, trx.domain)]);
    // Class codes are mailbox names: letters compare without case.
    const byCode = new Map(records.map((record) => [record.code.toLowerCase(), record]));
    const offered = new Set(settings.folders);
    const seen = new Set<string>();
    const changes: ClassEdit[] = [];
    for (const edit of input.classes) {
      const key = edit.mailbox.toLowerCase();
      if (seen.has(key)) throw new Refusal(400, 'duplicate_class', `The class ${edit.mailbox} is listed more than once.`);
      seen.add(key);
      const record = byCode.get(key);
      if (!record) throw new Refusal(404, 'unknown_class', `The class ${edit.mailbox} is not one of your school’s classes.`);
      // A folder the school has since withdrawn may stay on a class that already had it.
      const unknown = edit.folders.find((folder) => !offered.has(folder) && !record.folders.includes(folder));
      if (unknown !== undefined) throw new Refusal(400, 'unknown_folder', `The folder ‘${folderLabel(unknown)}’ is not one of your school’s folders.`);
      const wanted: ClassEdit = { mailbox: record.code, name: edit.name, teachers: distinct(edit.teachers), folders: distinct(edit.folders) };
      if (wanted.name !== record.name || !sameList(wanted.teachers, record.teachers) || !sameList(wanted.folders, record.folders)) changes.push(wanted);
    }
    if (await repo.hasPendingClassChanges(trx.db, trx.domain.id)) throw new Refusal(409, 'classes_pending', CLASSES_ALREADY_PENDING);
    if (changes.length === 0) throw new Refusal(400, 'no_changes', NO_CLASS_CHANGES);
    const payload: repo.ClassChanges = { classes: changes };
    await insertRequest(trx.db, {
      domainId: trx.domain.id,
      kind: 'classes',
      studentId: null,
      payload,
      source: 'screen',
      user: requester,
      now: trx.now,
    });
    return { changed: changes.length };
  });
}

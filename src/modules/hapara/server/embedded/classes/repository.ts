import { z } from 'zod';
import type { Db } from '../../../../../platform/db';
import { Refusal } from '../../../../../platform/errors';
import { classEditSchema, type ClassEdit } from '../../../contract';
import '../schema';

/**
 * All SQL of the class list. Every function takes the database (or a transaction) first and the
 * school's domain id, and every query is scoped by it.
 */

export interface ClassRecord {
  code: string;
  name: string;
  teachers: string[];
  folders: string[];
}

/** What a 'classes' request carries: the classes it changes, each with all its new values. */
export const classChangesSchema = z.object({ classes: z.array(classEditSchema).min(1) });
export type ClassChanges = z.infer<typeof classChangesSchema>;

const stringList = z.array(z.string());

/** A JSON column written by this module; a damaged one reads as empty rather than failing the whole screen. */
function parseList(json: string): string[] {
  try {
    const parsed = stringList.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The school's classes in the list's order. */
export async function listClasses(db: Db, domainId: number): Promise<ClassRecord[]> {
  const rows = await db
    .selectFrom('hapara_classes')
    .select(['code', 'name', 'teachers', 'folders'])
    .where('domain_id', '=', domainId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ code: row.code, name: row.name, teachers: parseList(row.teachers), folders: parseList(row.folders) }));
}

/** The school's staff as the class list suggests them, by username. */
export async function listTeachers(db: Db, domainId: number): Promise<{ username: string; name: string }[]> {
  return db.selectFrom('hapara_teachers').select(['username', 'name']).where('domain_id', '=', domainId).orderBy('username').execute();
}

/** The changes of the school's pending 'classes' requests, oldest first (the service allows one at a time). */
export async function listPendingClassChanges(db: Db, domainId: number): Promise<ClassEdit[][]> {
  const rows = await db
    .selectFrom('hapara_requests')
    .select('payload')
    .where('domain_id', '=', domainId)
    .where('kind', '=', 'classes')
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const parsed = classChangesSchema.safeParse(safeJson(row.payload));
    return parsed.success ? parsed.data.classes : [];
  });
}

export async function hasPendingClassChanges(db: Db, domainId: number): Promise<boolean> {
  const row = await db
    .selectFrom('hapara_requests')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('kind', '=', 'classes')
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Applies an approved 'classes' request: each class it names takes the values asked for. Called by
 * the approval inside its transaction, so a class that has gone meanwhile undoes the whole approval.
 */
export async function applyClassChanges(trx: Db, domainId: number, payload: unknown): Promise<void> {
  const { classes } = classChangesSchema.parse(typeof payload === 'string' ? safeJson(payload) : payload);
  for (const change of classes) {
    const result = await trx
      .updateTable('hapara_classes')
      .set({ name: change.name, teachers: JSON.stringify(change.teachers), folders: JSON.stringify(change.folders) })
      .where('domain_id', '=', domainId)
      .where('code', '=', change.mailbox)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new Refusal(404, 'not_found', `The class ${change.mailbox} is no longer on the school’s class list.`);
  }
}

import { z } from 'zod';
import type { Db } from '../../../../../platform/db';
import { Refusal } from '../../../../../platform/errors';
import { applyClassChanges } from '../classes/repository';
import { readSettings } from '../settings';
import { makeUsername, studentEmail } from '../username';
import * as students from '../students/repository';
import type { RequestRecord } from './repository';

/**
 * What an approval does to the roster, by the request's kind, inside the approval's transaction:
 * anything that no longer fits (the student gone, the class removed) is refused and the whole
 * approval rolls back, the request staying pending.
 */

const editPayload = z.object({ firstname: z.string().min(1), lastname: z.string().min(1), class: z.string().min(1), email: z.string().min(1) });

const GONE = 'The student this request is about is no longer listed: reject the request instead.';

export async function applyRequest(trx: Db, domain: { id: number; label: string }, request: RequestRecord, now: number): Promise<void> {
  switch (request.kind) {
    case 'add':
      return applyAddition(trx, domain, request, now);
    case 'edit':
      return applyEdit(trx, domain.id, request, now);
    case 'delete':
      // A student already gone is what the request asked for.
      if (request.student_id !== null) await students.deleteStudent(trx, domain.id, request.student_id);
      return;
    case 'classes':
      return applyClassChanges(trx, domain.id, request.payload);
  }
}

/**
 * The pending row joins the roster. Its address must still be its own: an edit approved since may
 * have given another student the same one, in which case the rule makes a new username.
 */
async function applyAddition(trx: Db, domain: { id: number; label: string }, request: RequestRecord, now: number): Promise<void> {
  const student = request.student_id === null ? undefined : await students.findStudent(trx, domain.id, request.student_id);
  if (!student || !student.pending_add) throw new Refusal(409, 'student_gone', GONE);
  const taken = await students.takenNames(trx, domain.id, student.id);
  let account = { username: student.username, email: student.email };
  if (taken.has(student.username, student.email)) {
    const settings = await readSettings(trx, domain);
    const username = makeUsername(settings.usernameRule, { first: student.first_name, last: student.last_name, now, extra: student.extra }, (name) =>
      taken.has(name, studentEmail(name, settings.mailDomain)),
    );
    account = { username, email: studentEmail(username, settings.mailDomain) };
  }
  await students.confirmAddition(trx, domain.id, student.id, account, now);
}

async function applyEdit(trx: Db, domainId: number, request: RequestRecord, now: number): Promise<void> {
  const change = editPayload.parse(request.payload);
  const student = request.student_id === null ? undefined : await students.findStudent(trx, domainId, request.student_id);
  if (!student) throw new Refusal(409, 'student_gone', GONE);
  if (!(await students.classExists(trx, domainId, change.class))) {
    throw new Refusal(409, 'class_gone', `The class ${change.class} is no longer on the school’s class list: reject the request instead.`);
  }
  await students.updateStudent(
    trx,
    domainId,
    student.id,
    { first_name: change.firstname, last_name: change.lastname, class_code: change.class, email: change.email },
    now,
  );
}

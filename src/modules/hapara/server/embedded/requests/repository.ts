import type { Db } from '../../../../../platform/db';
import type { HaparaRequestKind, HaparaRequestSource, HaparaRequestStatus } from '../schema';
import '../schema';

/**
 * All SQL of the change requests (`hapara_requests`): what staff asked for, waiting for the
 * provider. Screens' queries are scoped by the domain id; the operator's (`requests list/show`)
 * may look across schools, as the provider serves them all.
 */

export interface Requester {
  id: number | null;
  email: string;
  name: string;
}

export interface RequestRecord {
  id: number;
  domain_id: number;
  kind: HaparaRequestKind;
  student_id: number | null;
  /** The change as JSON (parsed by whoever applies it). */
  payload: unknown;
  source: HaparaRequestSource;
  status: HaparaRequestStatus;
  reason: string | null;
  user_id: number | null;
  requester_email: string;
  requester_name: string;
  created_at: number;
  decided_at: number | null;
}

const COLUMNS = [
  'id',
  'domain_id',
  'kind',
  'student_id',
  'payload',
  'source',
  'status',
  'reason',
  'user_id',
  'requester_email',
  'requester_name',
  'created_at',
  'decided_at',
] as const;

function parsePayload(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

type Row = Omit<RequestRecord, 'payload'> & { payload: string };

function toRecord(row: Row): RequestRecord {
  return {
    ...row,
    id: Number(row.id),
    domain_id: Number(row.domain_id),
    student_id: row.student_id === null ? null : Number(row.student_id),
    user_id: row.user_id === null ? null : Number(row.user_id),
    created_at: Number(row.created_at),
    decided_at: row.decided_at === null ? null : Number(row.decided_at),
    payload: parsePayload(row.payload),
  };
}

export interface NewRequest {
  domainId: number;
  kind: HaparaRequestKind;
  /** The student the change is about (an addition names its pending row); null for the class list. */
  studentId: number | null;
  payload: unknown;
  source: HaparaRequestSource;
  user: Requester;
  now: number;
}

/** Files a pending request (call it in the transaction of whatever goes with it); answers its id. */
export async function insertRequest(db: Db, request: NewRequest): Promise<number> {
  const row = await db
    .insertInto('hapara_requests')
    .values({
      domain_id: request.domainId,
      kind: request.kind,
      student_id: request.studentId,
      payload: JSON.stringify(request.payload),
      source: request.source,
      status: 'pending',
      reason: null,
      user_id: request.user.id,
      requester_email: request.user.email,
      requester_name: request.user.name,
      created_at: request.now,
      decided_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Requests for the operator: of one school or all, in one status or all, oldest first. */
export async function listRequests(db: Db, filter: { domainId?: number | undefined; status?: HaparaRequestStatus | undefined }): Promise<RequestRecord[]> {
  let query = db.selectFrom('hapara_requests').select(COLUMNS);
  if (filter.domainId !== undefined) query = query.where('domain_id', '=', filter.domainId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  return (await query.orderBy('id').execute()).map(toRecord);
}

/** One request by id; with a domain id, only that school's. */
export async function findRequest(db: Db, id: number, domainId?: number): Promise<RequestRecord | undefined> {
  let query = db.selectFrom('hapara_requests').select(COLUMNS).where('id', '=', id);
  if (domainId !== undefined) query = query.where('domain_id', '=', domainId);
  const row = await query.executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/**
 * Marks a pending request decided; false when it was not pending any more (decided meanwhile by
 * another operator: the status check in the WHERE makes the decision happen once).
 */
export async function decideRequest(db: Db, id: number, decision: { status: 'approved' | 'rejected'; reason: string | null; now: number }): Promise<boolean> {
  const result = await db
    .updateTable('hapara_requests')
    .set({ status: decision.status, reason: decision.reason, decided_at: decision.now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the row of an addition that is still pending (its rejection). */
export async function removePendingAddition(db: Db, domainId: number, studentId: number): Promise<void> {
  await db.deleteFrom('hapara_students').where('domain_id', '=', domainId).where('id', '=', studentId).where('pending_add', '=', 1).execute();
}

import { findSchoolById } from '../../../../account/server';
import type { Runtime } from '../../../../../platform/runtime';
import { enqueue } from '../../../../../platform/jobs';
import { Refusal } from '../../../../../platform/errors';
import type { HaparaRequestStatus } from '../schema';
import { applyRequest } from './apply';
import { REQUEST_MAIL_JOB } from './mail';
import * as repo from './repository';

/**
 * The provider's side of the requests: approve (the change applied to the roster) or reject (with
 * a reason), each once. The decision, its change and the requester's email job commit together.
 */

export const MAX_REASON_LENGTH = 1000;

function alreadyDecided(request: repo.RequestRecord): Refusal {
  return new Refusal(409, 'already_decided', `Request ${request.id} was already ${request.status}; a request is decided once.`);
}

async function pendingRequest(db: Runtime['db'], id: number): Promise<repo.RequestRecord> {
  const request = await repo.findRequest(db, id);
  if (!request) throw new Refusal(404, 'request_not_found', `There is no request ${id}.`);
  if (request.status !== 'pending') throw alreadyDecided(request);
  return request;
}

async function decide(
  runtime: Runtime,
  id: number,
  decision: { status: 'approved' | 'rejected'; reason: string | null },
  change: (trx: Runtime['db'], request: repo.RequestRecord, domain: { id: number; label: string }) => Promise<void>,
): Promise<repo.RequestRecord> {
  const now = runtime.clock();
  return runtime.db.transaction().execute(async (trx) => {
    const request = await pendingRequest(trx, id);
    // The status check in the update makes two operators deciding at once decide it once.
    if (!(await repo.decideRequest(trx, id, { ...decision, now }))) throw alreadyDecided({ ...request, status: 'approved' });
    const school = await findSchoolById(trx, request.domain_id);
    if (!school) throw new Refusal(404, 'request_not_found', `There is no request ${id}.`);
    await change(trx, request, school);
    await enqueue(trx, { name: REQUEST_MAIL_JOB, payload: { requestId: id }, now, key: `${REQUEST_MAIL_JOB}:${id}`, domainId: request.domain_id });
    return { ...request, status: decision.status, reason: decision.reason, decided_at: now };
  });
}

/** Approves a pending request: its change is made to the roster and the requester is emailed. */
export function approveRequest(runtime: Runtime, id: number): Promise<repo.RequestRecord> {
  return decide(runtime, id, { status: 'approved', reason: null }, (trx, request, school) => applyRequest(trx, school, request, runtime.clock()));
}

/** Rejects a pending request with a reason: nothing changes (a pending addition's row goes) and the requester is emailed. */
export async function rejectRequest(runtime: Runtime, id: number, reason: string): Promise<repo.RequestRecord> {
  const text = reason.trim().replace(/\s+/g, ' ');
  if (!text) throw new Refusal(400, 'reason_required', 'A rejection needs a reason: --reason "<text>".');
  if (text.length > MAX_REASON_LENGTH) throw new Refusal(400, 'reason_too_long', `A reason can be at most ${MAX_REASON_LENGTH} characters.`);
  return decide(runtime, id, { status: 'rejected', reason: text }, async (trx, request, school) => {
    if (request.kind === 'add' && request.student_id !== null) await repo.removePendingAddition(trx, school.id, request.student_id);
  });
}

export interface RequestWithSchool extends repo.RequestRecord {
  school: { label: string; name: string };
}

async function withSchools(db: Runtime['db'], requests: repo.RequestRecord[]): Promise<RequestWithSchool[]> {
  const schools = new Map<number, { label: string; name: string }>();
  for (const id of new Set(requests.map((r) => r.domain_id))) {
    const school = await findSchoolById(db, id);
    schools.set(id, school ? { label: school.label, name: school.name } : { label: `#${id}`, name: '' });
  }
  return requests.map((r) => ({ ...r, school: schools.get(r.domain_id)! }));
}

/** The operator's list: one school's or all schools' requests in a status (or all), oldest first. */
export async function listRequestsFor(
  runtime: Runtime,
  filter: { domainId?: number | undefined; status?: HaparaRequestStatus | undefined },
): Promise<RequestWithSchool[]> {
  return withSchools(runtime.db, await repo.listRequests(runtime.db, filter));
}

export async function showRequest(runtime: Runtime, id: number): Promise<RequestWithSchool> {
  const request = await repo.findRequest(runtime.db, id);
  if (!request) throw new Refusal(404, 'request_not_found', `There is no request ${id}.`);
  return (await withSchools(runtime.db, [request]))[0]!;
}

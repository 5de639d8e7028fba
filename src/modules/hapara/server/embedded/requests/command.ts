import fs from 'node:fs';
import type { Runtime } from '../../../../../platform/runtime';
import { usageError, type Command } from '../../../../../platform/cli/command';
import { Refusal } from '../../../../../platform/errors';
import { findSchoolByLabel } from '../../../../account/server';
import type { HaparaRequestStatus } from '../schema';
import { describeRequest, requestLines } from './describe';
import { approveRequest, listRequestsFor, rejectRequest, showRequest, type RequestWithSchool } from './service';
import { exportRosterForGoogle } from '../export/service';

/**
 * The provider's commands: the change requests schools' staff file (list, show, approve, reject)
 * and the approved roster for Google Workspace.
 */

const ACTIONS = ['list', 'show', 'approve', 'reject'] as const;
const STATUSES = ['pending', 'approved', 'rejected', 'all'] as const;

function when(unixSeconds: number | null): string {
  return unixSeconds === null ? '-' : new Date(unixSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

function requestId(text: string | undefined): number {
  if (!text || !/^\d{1,15}$/.test(text) || Number(text) < 1) throw usageError(`A request is named by its number (see requests list), not "${text ?? ''}".`);
  return Number(text);
}

function summaryLine(r: RequestWithSchool): string {
  return `#${r.id}  ${when(r.created_at)}  ${r.status.padEnd(8)}  ${r.school.label}  ${describeRequest(r)}  (${r.requester_email}${r.source === 'leavers' ? ', leavers upload' : ''})`;
}

async function list(runtime: Runtime, status: string, schoolLabel: string | undefined, print: (line: string) => void): Promise<void> {
  if (!(STATUSES as readonly string[]).includes(status)) throw usageError(`The status to list is one of ${STATUSES.join(', ')}, not "${status}".`);
  let domainId: number | undefined;
  if (schoolLabel !== undefined) {
    const school = await findSchoolByLabel(runtime.db, schoolLabel);
    if (!school) throw new Refusal(400, 'invalid', `No school has the label ${schoolLabel}.`);
    domainId = school.id;
  }
  const requests = await listRequestsFor(runtime, { domainId, status: status === 'all' ? undefined : (status as HaparaRequestStatus) });
  if (requests.length === 0) {
    print(`No ${status === 'all' ? '' : `${status} `}requests${schoolLabel ? ` for ${schoolLabel}` : ''}.`);
    return;
  }
  for (const request of requests) print(summaryLine(request));
}

async function show(runtime: Runtime, id: number, print: (line: string) => void): Promise<void> {
  const r = await showRequest(runtime, id);
  print(`Request #${r.id}: ${describeRequest(r)}`);
  print(`School:    ${r.school.label}${r.school.name ? ` (${r.school.name})` : ''}`);
  print(`Asked by:  ${r.requester_name} <${r.requester_email}> on ${when(r.created_at)} (${r.source === 'leavers' ? 'leavers upload' : 'screen'})`);
  print(`Status:    ${r.status}${r.decided_at === null ? '' : ` on ${when(r.decided_at)}`}`);
  if (r.reason) print(`Reason:    ${r.reason}`);
  if (r.student_id !== null) print(`Student:   #${r.student_id}`);
  print('Change:');
  for (const line of requestLines(r)) print(line);
}

export const requestsCommand: Command = {
  summary: "Learning in the Cloud's change requests: list, show, approve, or reject with a reason (the requester is emailed).",
  usage: 'requests list [pending|approved|rejected|all] [--school LABEL] | requests show|approve ID | requests reject ID --reason TEXT',
  positionals: [1, 2],
  options: {
    school: { description: 'list: only this school’s requests; default every school' },
    reason: { description: 'reject: why, told to the requester (required to reject)' },
  },
  async run(runtime, values, [action, argument], print) {
    if (!(ACTIONS as readonly string[]).includes(action ?? '')) throw usageError(`Unknown action "${action ?? ''}": use ${ACTIONS.join(', ')}.`);
    if (action === 'list') return list(runtime, argument ?? 'pending', values.school, print);
    if (values.school !== undefined) throw usageError('--school goes with list only.');
    const id = requestId(argument);
    if (action === 'show') return show(runtime, id, print);
    if (action === 'approve') {
      if (values.reason !== undefined) throw usageError('--reason goes with reject only.');
      const request = await approveRequest(runtime, id);
      print(`Approved request #${id}: ${describeRequest(request)}. ${request.requester_email} will be emailed.`);
      return;
    }
    if (values.reason === undefined || values.reason.trim() === '') throw usageError('A rejection needs a reason: --reason "<text>".');
    const request = await rejectRequest(runtime, id, values.reason);
    print(`Rejected request #${id}: ${describeRequest(request)}. ${request.requester_email} will be emailed the reason.`);
  },
};

export const rosterExportCommand: Command = {
  summary: "A school's approved student roster as a Google Workspace bulk-user upload CSV (Org Unit Path /Students/<class>).",
  usage: 'roster-export LABEL [--out FILE] [--passwords]',
  positionals: 1,
  options: {
    out: { description: 'write the CSV to this file; default the standard output' },
    passwords: {
      flag: true,
      description:
        'a new random password for every student (for users Google does not have yet); without it the Password column is blank, which keeps existing users’ passwords',
    },
  },
  async run(runtime, values, [label], print) {
    const { csv, count } = await exportRosterForGoogle(runtime, label ?? '', { passwords: values.passwords === 'true' });
    if (values.out === undefined) {
      print(csv);
      return;
    }
    // Passwords in a file: readable by its owner only.
    fs.writeFileSync(values.out, csv, { encoding: 'utf8', mode: 0o600 });
    print(`Wrote ${count} ${count === 1 ? 'student' : 'students'} of ${label} to ${values.out}.`);
  },
};

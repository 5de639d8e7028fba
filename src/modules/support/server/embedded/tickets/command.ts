import fs from 'node:fs';
import path from 'node:path';
import type { Runtime } from '../../../../../platform/runtime';
import { usageError, type Command } from '../../../../../platform/cli/command';
import { Refusal } from '../../../../../platform/errors';
import { findSchoolByLabel } from '../../../../account/server';
import type { SupportStatusKey } from '../schema';
import { findStatus, listTicketsForProvider, providerThread, replyAsProvider, setStatusAsProvider, type TicketWithSchool } from './provider';

/**
 * The provider's helpdesk commands: list the schools' tickets, show one with its thread, reply
 * (the author is emailed) and set a status.
 */

const ACTIONS = ['list', 'show', 'reply', 'status'] as const;
/** `list`'s default: the tickets waiting for the provider. */
const WAITING: readonly SupportStatusKey[] = ['open', 'awaiting'];

function when(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

function ticketNumber(text: string | undefined): number {
  if (!text || !/^\d{1,15}$/.test(text) || Number(text) < 1) throw usageError(`A ticket is named by its number (see tickets list), not "${text ?? ''}".`);
  return Number(text);
}

function summaryLine(t: TicketWithSchool): string {
  return `#${t.number}  ${when(t.updated_at)}  ${t.status.name.padEnd(14)}  ${t.priority.name.padEnd(6)}  ${t.school.label}  [${t.department}] ${t.subject}  (${t.author_email})`;
}

function kiloBytes(size: number): string {
  return size < 1024 ? `${size} B` : `${(size / 1024).toFixed(1)} KB`;
}

async function list(runtime: Runtime, which: string, schoolLabel: string | undefined, print: (line: string) => void): Promise<void> {
  let statusKeys: readonly SupportStatusKey[] | undefined;
  if (which === 'waiting') statusKeys = WAITING;
  else if (which !== 'all') statusKeys = [(await findStatus(runtime, which)).key];
  let domainId: number | undefined;
  if (schoolLabel !== undefined) {
    const school = await findSchoolByLabel(runtime.db, schoolLabel);
    if (!school) throw new Refusal(400, 'invalid', `No school has the label ${schoolLabel}.`);
    domainId = school.id;
  }
  const tickets = await listTicketsForProvider(runtime, { domainId, statusKeys });
  if (tickets.length === 0) {
    print(`No ${which === 'all' ? '' : `${which} `}tickets${schoolLabel ? ` for ${schoolLabel}` : ''}.`);
    return;
  }
  for (const ticket of tickets) print(summaryLine(ticket));
}

async function show(runtime: Runtime, number: number, print: (line: string) => void): Promise<void> {
  const { ticket, messages } = await providerThread(runtime, number);
  print(`Ticket #${ticket.number}: ${ticket.subject}`);
  print(`School:     ${ticket.school.label}${ticket.school.name ? ` (${ticket.school.name})` : ''}`);
  print(`From:       ${ticket.author_name} <${ticket.author_email}>`);
  print(`Department: ${ticket.department}    Priority: ${ticket.priority.name}    Status: ${ticket.status.name}`);
  print(`Opened:     ${when(ticket.created_at)}    Updated: ${when(ticket.updated_at)}`);
  for (const message of messages) {
    print('');
    print(`--- ${message.author === 'provider' ? 'Provider' : 'School'}: ${message.author_name}, ${when(message.created_at)} ---`);
    for (const line of message.body.split('\n')) print(line);
    for (const file of message.attachments) print(`[attachment] ${file.name} (${file.mime_type}, ${kiloBytes(file.size)})`);
  }
}

function readAttachment(file: string): { bytes: Uint8Array; name: string } {
  try {
    return { bytes: new Uint8Array(fs.readFileSync(file)), name: path.basename(file) };
  } catch (err) {
    throw usageError(`Cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export const ticketsCommand: Command = {
  summary: "The helpdesk's tickets of every school: list, show one with its thread, reply (the author is emailed), set a status.",
  usage:
    'tickets list [waiting|open|answered|closed|all|"Awaiting reply"] [--school LABEL] | tickets show NUMBER | tickets reply NUMBER --message TEXT [--status NAME] [--from NAME] [--attach FILE] | tickets status NUMBER NAME',
  positionals: [1, 3],
  options: {
    school: { description: 'list: only this school’s tickets; default every school' },
    message: { description: 'reply: the reply (required; quoted, it may span several lines)' },
    status: { description: 'reply: the ticket’s status afterwards; default Answered' },
    from: { description: 'reply: who signs it; default the provider’s name (PORTAL_PROVIDER_NAME)' },
    attach: { description: 'reply: a file to attach (checked like every upload)' },
  },
  async run(runtime, values, [action, argument, extra], print) {
    if (!(ACTIONS as readonly string[]).includes(action ?? '')) throw usageError(`Unknown action "${action ?? ''}": use ${ACTIONS.join(', ')}.`);
    const replyOnly = (['message', 'status', 'from', 'attach'] as const).filter((name) => values[name] !== undefined);
    if (action !== 'reply' && replyOnly.length > 0) throw usageError(`--${replyOnly[0] ?? ''} goes with reply only.`);
    if (action !== 'list' && values.school !== undefined) throw usageError('--school goes with list only.');
    if (action === 'list') {
      if (extra !== undefined) throw usageError('list takes one status at most (quote a status of two words).');
      return list(runtime, argument ?? 'waiting', values.school, print);
    }
    const number = ticketNumber(argument);
    if (action === 'status') {
      if (!extra) throw usageError('Name the status: tickets status NUMBER "Awaiting reply".');
      const ticket = await setStatusAsProvider(runtime, number, extra);
      print(`Ticket #${number} is now ${ticket.status.name}.`);
      return;
    }
    if (extra !== undefined) throw usageError(`${action} takes the ticket's number only.`);
    if (action === 'show') return show(runtime, number, print);
    if (values.message === undefined || values.message.trim() === '') throw usageError('A reply needs its text: --message "<text>".');
    const { ticket } = await replyAsProvider(runtime, number, {
      message: values.message,
      authorName: values.from?.trim() || runtime.config.PORTAL_PROVIDER_NAME,
      status: values.status,
      attachment: values.attach === undefined ? undefined : readAttachment(values.attach),
    });
    print(`Replied to ticket #${number} (${ticket.school.label}); it is now ${ticket.status.name}. ${ticket.author_email} will be emailed.`);
  },
};

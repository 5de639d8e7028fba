/**
 * Support's port (../backend.ts) on the legacy backend: the provider's updates and changelog and
 * the school's tickets list. The rest (service status, threads, new tickets, replies, attachments,
 * the knowledgebase) are the embedded helpdesk's: their routes and pages are not served in
 * upstream mode.
 */
import type { UpstreamScope } from '../../../../platform/upstream/client';
import type { SupportBackend } from '../backend';
import * as support from './service';

/** /home's updates, asked once per request: upstream mode's page middleware starts them beside the user call. */
export const updatesOnce = (up: UpstreamScope) => up.once('support.updates', () => support.listUpdates(up));

/** Every ticket of the school, asked once per request (My Tickets' warm-up and its pages share it). */
export const ticketsOnce = (up: UpstreamScope) => up.once('support.tickets', () => support.listAllTickets(up));

function notServed(what: string): Promise<never> {
  return Promise.reject(new Error(`The legacy backend has no ${what}: its routes and pages are not served in upstream mode.`));
}

export function upstreamSupportBackend(up: UpstreamScope): SupportBackend {
  return {
    listUpdates: () => updatesOnce(up),
    listChangelog: () => support.listChangelog(up),
    serverStatus: () => notServed('service status'),
    listTickets: async (page) => support.ticketsPage(await ticketsOnce(up), page),
    getTicket: () => notServed('ticket threads'),
    helpdeskOptions: () => notServed('new tickets'),
    createTicket: () => notServed('new tickets'),
    replyToTicket: () => notServed('ticket replies'),
    setTicketOpen: () => notServed('ticket statuses'),
    searchKnowledgebase: () => notServed('knowledgebase'),
    loadArticle: () => notServed('knowledgebase'),
    ticketAttachment: () => notServed('ticket attachments'),
  };
}

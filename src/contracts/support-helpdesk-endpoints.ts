/**
 * The helpdesk's calls (Support: My Tickets is the spec's `GET /api/support/tickets`; the thread,
 * new ticket, reply, status and the knowledgebase's search are the frames'). The schemas join them
 * in `supportHelpdeskCalls` (./support-helpdesk.ts); this file stays zod-free.
 */
import { typedEndpoints, type Endpoint } from './calls';
import type { supportHelpdeskCalls } from './support-helpdesk';

export const SUPPORT_HELPDESK_ENDPOINTS = {
  tickets: { method: 'GET', path: '/api/support/tickets' },
  ticket: { method: 'GET', path: '/api/support/tickets/{number}' },
  newTicket: { method: 'POST', path: '/api/support/tickets/new' },
  replyTicket: { method: 'POST', path: '/api/support/tickets/{number}/reply' },
  ticketStatus: { method: 'POST', path: '/api/support/tickets/{number}/status' },
  knowledgebase: { method: 'GET', path: '/api/support/knowledgebase' },
} as const satisfies Record<string, Endpoint>;

export const helpdeskApi = typedEndpoints<typeof supportHelpdeskCalls>(SUPPORT_HELPDESK_ENDPOINTS);

/** Where each call goes (method and path): plain data, imported by both the contract (schemas) and the typed client (./helpdesk-calls.ts). */
import type { Endpoint } from '../../lib/contract/calls';

export const SUPPORT_HELPDESK_ENDPOINTS = {
  tickets: { method: 'GET', path: '/api/support/tickets' },
  ticket: { method: 'GET', path: '/api/support/tickets/{number}' },
  newTicket: { method: 'POST', path: '/api/support/tickets/new' },
  replyTicket: { method: 'POST', path: '/api/support/tickets/{number}/reply' },
  ticketStatus: { method: 'POST', path: '/api/support/tickets/{number}/status' },
  knowledgebase: { method: 'GET', path: '/api/support/knowledgebase' },
} as const satisfies Record<string, Endpoint>;

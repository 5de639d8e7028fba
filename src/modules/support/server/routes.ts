import { supportCalls } from '../contract';
import { supportHelpdeskCalls } from '../helpdesk-contract';
import { routesOver } from '../../../platform/http/port';
import type { SupportBackend } from './backend';

/**
 * Support's calls (spec section 7, Shell and support: updates, changelog, status, My Tickets) and
 * the helpdesk frames' (a ticket's thread, a new ticket, a reply, close and reopen, the
 * knowledgebase's search), served at the API's root.
 */
export const SUPPORT_ROUTES = routesOver<SupportBackend>((serve) => {
  serve(supportCalls.updates, async (support) => ({ data: await support.listUpdates() }));
  serve(supportCalls.changelog, async (support) => ({ data: await support.listChangelog() }));
  serve(supportCalls.status, (support) => support.serverStatus());

  const helpdesk = supportHelpdeskCalls;
  serve(helpdesk.tickets, (support, { query }) => support.listTickets(query.page));
  serve(helpdesk.ticket, (support, { params }) => support.getTicket(params.number));
  serve(helpdesk.newTicket, async (support, { form }) => ({ ticket: await support.createTicket(form) }), { heavy: 'upload', upload: 'attachment' });
  serve(
    helpdesk.replyTicket,
    async (support, { params, form }) => {
      const { ticket, message } = await support.replyToTicket(params.number, form);
      return { ticket, message };
    },
    { heavy: 'upload', upload: 'attachment' },
  );
  serve(helpdesk.ticketStatus, async (support, { params, body }) => ({ ticket: await support.setTicketOpen(params.number, body.action) }));
  serve(helpdesk.knowledgebase, async (support, { query }) => ({ articles: await support.searchKnowledgebase(query.query) }));
});

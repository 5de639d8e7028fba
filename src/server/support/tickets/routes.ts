import { Hono, type Context } from 'hono';
import { supportHelpdeskCalls } from '../../../contracts/support-helpdesk';
import type { AppEnv, AuthedEnv } from '../../http/types';
import { serve } from '../../http/calls';
import { uploadLimit } from '../../http/upload-limit';
import { readFormWithFile } from '../../http/multipart';
import * as tickets from './service';

/** The helpdesk's ticket calls (My Tickets is the spec's; the thread, new ticket, reply and status are the frames'), served at the API's root. */
export const supportTicketRoutes = new Hono<AppEnv>();

function placeOf(c: Context<AuthedEnv>): tickets.HelpdeskPlace {
  return { dataDir: c.get('runtime').config.PORTAL_DATA_DIR, portalOrigin: new URL(c.req.url).origin };
}

serve(supportTicketRoutes, supportHelpdeskCalls.tickets, (ctx, { query }) => tickets.listTickets(ctx, query.page));
serve(supportTicketRoutes, supportHelpdeskCalls.ticket, (ctx, { params }) => tickets.getTicket(ctx, params.number));
serve(supportTicketRoutes, supportHelpdeskCalls.newTicket, async (ctx, { form }, c) => ({ ticket: await tickets.createTicket(ctx, form, placeOf(c)) }), {
  before: [uploadLimit],
  readForm: readFormWithFile('attachment'),
});
serve(
  supportTicketRoutes,
  supportHelpdeskCalls.replyTicket,
  async (ctx, { params, form }, c) => {
    const { ticket, message } = await tickets.replyAsStaff(ctx, params.number, form, placeOf(c));
    return { ticket, message };
  },
  { before: [uploadLimit], readForm: readFormWithFile('attachment') },
);
serve(supportTicketRoutes, supportHelpdeskCalls.ticketStatus, async (ctx, { params, body }) => ({
  ticket: await tickets.setTicketOpen(ctx, params.number, body.action),
}));

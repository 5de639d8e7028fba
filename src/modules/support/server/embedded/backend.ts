/** Support's port (../backend.ts) on the embedded backend: the provider's updates, the school's tickets and the knowledgebase in its database and data folder. */
import type { RequestContext } from '../../../../platform/context';
import type { Runtime } from '../../../../platform/runtime';
import { portalAddress } from '../../../../platform/http/link-addresses';
import type { SupportBackend } from '../backend';
import * as support from './service';
import * as tickets from './tickets/service';
import { attachmentDownload } from './tickets/download';
import { loadArticle, searchKnowledgebase } from './knowledgebase/service';

export function embeddedSupportBackend(ctx: RequestContext, runtime: Runtime): SupportBackend {
  const dataDir = runtime.config.PORTAL_DATA_DIR;
  // Files go to the data folder; the provider's reply emails link back to the portal's configured address.
  const place = (): tickets.HelpdeskPlace => ({ dataDir, portalOrigin: portalAddress(runtime.config) });
  return {
    listUpdates: () => support.listUpdates(ctx.db),
    listChangelog: () => support.listChangelog(ctx.db),
    serverStatus: () => support.serverStatus(ctx.db, dataDir),
    listTickets: (page) => tickets.listTickets(ctx, page),
    getTicket: (number) => tickets.getTicket(ctx, number),
    helpdeskOptions: () => tickets.helpdeskOptions(ctx),
    createTicket: (form) => tickets.createTicket(ctx, form, place()),
    replyToTicket: (number, form) => tickets.replyAsStaff(ctx, number, form, place()),
    setTicketOpen: (number, action) => tickets.setTicketOpen(ctx, number, action),
    searchKnowledgebase: (query) => searchKnowledgebase(ctx.db, query),
    loadArticle: (slug) => loadArticle(ctx.db, slug),
    ticketAttachment: (number, attachmentId) => attachmentDownload(ctx, dataDir, number, attachmentId),
  };
}

/**
 * The support pages' loaders, whichever backend serves them: the page calls these with its
 * locals, and they ask the embedded service (the runtime's database, the request context) or the
 * upstream one (the request's upstream scope). The one place a support page's data source is chosen.
 */
import type { Announcement } from '../../contracts/support';
import { listUpdates } from './service';
import { loadTicketsScreen as loadEmbeddedTickets } from './helpdesk/service';
import * as upstream from './upstream/service';
import { embeddedContext, type PageLocals } from '../page-locals';

type Locals = PageLocals & Pick<App.Locals, 'runtime'>;

/** /home's 'Updates from the provider'. `runtime` exists in embedded mode only: it is read after the upstream check. */
export function loadUpdates(locals: Locals): Promise<Announcement[]> {
  return locals.upstream ? upstream.listUpdates(locals.upstream) : listUpdates(locals.runtime.db);
}

/** My Tickets' first HTML at a page (the last when past the end). */
export function loadTicketsScreen(locals: Locals, page: number) {
  return locals.upstream ? upstream.loadTicketsScreen(locals.upstream, page) : loadEmbeddedTickets(embeddedContext(locals), page);
}

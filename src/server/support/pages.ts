/** The support pages' loaders on the embedded backend (upstream mode's: ./upstream/pages.ts). */
import type { Announcement } from '../../contracts/support';
import { listUpdates } from './service';
import { loadTicketsScreen } from './helpdesk/service';
import { embeddedContext, type PageLocals } from '../page-locals';

export const supportPages = {
  /** /home's 'Updates from the provider'. */
  loadUpdates(locals: PageLocals): Promise<Announcement[]> {
    return listUpdates(embeddedContext(locals).db);
  },

  /** My Tickets' first HTML at a page (the last when past the end). */
  loadTicketsScreen(locals: PageLocals, page: number) {
    return loadTicketsScreen(embeddedContext(locals), page);
  },
};

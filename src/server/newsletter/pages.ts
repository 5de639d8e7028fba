/** The newsletter's page loaders on the embedded backend (upstream mode's: ./upstream/pages.ts). */
import type { ListLocation } from '../../lib/lists';
import * as members from './members/service';
import { embeddedContext, type PageLocals } from '../page-locals';

export const newsletterPages = {
  /** Manage Mailing List's first screen: a page of members, filtered. */
  loadMembersPage(locals: PageLocals, location: ListLocation) {
    return members.listMembersPage(embeddedContext(locals), location);
  },
};

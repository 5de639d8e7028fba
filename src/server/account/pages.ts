/** The account's page loaders on the embedded backend (upstream mode's: ./upstream/pages.ts). */
import * as users from './users/service';
import { embeddedContext, type PageLocals } from '../page-locals';

export const accountPages = {
  /** Manage Users' list in the first HTML. */
  loadManageUsers(locals: PageLocals) {
    return users.loadManageUsers(embeddedContext(locals));
  },
};

/** The account's page loaders against the legacy backend (the embedded backend's: ../pages.ts, their contract). */
import type { accountPages } from '../pages';
import { upstreamScope } from '../../page-locals';
import type { UpstreamScope } from '../../upstream/client';
import * as account from './service';

/** Manage Users' list, asked once per request: the page middleware starts it beside the user call (the module's `warmups`). */
export const usersOnce = (up: UpstreamScope) => up.once('page:account.users', () => account.listUsers(up));

export const accountUpstreamPages: typeof accountPages = {
  loadManageUsers: (locals) => usersOnce(upstreamScope(locals)),
};

/** The account's page loaders against the legacy backend (the embedded backend's: ../pages.ts, their contract). */
import type { accountPages } from '../pages';
import { upstreamScope } from '../../page-locals';
import * as account from './service';

export const accountUpstreamPages: typeof accountPages = {
  loadManageUsers: (locals) => account.listUsers(upstreamScope(locals)),
};

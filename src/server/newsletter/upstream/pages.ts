/** The newsletter's page loaders against the legacy backend (the embedded backend's: ../pages.ts, their contract). */
import type { newsletterPages } from '../pages';
import { upstreamScope } from '../../page-locals';
import * as members from './service';

export const newsletterUpstreamPages: typeof newsletterPages = {
  loadMembersPage: (locals, location) => members.listMembersPage(upstreamScope(locals), location),
};

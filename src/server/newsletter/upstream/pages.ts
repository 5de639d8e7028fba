/** The newsletter's page loaders against the legacy backend (the embedded backend's: ../pages.ts, their contract). */
import type { newsletterPages } from '../pages';
import { upstreamScope } from '../../page-locals';
import type { UpstreamScope } from '../../upstream/client';
import type { ListLocation } from '../../../lib/lists';
import * as members from './service';

/** Manage Mailing List at a page and search, asked once per request: the page middleware starts it beside the user call. */
export const membersOnce = (up: UpstreamScope, location: ListLocation) =>
  up.once(`page:newsletter.members:${location.page}:${location.query}`, () => members.listMembersPage(up, location));

export const newsletterUpstreamPages: typeof newsletterPages = {
  loadMembersPage: (locals, location) => membersOnce(upstreamScope(locals), location),
};

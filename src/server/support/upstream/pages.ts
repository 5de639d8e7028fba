/** The support pages' loaders against the legacy backend (the embedded backend's: ../pages.ts, their contract). */
import type { supportPages } from '../pages';
import { upstreamScope } from '../../page-locals';
import type { UpstreamScope } from '../../upstream/client';
import * as support from './service';

/** /home's updates, asked once per request: the page middleware starts the call beside the user's (the module's `warmups`). */
export const updatesOnce = (up: UpstreamScope) => up.once('page:support.updates', () => support.listUpdates(up));

/** My Tickets at a page, asked once per request (started beside the user call, as the updates are). */
export const ticketsOnce = (up: UpstreamScope, page: number) => up.once(`page:support.tickets:${page}`, () => support.loadTicketsScreen(up, page));

export const supportUpstreamPages: typeof supportPages = {
  loadUpdates: (locals) => updatesOnce(upstreamScope(locals)),
  loadTicketsScreen: (locals, page) => ticketsOnce(upstreamScope(locals), page),
};

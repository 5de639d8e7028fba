/** The support pages' loaders against the legacy backend (the embedded backend's: ../pages.ts, their contract). */
import type { supportPages } from '../pages';
import { upstreamScope } from '../../page-locals';
import * as support from './service';

export const supportUpstreamPages: typeof supportPages = {
  loadUpdates: (locals) => support.listUpdates(upstreamScope(locals)),
  loadTicketsScreen: (locals, page) => support.loadTicketsScreen(upstreamScope(locals), page),
};

/** Learning in the Cloud's page loaders against the legacy backend (the embedded backend's: ../pages.ts, their contract). */
import type { haparaPages } from '../pages';
import { upstreamScope } from '../../page-locals';
import type { UpstreamScope } from '../../upstream/client';
import * as hapara from './service';

/** The class list and the status screens, each asked once per request: the page middleware starts them beside the user call. */
export const classListOnce = (up: UpstreamScope) => up.once('page:hapara.classlist', () => hapara.loadClassListScreen(up));
export const statusOnce = (up: UpstreamScope) => up.once('page:hapara.status', () => hapara.loadStatusScreen(up));

export const haparaUpstreamPages: typeof haparaPages = {
  loadStudentListScreen: (locals, location) => hapara.loadStudentListScreen(upstreamScope(locals), location),
  loadClassListScreen: (locals) => classListOnce(upstreamScope(locals)),
  loadStatusScreen: (locals) => statusOnce(upstreamScope(locals)),
};

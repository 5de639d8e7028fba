/** Learning in the Cloud's page loaders against the legacy backend (the embedded backend's: ../pages.ts, their contract). */
import type { haparaPages } from '../pages';
import { upstreamScope } from '../../page-locals';
import * as hapara from './service';

export const haparaUpstreamPages: typeof haparaPages = {
  loadStudentListScreen: (locals, location) => hapara.loadStudentListScreen(upstreamScope(locals), location),
  loadClassListScreen: (locals) => hapara.loadClassListScreen(upstreamScope(locals)),
  loadStatusScreen: (locals) => hapara.loadStatusScreen(upstreamScope(locals)),
};

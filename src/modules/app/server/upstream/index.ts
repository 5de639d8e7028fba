import type { UpstreamModule } from '../../../../platform/upstream/types';
import { mountUpstream } from '../../../../platform/upstream/port';
import { APP_ROUTES } from '../routes';
import { upstreamAppBackend } from './backend';
import type { AppBackend } from '../backend';

/** The app module against the provider's legacy backend (upstream mode): it has no notifications (the app's staff list is the staff module's). */
export const appUpstream: UpstreamModule<AppBackend> = {
  name: 'app',
  backend: upstreamAppBackend,
  mountApi(api) {
    // Nothing served: Send Notification's calls answer 404, as every call the legacy backend lacks.
    mountUpstream(api, APP_ROUTES, upstreamAppBackend, { calls: [] });
  },
  capabilities: [],
  pages: [],
};

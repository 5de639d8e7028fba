import type { UpstreamModule } from '../../../../platform/upstream/types';
import { mountUpstream } from '../../../../platform/upstream/port';
import { STAFF_LIST_CALLS } from '../../contract';
import { STAFF_SCREENS } from '../../rules';
import { STAFF_ROUTES } from '../routes';
import { staffListOnce, upstreamStaffBackend } from './backend';
import type { StaffBackend } from '../backend';

const app = STAFF_LIST_CALLS.app;

/** The staff module against the provider's legacy backend (upstream mode): the app's list only. */
export const staffUpstream: UpstreamModule<StaffBackend> = {
  name: 'staff',
  backend: upstreamStaffBackend,
  mountApi(api) {
    // No Upload photo: the legacy backend has none (Image URL takes an https address).
    mountUpstream(api, STAFF_ROUTES.app, upstreamStaffBackend, { calls: [app.list, app.create, app.update, app.remove, app.move] });
  },
  capabilities: [],
  pages: [STAFF_SCREENS.app.list, STAFF_SCREENS.app.edit],
  warmups: { [STAFF_SCREENS.app.list]: (up) => staffListOnce(up) },
};

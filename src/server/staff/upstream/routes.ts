import { Hono } from 'hono';
import { STAFF_LIST_CALLS, STAFF_SCREENS } from '../../../contracts/staff';
import { serveUpstream } from '../../upstream/serve';
import type { UpstreamEnv } from '../../upstream/types';
import * as staff from './service';

/**
 * The app's staff list calls (spec section 7, App), served through the upstream service. The
 * website's list and Upload photo are not legacy calls: they are not served (404).
 */
export const staffUpstreamRoutes = new Hono<UpstreamEnv>();

const calls = STAFF_LIST_CALLS.app;
serveUpstream(staffUpstreamRoutes, calls.list, async (up) => ({ staff: await staff.listStaff(up) }));
serveUpstream(staffUpstreamRoutes, calls.create, (up, { body }, c) => staff.createStaff(up, c.get('session').domain.label, body));
serveUpstream(staffUpstreamRoutes, calls.update, (up, { body }, c) => staff.updateStaff(up, c.get('session').domain.label, body));
serveUpstream(staffUpstreamRoutes, calls.remove, async (up, { body }) => ({ staff: await staff.deleteStaff(up, body) }));
serveUpstream(staffUpstreamRoutes, calls.move, async (up, { body }) => ({ staff: await staff.moveStaff(up, body) }));

/** The staff screens upstream mode can show: the app's list and its form. */
export const STAFF_UPSTREAM_PAGES: readonly string[] = [STAFF_SCREENS.app.list, STAFF_SCREENS.app.edit];

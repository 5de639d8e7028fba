import type { PortalModule } from '../../../../platform/module/module';
import { staffCalls } from '../../contract';
import { schoolContext } from '../../../../platform/context';
import * as m0019 from './migrations/0019_staff_lists';
import { STAFF_ROUTES } from '../routes';
import { mountEmbedded } from '../../../../platform/http/port-embedded';
import { embeddedStaffBackend } from './backend';
import { seedDemoStaff } from './seed';
import './schema';
import type { StaffBackend } from '../backend';

/**
 * The staff lists: each school's app list (/app/managestaff) and website list
 * (/website/managestaff, published as the public site's staff directory), one service and one
 * screen for both. No menu of its own: the App and Website menus link its screens.
 */
export const staffModule: PortalModule<StaffBackend> = {
  name: 'staff',
  backend: embeddedStaffBackend,
  calls: staffCalls,
  mountApi(api) {
    mountEmbedded(api, STAFF_ROUTES.app, embeddedStaffBackend);
    mountEmbedded(api, STAFF_ROUTES.website, embeddedStaffBackend);
  },
  migrations: { '0019_staff_lists': m0019 },
  async seedDemo(db, school, now, { dataDir }) {
    await seedDemoStaff(schoolContext(db, school, now), dataDir);
  },
};

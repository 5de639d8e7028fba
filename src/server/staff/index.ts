import type { PortalModule } from '../module';
import { staffCalls } from '../../contracts/staff';
import { schoolContext } from '../context';
import * as m0019 from './migrations/0019_staff_lists';
import { appStaffRoutes, websiteStaffRoutes } from './routes';
import { seedDemoStaff } from './seed';
import './schema';

/**
 * The staff lists: each school's app list (/app/managestaff) and website list
 * (/website/managestaff, published as the public site's staff directory), one service and one
 * screen for both. No menu of its own: the App and Website menus link its screens.
 */
export const staffModule: PortalModule = {
  name: 'staff',
  calls: staffCalls,
  mountApi(api) {
    api.route('/', appStaffRoutes);
    api.route('/', websiteStaffRoutes);
  },
  migrations: { '0019_staff_lists': m0019 },
  async seedDemo(db, school, now, { dataDir }) {
    await seedDemoStaff(schoolContext(db, school, now), dataDir);
  },
};

/** Every module's legacy calls (one file per module, each with its own data slice). */
import type { LegacyRouter } from '../router';
import { registerWebsite } from './website';
import { registerWebsiteGalleries } from './website-galleries';
import { registerNewsletter } from './newsletter';
import { registerHapara } from './hapara';
import { registerSupport } from './support';
import { registerAccount } from './account';
import { registerStaff } from './staff';

export function registerModules(router: LegacyRouter): void {
  registerWebsite(router);
  registerWebsiteGalleries(router);
  registerNewsletter(router);
  registerHapara(router);
  registerSupport(router);
  registerAccount(router);
  registerStaff(router);
}

/** The staff calls of the reference legacy backend (README.md). */
import type { LegacyRouter } from '../router';

export function registerStaff(router: LegacyRouter): void {
  void router;
}

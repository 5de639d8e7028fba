/** The website calls of the reference legacy backend (README.md). */
import type { LegacyRouter } from '../router';

export function registerWebsite(router: LegacyRouter): void {
  void router;
}

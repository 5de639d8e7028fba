/** The support calls of the reference legacy backend (README.md). */
import type { LegacyRouter } from '../router';

export function registerSupport(router: LegacyRouter): void {
  void router;
}

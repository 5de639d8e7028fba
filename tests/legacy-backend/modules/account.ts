/** The account calls of the reference legacy backend (README.md). */
import type { LegacyRouter } from '../router';

export function registerAccount(router: LegacyRouter): void {
  void router;
}

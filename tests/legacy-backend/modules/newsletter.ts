/** The newsletter calls of the reference legacy backend (README.md). */
import type { LegacyRouter } from '../router';

export function registerNewsletter(router: LegacyRouter): void {
  void router;
}

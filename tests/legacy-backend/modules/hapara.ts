/** The hapara calls of the reference legacy backend (README.md). */
import type { LegacyRouter } from '../router';

export function registerHapara(router: LegacyRouter): void {
  void router;
}

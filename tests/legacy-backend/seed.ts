/** The reference backend's schools and users; each module seeds its slice on first use (its `init`). */
import type { LegacyStore } from './store';

export const LEGACY_SCHOOL = 'legacy.school';
export const LEGACY_PASSWORD = 'legacy-password-1';
export const LEGACY_ADMIN = { email: 'admin@legacy.school', name: 'Lee Gacy' } as const;
export const LEGACY_OTHER_SCHOOL = 'other.school';
export const LEGACY_OTHER_ADMIN = { email: 'admin@other.school', name: 'Otto Other' } as const;

export function seedLegacy(store: LegacyStore): void {
  store.addSchool(LEGACY_SCHOOL, 'Legacy Primary School');
  store.addSchool(LEGACY_OTHER_SCHOOL, 'Other School', { app: false });
  store.addUser({ ...LEGACY_ADMIN, password: LEGACY_PASSWORD, school: LEGACY_SCHOOL });
  store.addUser({ ...LEGACY_OTHER_ADMIN, password: LEGACY_PASSWORD, school: LEGACY_OTHER_SCHOOL });
}

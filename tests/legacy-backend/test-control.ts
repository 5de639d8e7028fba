/**
 * Calls for tests in other processes (the e2e specs run in Playwright's workers while the backend
 * runs in the runner): read a school's module data, set or clear a fault, count requests. Not
 * the provider's: only the reference backend has them.
 */
import { type LegacyRouter } from './router';
import type { Fault } from './store';

export const TEST_CONTROL = '/__test';

export function registerTestControl(router: LegacyRouter): void {
  router.on(
    'GET',
    `${TEST_CONTROL}/slice/{school}/{module}`,
    (request, store) => {
      const school = store.schools.get(request.params.school ?? '');
      return { json: school ? (school.slices.get(request.params.module ?? '') ?? null) : null };
    },
    { auth: false },
  );
  router.on(
    'POST',
    `${TEST_CONTROL}/fault`,
    async (request, store) => {
      const { path, fault } = (await request.json()) as { path: string; fault: Fault | null };
      if (fault) store.faults.set(path, fault);
      else store.faults.delete(path);
      return { json: { ok: true } };
    },
    { auth: false },
  );
  // ?session=<legacy_sid>: only that session's requests.
  router.on(
    'GET',
    `${TEST_CONTROL}/requests`,
    (request, store) => {
      const session = request.query.get('session');
      return { json: session ? (store.sessionRequests.get(session) ?? []) : store.requests };
    },
    { auth: false },
  );
}

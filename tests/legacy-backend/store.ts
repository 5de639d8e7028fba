/**
 * The reference legacy backend's data: in memory, per school, made fresh for each backend started.
 * Each module keeps its own slice (`store.slice(school, 'website', init)`).
 */
export interface LegacyUser {
  email: string;
  name: string;
  password: string;
  school: string;
}

export interface School {
  label: string;
  name: string;
  products: { hapara: boolean; newsletter: boolean; builder: boolean; website: boolean; app: boolean };
  slices: Map<string, unknown>;
}

/**
 * Faults a test asks for on one path: a malformed answer, a failure, a slow answer, a cut
 * connection, or an answer held until the same browser has made its `count`th `request` (500
 * after `timeoutMs` if it never does: what proves two calls were made side by side, not in turn).
 */
export type Fault =
  | { kind: 'malformed'; body: unknown }
  | { kind: 'status'; status: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'destroy' }
  | { kind: 'until'; request: string; count: number; timeoutMs: number };

export class LegacyStore {
  readonly users = new Map<string, LegacyUser>();
  readonly schools = new Map<string, School>();
  readonly sessions = new Map<string, string>();
  readonly faults = new Map<string, Fault>();
  /** Every request's method and path, in order (tests count the user calls a page makes). */
  readonly requests: string[] = [];
  /** The same, per session token: what one browser asked (tests running side by side share the backend). */
  readonly sessionRequests = new Map<string, string[]>();

  addSchool(label: string, name: string, products: Partial<School['products']> = {}): School {
    const school: School = {
      label,
      name,
      products: { hapara: true, newsletter: true, builder: true, website: true, app: true, ...products },
      slices: new Map(),
    };
    this.schools.set(label, school);
    return school;
  }

  addUser(user: LegacyUser): void {
    this.users.set(user.email.toLowerCase(), user);
  }

  /** A module's data for a school, made by `init` the first time it is asked for. */
  slice<T>(school: School, module: string, init: () => T): T {
    if (!school.slices.has(module)) school.slices.set(module, init());
    return school.slices.get(module) as T;
  }
}

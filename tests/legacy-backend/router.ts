/**
 * The reference legacy backend's plumbing: a request as its handlers see it, and what they answer.
 * Its handlers answer like the provider's backend does (see README.md), quirks included.
 */
import type { LegacyStore, School, LegacyUser } from './store';

export interface LegacyRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The signed-in user and school, by the backend's own cookie; null when signed out. */
  user: LegacyUser | null;
  school: School | null;
  /** The body, read on demand (JSON, urlencoded or multipart). */
  json(): Promise<unknown>;
  formData(): Promise<FormData>;
  text(): Promise<string>;
  /** Path parameters (`/api/account/users/{email}/delete` -> email). */
  params: Record<string, string>;
}

export interface LegacyAnswer {
  status?: number;
  /** Serialised as it is: quirks (numbers as text, 1/0 flags) are the handler's to write. */
  json?: unknown;
  /** Any other body (HTML, CSV), with its headers. */
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  setCookies?: string[];
}

export type LegacyHandler = (request: LegacyRequest, store: LegacyStore) => LegacyAnswer | Promise<LegacyAnswer>;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: LegacyHandler;
  /** Needs a signed-in user: otherwise `{success: false, isAuthFailed: true}`. */
  auth: boolean;
}

export class LegacyRouter {
  private readonly routes: Route[] = [];

  /** `path` may hold `{name}` segments. Signed-in only unless `{ auth: false }`. */
  on(method: 'GET' | 'POST', path: string, handler: LegacyHandler, options: { auth?: boolean } = {}): void {
    const names: string[] = [];
    const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    this.routes.push({ method, pattern: new RegExp(`^${source}$`), names, handler, auth: options.auth ?? true });
  }

  match(method: string, path: string): { route: Route; params: Record<string, string> } | null {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const found = route.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => (params[name] = decodeURIComponent(found[i + 1] ?? '')));
      return { route, params };
    }
    return null;
  }
}

/** The legacy envelope of a success, as such backends send it: flags as text and numbers. */
export function legacyOk(fields: Record<string, unknown> = {}): LegacyAnswer {
  return { json: { success: 'true', isAuthFailed: 0, ...fields } };
}

/** A refusal in the legacy envelope (HTTP 200, as such backends do). */
export function legacyFail(message?: string): LegacyAnswer {
  return { json: { success: false, isAuthFailed: false, ...(message ? { message } : {}) } };
}

import type { Runtime } from '../runtime';
import type { SessionContext } from '../auth/sessions';
import type { RequestContext } from '../context';

/** Hono environment of the API: what the Astro adapter passes in, and what middleware sets. */
export interface AppEnv {
  Bindings: { clientAddress?: string };
  Variables: { runtime: Runtime; session: SessionContext | null };
}

/** The Variables of a handler behind requireAuth: the session exists and the request context is built. */
export interface AuthedEnv extends AppEnv {
  Variables: { runtime: Runtime; session: SessionContext; ctx: RequestContext };
}

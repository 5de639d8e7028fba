import type { Runtime } from '../runtime';
import type { SessionContext } from '../auth/sessions';

/** Hono environment of the API: what the Astro adapter passes in, and what middleware sets. */
export interface AppEnv {
  Bindings: { clientAddress?: string };
  Variables: { runtime: Runtime; session: SessionContext | null };
}

/** The Variables of a handler behind requireAuth, where the session is known to exist. */
export interface AuthedEnv extends AppEnv {
  Variables: { runtime: Runtime; session: SessionContext };
}

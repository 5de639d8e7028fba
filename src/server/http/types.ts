import type { Runtime } from '../runtime';
import type { Context } from 'hono';
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

/** The signed-in user's school, as module services take it. */
export function schoolOf(c: Context<AuthedEnv>): { id: number; label: string } {
  const { id, label } = c.get('session').domain;
  return { id, label };
}

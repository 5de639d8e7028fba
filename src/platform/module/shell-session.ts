import type { Products } from '../../lib/contract/shell';

/**
 * The signed-in user and school as the shell and the product gates see them, whichever backend
 * holds them: the embedded session (auth/sessions.ts) or the upstream's GET /api/api/user.
 */
export interface ShellSession {
  user: { name: string; email: string | null; avatarUrl: string | null };
  domain: { label: string; name: string; products: Products };
}

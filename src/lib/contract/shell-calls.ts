/**
 * The shell's calls (spec section 7, Shell): sign-in, sign-out and the current user, served by the
 * account module. The schemas join them in `shellCalls` (./shell.ts); this file stays zod-free.
 */
import { typedEndpoints } from './calls';
import type { shellCalls } from './shell';
import { SHELL_ENDPOINTS } from './shell-endpoints';

export const shellApi = typedEndpoints<typeof shellCalls>(SHELL_ENDPOINTS);

export { SHELL_ENDPOINTS };

/**
 * Account > Manage Users' calls (spec section 7, Account, and the resend beyond it): where each
 * goes. The schemas join them in `accountCalls` (./account.ts); this file stays zod-free.
 */
import { typedEndpoints } from '../../lib/contract/calls';
import type { accountCalls } from './contract';
import { ACCOUNT_ENDPOINTS } from './endpoints';

/** Manage Users' endpoints with their call types: `send(accountApi.addUser, { body })`. */
export const accountApi = typedEndpoints<typeof accountCalls>(ACCOUNT_ENDPOINTS);

export { ACCOUNT_ENDPOINTS };

import { z } from 'zod';
import type { PortalModule } from '../module';
import { authRoutes } from '../auth/routes';
import { defineJob } from '../jobs';
import { accountCommands } from './commands';
import { shellCalls } from '../../contracts/shell';
import { accountCalls } from '../../contracts/account';
import { accountUserRoutes } from './users/routes';
import { INVITATION_MAIL_JOB } from './users/service';
import { sendInvitationMail } from './users/invitation-mail';
import { RESET_MAIL_JOB, purgeOldResets } from './password-reset/service';
import { sendResetMail } from './password-reset/mail';
import * as m0018 from './migrations/0018_account_invitations';
import './schema';

const PURGE_RESETS = 'account-purge-resets';

/** Account: schools, their users and products; sign-in, sign-out and the current user; Manage Users with its invitations; password resets. */
export const accountModule: PortalModule = {
  name: 'account',
  calls: { ...shellCalls, ...accountCalls },
  mountApi(api) {
    // Sign-in, sign-out and `/api/api/user`: the contract's paths (shellCalls), served at the API's root.
    api.route('/', authRoutes);
    api.route('/', accountUserRoutes);
  },
  migrations: { '0018_account_invitations': m0018 },
  jobs: {
    // An invitation's link, mailed when a user is authorised or Send again is pressed (src/server/account/users/invitation-mail.ts).
    [INVITATION_MAIL_JOB]: defineJob({
      payload: z.object({ invitationId: z.number().int().positive(), requestedAt: z.number().int(), portalUrl: z.url() }),
      run: (rt, payload) => sendInvitationMail(rt, payload),
    }),
    // 'Forgot password?': the reset link (src/server/account/password-reset/mail.ts).
    [RESET_MAIL_JOB]: defineJob({
      payload: z.object({ resetId: z.number().int().positive(), portalUrl: z.url() }),
      run: (rt, payload) => sendResetMail(rt, payload),
    }),
    [PURGE_RESETS]: defineJob({ run: async (rt) => void (await purgeOldResets(rt.db, rt.clock())) }),
  },
  schedules: [{ name: PURGE_RESETS, everySeconds: 60 * 60 }],
  commands: accountCommands,
};

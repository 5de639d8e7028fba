import { z } from 'zod';
import type { PortalModule } from '../../../../platform/module/module';
import { authRoutes } from '../../../../platform/auth/routes';
import { defineJob } from '../../../../platform/jobs';
import { accountCommands } from './commands';
import { shellCalls } from '../../../../lib/contract/shell';
import { accountCalls } from '../../contract';
import { ACCOUNT_ROUTES } from '../routes';
import { mountEmbedded } from '../../../../platform/http/port-embedded';
import { embeddedAccountBackend } from './backend';
import { INVITATION_MAIL_JOB } from './users/service';
import { sendInvitationMail } from './users/invitation-mail';
import { RESET_MAIL_JOB, purgeOldResets } from './password-reset/service';
import { sendResetMail } from './password-reset/mail';
import * as m0018 from './migrations/0018_account_invitations';
import * as m0025 from './migrations/0025_account_invitations_per_school';
import './schema';
import type { AccountBackend } from '../backend';

const PURGE_RESETS = 'account-purge-resets';

/** Account: schools, their users and products; sign-in, sign-out and the current user; Manage Users with its invitations; password resets. */
export const accountModule: PortalModule<AccountBackend> = {
  name: 'account',
  backend: embeddedAccountBackend,
  calls: { ...shellCalls, ...accountCalls },
  mountApi(api) {
    // Sign-in, sign-out and `/api/api/user`: the contract's paths (shellCalls), served at the API's root.
    api.route('/', authRoutes);
    mountEmbedded(api, ACCOUNT_ROUTES, embeddedAccountBackend);
  },
  migrations: { '0018_account_invitations': m0018, '0025_account_invitations_per_school': m0025 },
  jobs: {
    // An invitation's link, mailed when a user is authorised or Send again is pressed (src/modules/account/server/embedded/users/invitation-mail.ts).
    [INVITATION_MAIL_JOB]: defineJob({
      payload: z.object({ invitationId: z.number().int().positive(), requestedAt: z.number().int() }),
      run: (rt, payload) => sendInvitationMail(rt, payload),
    }),
    // 'Forgot password?': the reset link (src/modules/account/server/embedded/password-reset/mail.ts).
    [RESET_MAIL_JOB]: defineJob({
      payload: z.object({ resetId: z.number().int().positive() }),
      run: (rt, payload) => sendResetMail(rt, payload),
    }),
    [PURGE_RESETS]: defineJob({ run: async (rt) => void (await purgeOldResets(rt.db, rt.clock())) }),
  },
  schedules: [{ name: PURGE_RESETS, everySeconds: 60 * 60 }],
  commands: accountCommands,
};

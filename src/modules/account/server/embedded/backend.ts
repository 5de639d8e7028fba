/** The account's port (../backend.ts) on the embedded backend: the school's users, invitations, audit log and the signed-in user's profile in its database. */
import type { RequestContext } from '../../../../platform/context';
import { listAuditPage } from '../../../../platform/audit';
import type { AccountBackend } from '../backend';
import * as users from './users/service';
import * as profile from './profile/service';

export function embeddedAccountBackend(ctx: RequestContext): AccountBackend {
  return {
    listUsers: () => users.listUsers(ctx),
    authoriseUser: (input) => users.authoriseUser(ctx, input),
    resendInvitation: (email) => users.resendInvitation(ctx, email),
    unauthoriseUser: (email) => users.unauthoriseUser(ctx, email),
    activityPage: (page, limit) => listAuditPage(ctx.db, ctx.domain.id, page, limit),
    profile: () => profile.profileOf(ctx),
    renameSelf: (name) => profile.renameSelf(ctx, name),
    changePassword: (input) => profile.changePassword(ctx, input),
    endOtherSessions: () => profile.endOtherSessions(ctx),
  };
}

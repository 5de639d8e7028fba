import type { RequestContext } from '../../../../../platform/context';
import { findSchoolUser } from '../../../../account/server';
import type { Requester } from './repository';

/** Who asks for a change, as the request keeps them (the approval or rejection is mailed to them by name). */
export async function requesterOf(ctx: RequestContext): Promise<Requester> {
  const user = await findSchoolUser(ctx, ctx.user.email);
  return { id: ctx.user.id, email: ctx.user.email, name: user?.name ?? ctx.user.email };
}

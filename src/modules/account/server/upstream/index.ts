import type { UpstreamModule } from '../../../../platform/upstream/types';
import { mountUpstream } from '../../../../platform/upstream/port';
import { accountCalls } from '../../contract';
import { ACCOUNT_ROUTES } from '../routes';
import { upstreamAccountBackend, usersOnce } from './backend';
import type { AccountBackend } from '../backend';

const MANAGE_USERS = '/account/users';

/** The account module against the provider's legacy backend (upstream mode): no invitations, no activity log. */
export const accountUpstream: UpstreamModule<AccountBackend> = {
  name: 'account',
  backend: upstreamAccountBackend,
  mountApi(api) {
    // No Send again: the legacy backend authorises at once, it has no invitations.
    mountUpstream(api, ACCOUNT_ROUTES, upstreamAccountBackend, { calls: [accountCalls.users, accountCalls.addUser, accountCalls.deleteUser] });
  },
  capabilities: [],
  pages: [MANAGE_USERS],
  warmups: { [MANAGE_USERS]: usersOnce },
};

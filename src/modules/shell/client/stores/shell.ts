/**
 * The shell's calls (every signed-in page): the drawer's service status and notifications, and
 * sign-out. Used by src/modules/shell/client/shell-script.ts.
 */
import { loginUrl } from '../../../../lib/browser/api-client';
import { send } from '../../../../lib/browser/send';
import type { ChangelogItem, ServiceStatus } from '../../../support';
import { supportApi } from '../../../support';
import { shellApi } from '../../../../lib/contract/shell-calls';

export const STATUS_UNAVAILABLE: ServiceStatus = { ok: false, text: 'Status unavailable' };

export interface DrawerData {
  status: { website: ServiceStatus; app: ServiceStatus };
  /** Null when it could not be loaded (try again next time). */
  changelog: ChangelogItem[] | null;
}

/** The drawer's content. Spec section 8: status and changelog failures show nothing. */
export async function loadDrawer(): Promise<DrawerData> {
  const [status, changelog] = await Promise.all([
    send(supportApi.status, {}, { onFailure: 'silent' }),
    send(supportApi.changelog, {}, { onFailure: 'silent' }),
  ]);
  return {
    status: { website: status?.website ?? STATUS_UNAVAILABLE, app: status?.app ?? STATUS_UNAVAILABLE },
    changelog: changelog?.data ?? null,
  };
}

/** Ends the session; either way the browser goes to the login address. */
export async function logout(navigate: (path: string) => void = (path) => window.location.assign(path)): Promise<void> {
  await send(shellApi.logout, {}, { onFailure: 'silent' });
  navigate(loginUrl());
}

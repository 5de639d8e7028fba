/**
 * THE list of the portal's modules, by name, in the sidebar's order. Adding a module is its folder
 * (with its server/manifest.ts) and one entry here. Everything else reads it: the embedded side
 * (./modules.ts: API, jobs, migrations, commands, seed), upstream mode's (./upstream/modules.ts),
 * the shell's (./shell-modules.ts: product gates and menus) and the pages' Backends type.
 */
import type { PortalModule } from '../platform/module/module';
import type { ModuleShell } from '../platform/module/module-shell';
import type { UpstreamModule } from '../platform/upstream/types';
import * as website from '../modules/website/server/manifest';
import * as app from '../modules/app/server/manifest';
import * as staff from '../modules/staff/server/manifest';
import * as newsletter from '../modules/newsletter/server/manifest';
import * as hapara from '../modules/hapara/server/manifest';
import * as account from '../modules/account/server/manifest';
import * as support from '../modules/support/server/manifest';

const LIST = { website, app, staff, newsletter, hapara, account, support };

/** A module's sides: both backends build the same port (Backend), and the shell both show. */
export interface Manifest<Backend> {
  readonly embedded: PortalModule<Backend>;
  readonly upstream: UpstreamModule<Backend>;
  readonly shell: ModuleShell;
}

/** Each entry checked: its upstream side builds the port its embedded side builds. */
type Checked<List> = { readonly [Name in keyof List]: List[Name] extends { embedded: PortalModule<infer Backend> } ? Manifest<Backend> : never };

export const MODULE_LIST: Checked<typeof LIST> = LIST;

export type ModuleName = keyof typeof LIST;

/** Each module's `side`, by name, in the list's order. */
export function sideOfEach<Side extends keyof Manifest<unknown>>(side: Side): { readonly [Name in ModuleName]: (typeof MODULE_LIST)[Name][Side] } {
  return Object.fromEntries(Object.entries(MODULE_LIST).map(([name, manifest]) => [name, manifest[side]])) as { readonly [Name in ModuleName]: (typeof MODULE_LIST)[Name][Side] };
}

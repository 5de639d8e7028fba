/**
 * Every module's shell (`<module>/shell.ts`), in the sidebar's order: the product gates and menus
 * both backends share. Adding a module adds a line here as well as in modules.ts.
 */
import type { ModuleShell, ProductGate } from './module-shell';
import type { MenuGroup } from '../lib/menu';
import { websiteShell } from './website/shell';
import { appShell } from './app/shell';
import { staffShell } from './staff/shell';
import { newsletterShell } from './newsletter/shell';
import { haparaShell } from './hapara/shell';
import { accountShell } from './account/shell';
import { supportShell } from './support/shell';

export const SHELL_MODULES: readonly ModuleShell[] = [websiteShell, appShell, staffShell, newsletterShell, haparaShell, accountShell, supportShell];

/** Every module's product gates, most specific (longest prefix) first. */
export const PRODUCT_GATES: readonly ProductGate[] = SHELL_MODULES.flatMap((m) => m.gates ?? []).sort((a, b) => b.prefix.length - a.prefix.length);

export const MODULE_MENUS: readonly MenuGroup[] = SHELL_MODULES.flatMap((m) => (m.menu ? [m.menu] : []));

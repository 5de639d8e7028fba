/**
 * Every module's shell (`<module>/server/shell.ts`), in the list's order (./module-list.ts): the
 * product gates and menus both backends share.
 */
import type { ModuleShell, ProductGate } from '../platform/module/module-shell';
import type { MenuGroup } from '../lib/menu';
import { sideOfEach } from './module-list';

export const SHELL_MODULES: readonly ModuleShell[] = Object.values(sideOfEach('shell'));

/** Every module's product gates, most specific (longest prefix) first. */
export const PRODUCT_GATES: readonly ProductGate[] = SHELL_MODULES.flatMap((m) => m.gates ?? []).sort((a, b) => b.prefix.length - a.prefix.length);

export const MODULE_MENUS: readonly MenuGroup[] = SHELL_MODULES.flatMap((m) => (m.menu ? [m.menu] : []));

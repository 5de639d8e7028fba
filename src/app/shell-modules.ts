/**
 * Every module's shell (`<module>/server/shell.ts`), in the list's order (./module-list.ts): the
 * product gates and menus both backends share.
 */
import type { ModuleShell, ProductGate } from '../platform/module/module-shell';
import { linkState, type LinkState, type MenuGroup } from '../lib/menu';
import { sideOfEach } from './module-list';

export const SHELL_MODULES: readonly ModuleShell[] = Object.values(sideOfEach('shell'));

/** Every module's product gates, most specific (longest prefix) first. */
export const PRODUCT_GATES: readonly ProductGate[] = SHELL_MODULES.flatMap((m) => m.gates ?? []).sort((a, b) => b.prefix.length - a.prefix.length);

export const MODULE_MENUS: readonly MenuGroup[] = SHELL_MODULES.flatMap((m) => (m.menu ? [m.menu] : []));

/**
 * The one rule of the shell's links (`linkState`, ../lib/menu.ts) for a signed-in page: the
 * sidebar and the Quick Links both ask it, so a link is hidden or greyed the same everywhere.
 */
export function linkStatesOf(locals: Pick<App.Locals, 'session' | 'pageAvailable'>): (href: string) => LinkState {
  const products = locals.session?.domain.products;
  if (!products) throw new Error('The shell’s links are for signed-in pages: the middleware has the session.');
  return (href) => linkState(href, { gates: PRODUCT_GATES, products, pageAvailable: locals.pageAvailable });
}

import type { ProductGate } from '../../lib/products';
export type { ProductGate };
import type { MenuGroup } from '../../lib/menu';

/**
 * What the shell (sidebar, page gates, API gates) knows of a module, whichever backend serves it:
 * `src/server/<module>/shell.ts`. Kept apart from the module's manifest so that upstream mode, and
 * its edge build, reach no database, mail or file code through the menu or the gates.
 */
export interface ModuleShell {
  name: string;
  /** Most specific first; the API answers 403 and pages show 'not available' without them. */
  gates?: ProductGate[];
  /** The module's group in the sidebar, in the modules' order. */
  menu?: MenuGroup;
}

import { missingProduct, type ProductGate } from './products';
import type { Products } from './contract/shell';

/** The sidebar of spec section 2: a group per module, each with its links. */
export interface MenuItem {
  label: string;
  href: string;
}
export interface MenuGroup {
  label: string;
  icon: string;
  href?: string;
  items: MenuItem[];
}

/** The sidebar's first entry; each module's group follows, in the modules' order (src/app/shell-modules.ts). */
export const HOME_MENU: MenuGroup = { label: 'Home', icon: 'home', href: '/home', items: [] };

/** Whether a menu link is the page being shown (an editor under a list highlights the list). */
export function isCurrent(href: string, pathname: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The six Quick Links of the home screen (spec section 1). */
export const QUICK_LINKS: ReadonlyArray<MenuItem & { icon: string; description: string }> = [
  { label: 'Manage Posts', href: '/website/posts', icon: 'world', description: 'Write news for your website' },
  { label: 'App Staff List', href: '/app/managestaff', icon: 'device-mobile', description: 'Who parents see in the app' },
  { label: 'Mailing List', href: '/newsletter/manage/list', icon: 'mail', description: 'Newsletter subscribers' },
  { label: 'Manage Students', href: '/hapara/studentlist', icon: 'cloud', description: 'Learning in the Cloud accounts' },
  { label: 'My Products', href: '/account/products', icon: 'user', description: 'What your school has enabled' },
  { label: 'My Tickets', href: '/support/tickets', icon: 'lifebuoy', description: 'Your support requests' },
];

/**
 * How the shell shows a link to one of its pages, the one rule of the sidebar and the Quick Links:
 * - 'hidden': the backend cannot show the page at all (upstream mode, a feature the legacy backend
 *   lacks): a link would only lead to 'not available in this portal';
 * - 'not-activated': the school lacks a product the page needs (the modules' gates): the link stays,
 *   greyed with 'Not activated', and leads to the not-available screen, which says how to get it;
 * - 'open': the page is the school's.
 */
export type LinkState = 'open' | 'not-activated' | 'hidden';

export function linkState(
  href: string,
  school: { gates: readonly ProductGate[]; products: Products; pageAvailable: (path: string) => boolean },
): LinkState {
  const path = href.split(/[?#]/)[0] ?? href;
  if (!school.pageAvailable(path)) return 'hidden';
  return missingProduct(school.gates, path, school.products) ? 'not-activated' : 'open';
}

/** What a greyed link says, read by screen readers as part of the link's name. */
export const NOT_ACTIVATED = 'Not activated';

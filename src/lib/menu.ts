/** The sidebar of spec section 2, in order. */
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

export const MENU: ReadonlyArray<MenuGroup> = [
  { label: 'Home', icon: 'home', href: '/home', items: [] },
  {
    label: 'Website',
    icon: 'world',
    items: [
      { label: 'Manage Posts', href: '/website/posts' },
      { label: 'Manage Pages', href: '/website/pages' },
      { label: 'Manage Galleries', href: '/website/galleries' },
      { label: 'Manage Staff List', href: '/website/managestaff' },
    ],
  },
  {
    label: 'App',
    icon: 'device-mobile',
    items: [
      { label: 'Send Notification', href: '/app/send' },
      { label: 'Manage Staff List', href: '/app/managestaff' },
    ],
  },
  {
    label: 'Newsletter',
    icon: 'mail',
    items: [
      { label: 'Manage Mailing List', href: '/newsletter/manage/list' },
      { label: 'Simple Newsletter', href: '/newsletter/send/simple' },
      { label: 'Newsletter Builder', href: '/newsletter/send/builder' },
    ],
  },
  {
    label: 'Learning in the Cloud',
    icon: 'cloud',
    items: [
      { label: 'Student List Upload', href: '/hapara/upload' },
      { label: 'Leavers List Upload', href: '/hapara/upload' },
      { label: 'Manage Students', href: '/hapara/studentlist' },
      { label: 'Manage Classes', href: '/hapara/classlist' },
      { label: 'Status', href: '/hapara/status' },
    ],
  },
  {
    label: 'Account',
    icon: 'user',
    items: [
      { label: 'My Products', href: '/account/products' },
      { label: 'Manage Users', href: '/account/users' },
    ],
  },
  {
    label: 'Support',
    icon: 'lifebuoy',
    items: [
      { label: 'My Tickets', href: '/support/tickets' },
      { label: 'New Support Ticket', href: '/support/new' },
      { label: 'Tutorials', href: '/support/help' },
      { label: 'Knowledgebase', href: '/support/knowledgebase' },
    ],
  },
];

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

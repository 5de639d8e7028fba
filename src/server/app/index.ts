import type { PortalModule } from '../module';

/** App: push notifications and the app's staff list (screens to come; the gate and menu stand). */
export const appModule: PortalModule = {
  name: 'app',
  gates: [{ prefix: '/app', products: ['app'] }],
  menu: {
    label: 'App',
    icon: 'device-mobile',
    items: [
      { label: 'Send Notification', href: '/app/send' },
      { label: 'Manage Staff List', href: '/app/managestaff' },
    ],
  },
};

/**
 * The shell's behaviour (no framework): theme options, sidebar, user menu, calendar toast,
 * right drawer and logout. Loaded on every signed-in page.
 */
import { themeEngine, type ThemeOptions } from '../../../lib/theme';
import { showToast } from '../../../lib/browser/toast';
import { announcementUrl } from '../../../lib/links';
import { loadDrawer as loadDrawerData, logout } from './stores/shell';

const root = document.documentElement;
const theme = themeEngine();
let options: ThemeOptions = theme.read(localStorage);

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

function applyTheme(): void {
  theme.apply(root, options, window.innerWidth);
  const toggle = byId('sidebar-toggle');
  const open = root.classList.contains('narrow') ? root.classList.contains('sidebar-open') : !options.sidebarClosed;
  toggle?.setAttribute('aria-expanded', String(open));
  const backdrop = byId('sidebar-backdrop');
  if (backdrop) backdrop.hidden = !(root.classList.contains('narrow') && root.classList.contains('sidebar-open'));
}

function saveTheme(next: ThemeOptions): void {
  options = next;
  theme.write(localStorage, options);
  applyTheme();
}

/* Sidebar: on wide windows the choice is saved; on narrow ones it opens over the page for now only. */
function setNarrowSidebarOpen(open: boolean): void {
  root.classList.toggle('sidebar-open', open);
  applyTheme();
}
byId('sidebar-toggle')?.addEventListener('click', () => {
  if (root.classList.contains('narrow')) setNarrowSidebarOpen(!root.classList.contains('sidebar-open'));
  else saveTheme({ ...options, sidebarClosed: !options.sidebarClosed });
  syncThemeForm();
});
byId('sidebar-backdrop')?.addEventListener('click', () => setNarrowSidebarOpen(false));
let wasNarrow = root.classList.contains('narrow');
window.addEventListener('resize', () => {
  const narrow = window.innerWidth < theme.NARROW_BREAKPOINT;
  if (narrow !== wasNarrow) root.classList.remove('sidebar-open');
  wasNarrow = narrow;
  applyTheme();
});
applyTheme();

/* Panels: user menu, drawer and theme options open from a header button and close on Escape. */
interface Panel {
  panel: HTMLElement;
  button: HTMLElement;
  onOpen?: () => void;
}
const panels: Panel[] = [];
function registerPanel(panelId: string, buttonId: string, onOpen?: () => void): Panel | null {
  const panel = byId(panelId);
  const button = byId(buttonId);
  if (!panel || !button) return null;
  const entry: Panel = { panel, button, ...(onOpen ? { onOpen } : {}) };
  panels.push(entry);
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    setPanel(entry, panel.hidden);
  });
  return entry;
}
function setPanel(entry: Panel, open: boolean): void {
  if (open) for (const other of panels) if (other !== entry) setPanel(other, false);
  entry.panel.hidden = !open;
  entry.button.setAttribute('aria-expanded', String(open));
  if (open) {
    entry.onOpen?.();
    entry.panel.querySelector<HTMLElement>('a, button, input')?.focus();
  }
}
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  for (const entry of panels) {
    if (!entry.panel.hidden) {
      setPanel(entry, false);
      entry.button.focus();
    }
  }
  if (root.classList.contains('sidebar-open')) setNarrowSidebarOpen(false);
});
document.addEventListener('click', (event) => {
  for (const entry of panels) {
    if (!entry.panel.hidden && !entry.panel.contains(event.target as Node)) setPanel(entry, false);
  }
});

const userMenu = registerPanel('user-menu', 'user-menu-button');
if (userMenu) menuButtonKeys(userMenu);

/**
 * The user menu as a WAI-ARIA menu button: ArrowDown or ArrowUp on the button opens it on the
 * first or last item; inside, the arrows move round the items, Home and End go to the ends,
 * Tab closes it (Escape too, above, returning to the button).
 */
function menuButtonKeys(entry: Panel): void {
  const items = () => Array.from(entry.panel.querySelectorAll<HTMLElement>('[role="menuitem"]'));
  const focusItem = (index: number) => {
    const list = items();
    list[(index + list.length) % list.length]?.focus();
  };
  entry.button.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setPanel(entry, true);
    focusItem(event.key === 'ArrowDown' ? 0 : -1);
  });
  entry.panel.addEventListener('keydown', (event) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: list.length - 1 };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusItem(target);
    } else if (event.key === 'Tab') {
      setPanel(entry, false);
    }
  });
}
const drawer = registerPanel('app-drawer', 'drawer-open', loadDrawer);
const themePanel = registerPanel('theme-options', 'theme-open', syncThemeForm);
byId('drawer-close')?.addEventListener('click', () => drawer && setPanel(drawer, false));
byId('theme-close')?.addEventListener('click', () => themePanel && setPanel(themePanel, false));

/* Theme options form */
const themeForm = byId<HTMLFormElement>('theme-form');
function syncThemeForm(): void {
  if (!themeForm) return;
  for (const input of Array.from(themeForm.querySelectorAll<HTMLInputElement>('input'))) {
    if (input.type === 'checkbox') input.checked = Boolean(options[input.name as keyof ThemeOptions]);
    else input.checked = input.value === options.scheme;
  }
}
themeForm?.addEventListener('change', () => {
  const data = new FormData(themeForm);
  saveTheme({
    sidebarClosed: data.has('sidebarClosed'),
    fixedHeader: data.has('fixedHeader'),
    fixedSidebar: data.has('fixedSidebar'),
    fixedFooter: data.has('fixedFooter'),
    scheme: String(data.get('scheme') ?? options.scheme),
  });
});

/* Calendar: the spec's fixed toast, no call; one toast at a time however often it is hovered. */
const CALENDAR_TOAST_MS = 5000;
let calendarToastUntil = 0;
function calendarToast(): void {
  if (Date.now() < calendarToastUntil) return;
  calendarToastUntil = Date.now() + CALENDAR_TOAST_MS;
  void showToast('There are no new calendar items.', { duration: CALENDAR_TOAST_MS });
}
for (const type of ['mouseenter', 'focus', 'click'] as const) byId('calendar-item')?.addEventListener(type, calendarToast);

/* Drawer: status and notifications load when it first opens. */
let drawerLoaded = false;
async function loadDrawer(): Promise<void> {
  if (drawerLoaded) return;
  drawerLoaded = true;
  const { status, changelog } = await loadDrawerData();
  for (const key of ['website', 'app'] as const) {
    const cell = document.querySelector<HTMLElement>(`[data-status="${key}"]`);
    if (!cell) continue;
    const s = status[key];
    cell.textContent = s.text;
    cell.className = s.ok ? 'ok' : 'fault';
  }
  const list = byId('notifications');
  if (!list) return;
  list.setAttribute('aria-busy', 'false');
  if (!changelog) {
    drawerLoaded = false; // try again next time the drawer opens
    return;
  }
  const supportUrl = document.body.dataset.supportUrl ?? '';
  list.replaceChildren(
    ...changelog.map((item) => {
      const li = document.createElement('li');
      // No support site yet (the example default): the title, without a link to nowhere.
      const href = announcementUrl(supportUrl, item.slug);
      const link = document.createElement(href ? 'a' : 'span');
      link.className = 'timeline-title';
      if (link instanceof HTMLAnchorElement && href) {
        link.href = href;
        link.target = '_blank';
        link.rel = 'noopener';
      }
      link.textContent = item.title;
      const text = document.createElement('div');
      text.className = 'timeline-text';
      text.innerHTML = item.text; // sanitised by the server
      li.append(link, text);
      return li;
    }),
  );
  const empty = byId('notifications-empty');
  if (empty) empty.hidden = changelog.length > 0;
}

/* Logout: the call ends the session; either way the browser goes to the login address. */
byId('logout-button')?.addEventListener('click', () => void logout());

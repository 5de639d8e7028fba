/**
 * Theme options kept on the client (spec: sidebar open or closed, fixed header, sidebar and
 * footer, colour scheme). Everything lives inside one self-contained function so that the shell
 * can inline its source into <head> and apply the saved theme before first paint, while the
 * shell script uses the very same code to change it: the rules exist once.
 */
export function themeEngine() {
  const STORAGE_KEY = 'portal.theme';
  const NARROW_BREAKPOINT = 1250;
  const SCHEMES = ['white', 'light', 'dark'];
  const DEFAULTS = { sidebarClosed: false, fixedHeader: true, fixedSidebar: true, fixedFooter: false, scheme: 'white' };
  type Theme = typeof DEFAULTS;
  type Flag = 'sidebarClosed' | 'fixedHeader' | 'fixedSidebar' | 'fixedFooter';

  function read(storage: Pick<Storage, 'getItem'>): Theme {
    let saved: Record<string, unknown> = {};
    try {
      saved = JSON.parse(storage.getItem(STORAGE_KEY) || '{}') || {};
    } catch {
      saved = {};
    }
    const flag = (key: Flag) => (typeof saved[key] === 'boolean' ? (saved[key] as boolean) : DEFAULTS[key]);
    return {
      sidebarClosed: flag('sidebarClosed'),
      fixedHeader: flag('fixedHeader'),
      fixedSidebar: flag('fixedSidebar'),
      fixedFooter: flag('fixedFooter'),
      scheme: SCHEMES.indexOf(String(saved.scheme)) >= 0 ? String(saved.scheme) : DEFAULTS.scheme,
    };
  }

  function write(storage: Pick<Storage, 'setItem'>, theme: Theme): void {
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(theme));
    } catch {
      // Private browsing or a full quota: the theme still applies for this page.
    }
  }

  /** Classes of <html> for a theme at a window width. */
  function classes(theme: Theme, windowWidth: number): Record<string, boolean> {
    const narrow = windowWidth < NARROW_BREAKPOINT;
    return {
      narrow,
      // Under the breakpoint the sidebar is forced closed and fixed, whatever was chosen.
      'sidebar-closed': narrow || theme.sidebarClosed,
      'fixed-sidebar': narrow || theme.fixedSidebar,
      'fixed-header': theme.fixedHeader,
      'fixed-footer': theme.fixedFooter,
    };
  }

  function apply(root: HTMLElement, theme: Theme, windowWidth: number): void {
    const wanted = classes(theme, windowWidth);
    for (const name in wanted) root.classList.toggle(name, Boolean(wanted[name]));
    root.setAttribute('data-scheme', theme.scheme);
    if (theme.scheme === 'dark') root.setAttribute('data-bs-theme', 'dark');
    else root.removeAttribute('data-bs-theme');
  }

  return { STORAGE_KEY, NARROW_BREAKPOINT, SCHEMES, DEFAULTS, read, write, classes, apply };
}

export type ThemeEngine = ReturnType<typeof themeEngine>;
export type ThemeOptions = ThemeEngine['DEFAULTS'];

/** Source of the <head> script that applies the saved theme before the page paints. */
export const THEME_BOOT_SCRIPT = `(function(){var t=(${themeEngine.toString()})();t.apply(document.documentElement,t.read(window.localStorage),window.innerWidth);})();`;

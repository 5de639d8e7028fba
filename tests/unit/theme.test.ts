import { describe, expect, it } from 'vitest';
import { THEME_BOOT_SCRIPT, themeEngine, type ThemeOptions } from '../../src/lib/theme';

const engine = themeEngine();
const DEFAULTS: ThemeOptions = { sidebarClosed: false, fixedHeader: true, fixedSidebar: true, fixedFooter: false, scheme: 'white' };

const storing = (value: string | null) => ({ getItem: (key: string) => (key === engine.STORAGE_KEY ? value : null) });

/** A small stand-in for <html>: the classes and attributes apply() sets. */
function fakeRoot() {
  const classes = new Set<string>();
  const attributes = new Map<string, string>();
  return {
    classes,
    attributes,
    classList: {
      toggle(name: string, force?: boolean) {
        const on = force ?? !classes.has(name);
        if (on) classes.add(name);
        else classes.delete(name);
        return on;
      },
    },
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    removeAttribute: (name: string) => void attributes.delete(name),
  };
}

describe('themeEngine', () => {
  // What a first visit looks like, nothing stored: the sidebar open, header and sidebar fixed, the
  // footer not, the white scheme; under 1250 px the sidebar closes, wider it stays as chosen.
  it.each([
    [1920, ['fixed-header', 'fixed-sidebar']],
    [1250, ['fixed-header', 'fixed-sidebar']],
    [1249, ['fixed-header', 'fixed-sidebar', 'narrow', 'sidebar-closed']],
    [375, ['fixed-header', 'fixed-sidebar', 'narrow', 'sidebar-closed']],
  ])('shows a first visit at %i px with %j on <html>, in the white scheme', (width, classes) => {
    const root = fakeRoot();
    engine.apply(root as unknown as HTMLElement, engine.read(storing(null)), width);
    expect([...root.classes].sort()).toEqual(classes);
    expect(Object.fromEntries(root.attributes)).toEqual({ 'data-scheme': 'white' });
  });

  it('closes a sidebar chosen open, and keeps fixed a sidebar chosen unfixed, from 1249 px down only', () => {
    const chosen = storing(JSON.stringify({ sidebarClosed: false, fixedSidebar: false }));
    const at = (width: number) => {
      const root = fakeRoot();
      engine.apply(root as unknown as HTMLElement, engine.read(chosen), width);
      return [...root.classes].sort();
    };
    expect(at(1250)).toEqual(['fixed-header']);
    expect(at(1249)).toEqual(['fixed-header', 'fixed-sidebar', 'narrow', 'sidebar-closed']);
  });

  it('saves the choices under the key browsers already hold them under', () => {
    const saved = new Map<string, string>();
    engine.write({ setItem: (key: string, value: string) => void saved.set(key, value) }, { ...DEFAULTS, scheme: 'dark' });
    expect([...saved.keys()]).toEqual(['portal.theme']);
    expect(JSON.parse(saved.get('portal.theme') ?? '')).toMatchObject({ scheme: 'dark' });
  });

  it('reads the defaults when nothing is stored', () => {
    expect(engine.read(storing(null))).toEqual(DEFAULTS);
    expect(engine.read(storing(''))).toEqual(DEFAULTS);
  });

  it.each(['{not json', 'null', '42', '"dark"', '[true,false]', 'true', '{"sidebarClosed":'])(
    'falls back to the defaults for bad stored JSON %j',
    (stored) => {
      expect(engine.read(storing(stored))).toEqual(DEFAULTS);
    },
  );

  it('falls back to the defaults when reading storage throws', () => {
    const throwing = {
      getItem(): string | null {
        throw new Error('SecurityError');
      },
    };
    // read() must not break the page when storage is blocked.
    expect(() => engine.read(throwing)).not.toThrow();
    expect(engine.read(throwing)).toEqual(DEFAULTS);
  });

  it('keeps valid stored choices and replaces invalid ones one by one', () => {
    const stored = JSON.stringify({ sidebarClosed: true, fixedHeader: 'yes', fixedFooter: true, scheme: 'purple' });
    expect(engine.read(storing(stored))).toEqual({ ...DEFAULTS, sidebarClosed: true, fixedFooter: true });
    expect(engine.read(storing(JSON.stringify({ scheme: 'dark' })))).toEqual({ ...DEFAULTS, scheme: 'dark' });
  });

  it('writes what it reads back', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const theme: ThemeOptions = { sidebarClosed: true, fixedHeader: false, fixedSidebar: false, fixedFooter: true, scheme: 'light' };
    engine.write(storage, theme);
    expect(engine.read(storage)).toEqual(theme);
  });

  it('does not throw when storage refuses to save', () => {
    const full = {
      setItem(): void {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => engine.write(full, DEFAULTS)).not.toThrow();
  });

  describe('classes()', () => {
    const open: ThemeOptions = { ...DEFAULTS, sidebarClosed: false, fixedSidebar: false };

    it('forces sidebar-closed and fixed-sidebar under 1250 px, whatever was chosen', () => {
      expect(engine.classes(open, 1249)).toMatchObject({ narrow: true, 'sidebar-closed': true, 'fixed-sidebar': true });
      expect(engine.classes(open, 375)).toMatchObject({ narrow: true, 'sidebar-closed': true, 'fixed-sidebar': true });
    });

    it('follows the choices at 1250 px and wider', () => {
      expect(engine.classes(open, 1250)).toEqual({
        narrow: false,
        'sidebar-closed': false,
        'fixed-sidebar': false,
        'fixed-header': true,
        'fixed-footer': false,
      });
      expect(engine.classes({ ...open, sidebarClosed: true, fixedFooter: true }, 1920)).toMatchObject({
        'sidebar-closed': true,
        'fixed-footer': true,
      });
    });

    it('leaves header and footer choices alone when narrow', () => {
      const theme: ThemeOptions = { ...DEFAULTS, fixedHeader: false, fixedFooter: true };
      expect(engine.classes(theme, 800)).toMatchObject({ 'fixed-header': false, 'fixed-footer': true });
    });
  });

  describe('apply()', () => {
    it('sets the classes and the colour scheme on the root', () => {
      const root = fakeRoot();
      engine.apply(root as unknown as HTMLElement, { ...DEFAULTS, scheme: 'dark' }, 1000);
      expect([...root.classes].sort()).toEqual(['fixed-header', 'fixed-sidebar', 'narrow', 'sidebar-closed']);
      expect(root.attributes.get('data-scheme')).toBe('dark');
      expect(root.attributes.get('data-bs-theme')).toBe('dark');

      engine.apply(root as unknown as HTMLElement, { ...DEFAULTS, fixedSidebar: false, scheme: 'light' }, 1400);
      expect([...root.classes].sort()).toEqual(['fixed-header']);
      expect(root.attributes.get('data-scheme')).toBe('light');
      expect(root.attributes.has('data-bs-theme')).toBe(false);
    });
  });

  it('boots from its own source text, as the <head> script runs it before first paint', () => {
    const root = fakeRoot();
    const document = { documentElement: root };
    const window = { localStorage: storing(JSON.stringify({ scheme: 'dark', sidebarClosed: true })), innerWidth: 1600 };
    const run = new Function('document', 'window', THEME_BOOT_SCRIPT) as (d: unknown, w: unknown) => void;
    run(document, window);
    expect(root.classes.has('sidebar-closed')).toBe(true);
    expect(root.classes.has('narrow')).toBe(false);
    expect(root.attributes.get('data-scheme')).toBe('dark');
  });
});

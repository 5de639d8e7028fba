/**
 * A toast that survives one navigation: set before `location.assign`, shown by the next screen
 * (e.g. 'Success! New gallery created!' on the gallery's edit screen). Kept in sessionStorage, so
 * it belongs to this tab and is gone after it is shown once.
 */
import { showToast, type ToastOptions } from './toast';

const KEY = 'portal.flash';

interface Flash {
  text: string;
  type: NonNullable<ToastOptions['type']>;
  /** The path that should show it. */
  path: string;
}

export function setFlash(path: string, text: string, type: Flash['type'] = 'success'): void {
  try {
    const flash: Flash = { text, type, path };
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    // Storage unavailable (private mode quotas): the toast is a nicety, the navigation still happens.
  }
}

/** Shows the flash meant for this page, if any, and forgets it. */
export function showFlash(): void {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    if (raw) sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const flash = JSON.parse(raw) as Partial<Flash>;
    if (typeof flash.text === 'string' && flash.path === window.location.pathname) {
      void showToast(flash.text, { type: flash.type ?? 'success' });
    }
  } catch {
    // A malformed entry is dropped.
  }
}

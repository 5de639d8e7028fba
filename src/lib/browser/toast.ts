// The stylesheet ships with the page (a dynamically imported stylesheet is lost by the build);
// only the script waits for the first toast.
import 'toastify-js/src/toastify.css';

/** Spec section 9: toasts close after 8 s unless a caller says otherwise. */
export const TOAST_DEFAULT_MS = 8000;

export interface ToastOptions {
  duration?: number;
  type?: 'info' | 'success' | 'error';
  /** Called when the toast is clicked (e.g. the builder's undo). */
  onClick?: () => void;
}

const COLOURS = { info: '#206bc4', success: '#1e7b34', error: '#d63939' } as const;

/**
 * The one toast helper. toastify-js loads on the first toast, so pages that never show one do
 * not ship its script.
 */
/** The toast on screen of each kind: a new one replaces it, so toasts never pile up. */
const shown = new Map<NonNullable<ToastOptions['type']>, { text: string; toast: { hideToast(): void } }>();

/** Below the shell's header (60 px high), so a toast never covers its menu, calendar or user controls. */
const BELOW_HEADER = { x: 0, y: 52 };

export async function showToast(text: string, options: ToastOptions = {}): Promise<void> {
  const { default: Toastify } = await import('toastify-js');
  const type = options.type ?? 'info';
  shown.get(type)?.toast.hideToast();
  const toast = Toastify({
    text,
    duration: options.duration ?? TOAST_DEFAULT_MS,
    gravity: 'top',
    position: 'right',
    offset: BELOW_HEADER,
    close: true,
    stopOnFocus: true,
    ariaLive: type === 'error' ? 'assertive' : 'polite',
    style: { background: COLOURS[type] },
    ...(options.onClick ? { onClick: options.onClick } : {}),
    callback: () => {
      if (shown.get(type)?.toast === toast) shown.delete(type);
    },
  });
  shown.set(type, { text, toast });
  toast.showToast();
}

/**
 * Hides the toast of `type` on screen when it says `text`: a form's error toast goes once the
 * user has fixed what it was about (issue 29 §5), not 8 s later over a corrected form.
 */
export function dismissToast(type: NonNullable<ToastOptions['type']>, text: string): void {
  const current = shown.get(type);
  if (current?.text !== text) return;
  shown.delete(type);
  current.toast.hideToast();
}

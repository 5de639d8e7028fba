/**
 * The public site's 'Get notifications' (NotificationOptIn.astro): registers the school's service
 * worker (its scope the school's site), subscribes to push with the server's VAPID key once the
 * visitor allowed notifications, and hands the subscription to the school's site; 'Turn off
 * notifications' undoes both. Small on purpose: the public site ships almost no script.
 */

interface OptInAddresses {
  school: string;
  serviceWorker: string;
  scope: string;
  pushKey: string;
  subscribe: string;
  unsubscribe: string;
}

const TEXT = {
  on: (school: string) => `Notifications are on: you will hear about news from ${school}.`,
  off: 'Notifications are off.',
  working: 'Turning on notifications…',
  blocked: 'Notifications are blocked for this site. You can allow them in your browser’s site settings.',
  dismissed: 'Notifications were not turned on.',
  failed: 'Notifications could not be turned on. Please try again later.',
} as const;

function addresses(root: HTMLElement): OptInAddresses | null {
  const { school, serviceWorker, scope, pushKey, subscribe, unsubscribe } = root.dataset;
  return school && serviceWorker && scope && pushKey && subscribe && unsubscribe ? { school, serviceWorker, scope, pushKey, subscribe, unsubscribe } : null;
}

/** A base64url text as bytes (PushManager takes the key as bytes everywhere). */
function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The registration once its worker is active (a new one installs first): push needs an active worker. */
async function activeRegistration(at: OptInAddresses): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register(at.serviceWorker, { scope: at.scope });
  const worker = registration.installing ?? registration.waiting;
  if (!registration.active && worker) {
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated' || worker.state === 'redundant') resolve();
      });
    });
  }
  return registration;
}

async function post(url: string, body: unknown): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' });
    return res.ok;
  } catch {
    return false;
  }
}

export function enhanceNotificationOptIn(root: HTMLElement): void {
  const at = addresses(root);
  const on = root.querySelector<HTMLButtonElement>('[data-turn-on]');
  const off = root.querySelector<HTMLButtonElement>('[data-turn-off]');
  const status = root.querySelector<HTMLElement>('[aria-live]');
  if (!at || !on || !off || !status || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return;

  const show = (subscribed: boolean, message = '') => {
    // The button pressed goes away: focus moves to the one that takes its place.
    const hadFocus = document.activeElement === on || document.activeElement === off;
    on.hidden = subscribed;
    off.hidden = !subscribed;
    status.textContent = message;
    if (hadFocus) (subscribed ? off : on).focus();
  };
  root.hidden = false;

  // A visitor who turned them on earlier sees them on.
  void navigator.serviceWorker
    .getRegistration(at.scope)
    .then((registration) => registration?.pushManager.getSubscription())
    .then((subscription) => {
      if (subscription && Notification.permission === 'granted') show(true);
    })
    .catch(() => undefined);

  on.addEventListener('click', () => {
    // The permission is asked first, while the click still counts as the visitor's.
    void Notification.requestPermission().then(async (permission) => {
      if (permission !== 'granted') return show(false, permission === 'denied' ? TEXT.blocked : TEXT.dismissed);
      show(false, TEXT.working);
      try {
        const registration = await activeRegistration(at);
        const key = (await (await fetch(at.pushKey, { credentials: 'omit' })).json()) as { publicKey?: unknown };
        if (typeof key.publicKey !== 'string') throw new Error('No push key.');
        const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64urlBytes(key.publicKey) });
        if (await post(at.subscribe, subscription.toJSON())) return show(true, TEXT.on(at.school));
        await subscription.unsubscribe();
      } catch {
        // No push service, or it refused: said below.
      }
      return show(false, TEXT.failed);
    });
  });

  off.addEventListener('click', () => {
    void (async () => {
      const registration = await navigator.serviceWorker.getRegistration(at.scope);
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        await post(at.unsubscribe, { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      show(false, TEXT.off);
    })().catch(() => show(false, TEXT.off));
  });
}

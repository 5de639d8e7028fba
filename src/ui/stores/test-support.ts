/**
 * What the stores' unit tests stand in for, so each drives a real store: the API behind `fetch`
 * (answering by the contract's call table, envelope included, typed by it), the window the stores
 * touch (address, history, navigation, storage, the frame's parent) and the toasts they show.
 *
 * The toast module loads a DOM library; a test file replaces it with the recorder here:
 *
 *   vi.mock('<path to>/lib/browser/toast', () => import('<path to>/ui/stores/test-support').then((m) => m.fakeToastModule));
 *
 * (the factory imports this module itself: a mock's factory runs before the file's imports).
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { Call, CallResult, TypedEndpoint } from '../../lib/contract/calls';
import type { ToastOptions } from '../../lib/browser/toast';
import type { Failure } from '../../lib/contract/envelope';

/* ---- Toasts ---- */

export interface ShownToast {
  text: string;
  type: ToastOptions['type'];
  /** What clicking it does (the builder's undo), when anything. */
  onClick?: () => void;
}

/** The toasts shown in the current test, oldest first. */
export const toasts: ShownToast[] = [];

/** Texts of the toasts shown, as `type: text` (what a user saw, in order). */
export const toastTexts = (): string[] => toasts.map((t) => `${t.type ?? 'info'}: ${t.text}`);

/** Toasts hidden before their time (a fixed form's error), as `type: text`. */
export const dismissedToasts: string[] = [];

/** The toast module as the tests see it: what would be shown is recorded in `toasts`, what is hidden in `dismissedToasts`. */
export const fakeToastModule = {
  TOAST_DEFAULT_MS: 8000,
  showToast(text: string, options: ToastOptions = {}): Promise<void> {
    toasts.push({ text, type: options.type, ...(options.onClick ? { onClick: options.onClick } : {}) });
    return Promise.resolve();
  },
  dismissToast(type: NonNullable<ToastOptions['type']>, text: string): void {
    dismissedToasts.push(`${type}: ${text}`);
  },
};

/* ---- The API ---- */

/** One request as the server received it. */
export interface SentCall {
  method: string;
  /** The path without the query string. */
  path: string;
  /** The path and its query string, as sent. */
  url: string;
  query: URLSearchParams;
  /** A JSON body, parsed (undefined when there was none). */
  body: unknown;
  /** A multipart form's fields (files as Blobs), null when there was none. */
  form: Record<string, FormDataEntryValue> | null;
}

/** A `success: false` answer. */
export interface Refusal extends Pick<Failure, 'message' | 'code' | 'field'> {
  /** The session has ended (401). */
  isAuthFailed?: boolean;
  status?: number;
}

type Reply = { kind: 'ok'; fields: object } | { kind: 'refuse'; refusal: Refusal } | { kind: 'network' } | { kind: 'held'; answer: Promise<Reply> };

/** An answer that waits until the test says what it is (to look at the screen while a call is on its way). */
export interface HeldAnswer<C extends Call> {
  answer(fields: CallResult<C>): void;
  refuse(refusal?: Refusal): void;
}

interface Route {
  method: string;
  path: string;
  pattern: RegExp;
  /** Used in order; the last one keeps answering until another is set up (a held one answers once). */
  replies: Reply[];
  /** The last reply has answered at least once: the next one set up replaces it. */
  lastUsed: boolean;
}

const ENVELOPE_OK = { success: true, isAuthFailed: false } as const;

function routePattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, '[^/]+')}$`);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export class FakeApi {
  readonly sent: SentCall[] = [];
  /** Requests nothing was set up to answer (`METHOD path`): every test expects none. */
  readonly unanswered: string[] = [];
  private routes: Route[] = [];

  private route(endpoint: { method: string; path: string }): Route {
    let route = this.routes.find((r) => r.method === endpoint.method && r.path === endpoint.path);
    if (!route) {
      route = { method: endpoint.method, path: endpoint.path, pattern: routePattern(endpoint.path), replies: [], lastUsed: false };
      this.routes.push(route);
    }
    return route;
  }

  private add(endpoint: { method: string; path: string }, reply: Reply): void {
    const route = this.route(endpoint);
    if (route.lastUsed) route.replies = [];
    route.lastUsed = false;
    route.replies.push(reply);
  }

  /** The call answers success with these fields (the envelope added). */
  answer<C extends Call>(endpoint: TypedEndpoint<C>, fields: CallResult<C>): this {
    this.add(endpoint, { kind: 'ok', fields });
    return this;
  }

  /** The call answers `success: false` (400 unless a status is given; 401 for an ended session). */
  refuse<C extends Call>(endpoint: TypedEndpoint<C>, refusal: Refusal = {}): this {
    this.add(endpoint, { kind: 'refuse', refusal });
    return this;
  }

  /** The call never reaches the server (a cut connection). */
  dropConnection<C extends Call>(endpoint: TypedEndpoint<C>): this {
    this.add(endpoint, { kind: 'network' });
    return this;
  }

  /** The call's next answer waits for the test. */
  hold<C extends Call>(endpoint: TypedEndpoint<C>): HeldAnswer<C> {
    let settle: (reply: Reply) => void = () => undefined;
    const answer = new Promise<Reply>((resolve) => (settle = resolve));
    this.add(endpoint, { kind: 'held', answer });
    return {
      answer: (fields) => settle({ kind: 'ok', fields }),
      refuse: (refusal = {}) => settle({ kind: 'refuse', refusal }),
    };
  }

  /** The requests made to one call, oldest first. */
  sentTo<C extends Call>(endpoint: TypedEndpoint<C>): SentCall[] {
    const pattern = routePattern(endpoint.path);
    return this.sent.filter((call) => call.method === endpoint.method && pattern.test(call.path));
  }

  /** The `fetch` the stores use. */
  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'https://portal.test');
    const method = init.method ?? 'GET';
    const body = init.body;
    this.sent.push({
      method,
      path: url.pathname,
      url: `${url.pathname}${url.search}`,
      query: url.searchParams,
      body: typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined,
      form: body instanceof FormData ? Object.fromEntries(body.entries()) : null,
    });
    const candidates = this.routes.filter((r) => r.method === method && r.pattern.test(url.pathname));
    // A fixed path wins over a pattern it also matches (galleries/min over galleries/{id}).
    const route = candidates.find((r) => r.path === url.pathname) ?? candidates[0];
    const next = route?.replies[0];
    if (!route || !next) {
      this.unanswered.push(`${method} ${url.pathname}`);
      return new Response('No answer set up in the test', { status: 500 });
    }
    if (route.replies.length > 1 || next.kind === 'held') route.replies.shift();
    else route.lastUsed = true;
    return respond(next);
  };
}

async function respond(reply: Reply): Promise<Response> {
  if (reply.kind === 'held') return respond(await reply.answer);
  if (reply.kind === 'network') throw new TypeError('Failed to fetch');
  if (reply.kind === 'ok') return json(200, { ...ENVELOPE_OK, ...reply.fields });
  const { message, code, field, isAuthFailed = false, status = isAuthFailed ? 401 : 400 } = reply.refusal;
  const failure: Failure = {
    success: false,
    isAuthFailed,
    ...(message === undefined ? {} : { message }),
    ...(code === undefined ? {} : { code }),
    ...(field === undefined ? {} : { field }),
  };
  return json(status, failure);
}

/* ---- The window ---- */

export const LOGIN_URL = 'https://login.example/sign-in';
export const ORIGIN = 'https://portal.test';

type Listener = (event: unknown) => void;

/** The parts of `window` the stores use, recording what they do with them. */
export class FakeWindow {
  readonly location: { pathname: string; search: string; hash: string; readonly origin: string; readonly href: string; assign: (url: string) => void };
  readonly history: { state: unknown; pushState: (state: unknown, title: string, href: string) => void; replaceState: (state: unknown, title: string, href: string) => void };
  /** Addresses the page was sent to (`location.assign`). */
  readonly assigned: string[] = [];
  /** History entries made, as `push /path?query` or `replace /path?query`. */
  readonly steps: string[] = [];
  /** Messages posted to the page around the frame (when framed). */
  readonly posted: Array<{ message: unknown; targetOrigin: string }> = [];
  readonly parent: unknown;
  readonly scrollY = 0;
  private listeners = new Map<string, Set<Listener>>();

  constructor(address: string, options: { framed?: boolean } = {}) {
    const url = new URL(address, ORIGIN);
    const location = {
      pathname: url.pathname,
      search: url.search,
      hash: '',
      origin: ORIGIN,
      get href() {
        return `${ORIGIN}${location.pathname}${location.search}${location.hash}`;
      },
      assign: (to: string) => {
        this.assigned.push(to);
      },
    };
    this.location = location;
    const go = (kind: 'push' | 'replace') => (state: unknown, _title: string, href: string) => {
      const next = new URL(href, location.href);
      location.pathname = next.pathname;
      location.search = next.search;
      this.history.state = state;
      this.steps.push(`${kind} ${next.pathname}${next.search}`);
    };
    this.history = { state: null, pushState: go('push'), replaceState: go('replace') };
    this.parent = options.framed ? { postMessage: (message: unknown, targetOrigin: string) => this.posted.push({ message, targetOrigin }) } : this;
  }

  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  /** The next page opened at `href` (after a navigation the test stood in for). */
  arriveAt(href: string): void {
    const next = new URL(href, this.location.href);
    this.location.pathname = next.pathname;
    this.location.search = next.search;
  }

  /** Back or Forward to `href`: the address changes, then `popstate`. */
  popTo(href: string): void {
    const next = new URL(href, this.location.href);
    this.location.pathname = next.pathname;
    this.location.search = next.search;
    this.dispatch('popstate', {});
  }

  dispatch(type: string, event: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  listening(type: string): number {
    return this.listeners.get(type)?.size ?? 0;
  }
}

function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/* ---- Per test ---- */

export interface FakeBrowser {
  readonly api: FakeApi;
  readonly window: FakeWindow;
}

/**
 * A fresh API, window (at `address`), session storage and toast list for every test of the file
 * (or describe block) that calls this; after each test, every request must have had an answer.
 * `setup` runs after the fresh browser is in place (to set up answers every test shares).
 */
export function useFakeBrowser(address = '/', options: { framed?: boolean } = {}): FakeBrowser {
  let api = new FakeApi();
  let win = new FakeWindow(address, options);
  beforeEach(() => {
    api = new FakeApi();
    win = new FakeWindow(address, options);
    toasts.length = 0;
    dismissedToasts.length = 0;
    vi.stubGlobal('fetch', api.fetch);
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', { body: { dataset: { loginUrl: LOGIN_URL } } });
    vi.stubGlobal('sessionStorage', fakeStorage());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    expect(api.unanswered, 'requests the test did not expect').toEqual([]);
  });
  return {
    get api() {
      return api;
    },
    get window() {
      return win;
    },
  };
}

/** A file as the user would choose it. */
export function aFile(name: string, content = 'x', type = 'text/plain'): File {
  return new File([content], name, { type });
}

/**
 * The helpdesk frames and the page around them talk through `postMessage` (contracts'
 * HelpdeskMessage): a frame reports its height, so the page sizes it to its content, and that a
 * ticket was created or changed, so the page can move on or refresh. Both sides check who speaks:
 * the page only listens to its own frame at the helpdesk's origin, and a frame of the portal's
 * own helpdesk only speaks to a page of the portal's origin.
 */
import { HELPDESK_MESSAGE_SOURCE, helpdeskMessage, type HelpdeskMessage } from '../../rules';

/** A message without its source mark (each kind of message on its own). */
type WithoutSource<M> = M extends unknown ? Omit<M, 'source'> : never;
type Payload = WithoutSource<HelpdeskMessage>;

/** Whether this page is shown in a frame of another page. */
export function isFramed(): boolean {
  return window.parent !== window;
}

/** Tells the page around this frame (of the portal's origin only), if there is one. */
export function tellParent(message: Payload): void {
  if (!isFramed()) return;
  window.parent.postMessage({ source: HELPDESK_MESSAGE_SOURCE, ...message }, window.location.origin);
}

/**
 * Reports the height of `content` to the page around: now, whenever it changes, and whenever the
 * page asks (it may have started listening after the first report).
 */
export function reportHeight(content: HTMLElement): void {
  if (!isFramed()) return;
  let last = -1;
  const report = (always: boolean) => {
    const height = Math.ceil(content.getBoundingClientRect().bottom + window.scrollY);
    if (height === last && !always) return;
    last = height;
    tellParent({ type: 'height', height });
  };
  new ResizeObserver(() => report(false)).observe(content);
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && event.origin === window.location.origin && helpdeskMessage(event.data)?.type === 'measure') report(true);
  });
  report(true);
}

/** The smallest and largest height a frame is given, whatever it reports. */
const MIN_HEIGHT = 160;
const MAX_HEIGHT = 20_000;

export interface FrameWatch {
  onCreated?: (number: number) => void;
  onChanged?: (number: number) => void;
  onEscape?: () => void;
}

/**
 * Sizes `frame` to the height its page reports and passes on its other messages. `origin` is the
 * helpdesk's (null: the portal's own). Returns the way to stop listening.
 */
export function watchHelpdeskFrame(frame: HTMLIFrameElement, origin: string | null, watch: FrameWatch = {}): () => void {
  const expected = origin ?? window.location.origin;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== expected || event.source !== frame.contentWindow) return;
    const message = helpdeskMessage(event.data);
    if (!message) return;
    if (message.type === 'height') frame.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.round(message.height)))}px`;
    else if (message.type === 'created') watch.onCreated?.(message.number);
    else if (message.type === 'changed') watch.onChanged?.(message.number);
    else if (message.type === 'escape') watch.onEscape?.();
  };
  // The frame may have reported before this listened: ask again now, and after each page it loads.
  const measure = () => frame.contentWindow?.postMessage({ source: HELPDESK_MESSAGE_SOURCE, type: 'measure' }, expected);
  window.addEventListener('message', onMessage);
  frame.addEventListener('load', measure);
  measure();
  return () => {
    window.removeEventListener('message', onMessage);
    frame.removeEventListener('load', measure);
  };
}

/** A ticket's frame address from the frames' template (`…/tickets/{number}`). */
export function ticketFrameUrl(template: string, number: number): string {
  return template.replace('{number}', String(number));
}

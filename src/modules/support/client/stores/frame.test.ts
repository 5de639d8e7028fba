import { describe, expect, it, vi } from 'vitest';
import { ORIGIN, useFakeBrowser } from '../../../../ui/stores/test-support';
import { HELPDESK_MESSAGE_SOURCE } from '../../rules';
import { reportHeight, watchHelpdeskFrame } from './frame';

const HELPDESK = 'https://helpdesk.example';
const mark = { source: HELPDESK_MESSAGE_SOURCE };

/** An iframe as far as the watcher uses it: its window's messages, its height, its load event. */
function fakeFrame() {
  const posted: Array<{ message: unknown; targetOrigin: string }> = [];
  const loads = new Set<() => void>();
  const contentWindow = { postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) };
  const frame = {
    contentWindow,
    style: { height: '' },
    addEventListener: (_type: 'load', listener: () => void) => loads.add(listener),
    removeEventListener: (_type: 'load', listener: () => void) => loads.delete(listener),
  };
  return { frame, element: frame as unknown as HTMLIFrameElement, posted, load: () => loads.forEach((listener) => listener()), loads };
}

describe('The page around a helpdesk frame', () => {
  const browser = useFakeBrowser('/support/tickets');

  it('sizes the frame to the height its page reports, within bounds, and only from that frame at the helpdesk', () => {
    const { frame, element } = fakeFrame();
    watchHelpdeskFrame(element, HELPDESK);
    const say = (data: unknown, origin = HELPDESK, source: unknown = frame.contentWindow) => browser.window.dispatch('message', { data, origin, source });

    say({ ...mark, type: 'height', height: 812.4 });
    expect(frame.style.height).toBe('812px');
    say({ ...mark, type: 'height', height: 5 });
    expect(frame.style.height).toBe('160px');
    say({ ...mark, type: 'height', height: 1e9 });
    expect(frame.style.height).toBe('20000px');

    say({ ...mark, type: 'height', height: 500 }, 'https://evil.example');
    say({ ...mark, type: 'height', height: 500 }, HELPDESK, {});
    say({ source: 'someone-else', type: 'height', height: 500 });
    expect(frame.style.height).toBe('20000px');
  });

  it('passes on a created ticket, a changed one and Escape', () => {
    const { frame, element } = fakeFrame();
    const created = vi.fn<(n: number) => void>();
    const changed = vi.fn<(n: number) => void>();
    const escape = vi.fn<() => void>();
    watchHelpdeskFrame(element, null, { onCreated: created, onChanged: changed, onEscape: escape });
    const say = (data: unknown) => browser.window.dispatch('message', { data, origin: ORIGIN, source: frame.contentWindow });

    say({ ...mark, type: 'created', number: 100_234 });
    say({ ...mark, type: 'changed', number: 100_235 });
    say({ ...mark, type: 'escape' });
    expect(created).toHaveBeenCalledWith(100_234);
    expect(changed).toHaveBeenCalledWith(100_235);
    expect(escape).toHaveBeenCalledOnce();
  });

  it('asks the frame for its height now and after each page it loads, and stops listening when told', () => {
    const { element, posted, load, loads } = fakeFrame();
    const stop = watchHelpdeskFrame(element, HELPDESK);
    load();
    expect(posted).toEqual(Array(2).fill({ message: { ...mark, type: 'measure' }, targetOrigin: HELPDESK }));

    stop();
    expect(browser.window.listening('message')).toBe(0);
    expect(loads.size).toBe(0);
  });
});

describe('A helpdesk page in a frame', () => {
  const browser = useFakeBrowser('/helpdesk/tickets/100234', { framed: true });

  it('reports its content’s height to the page of its own origin, again when asked or when it changes', () => {
    let resized: () => void = () => undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe(): void {}
      },
    );
    let bottom = 640.2;
    const content = { getBoundingClientRect: () => ({ bottom }) } as unknown as HTMLElement;

    reportHeight(content);
    resized();
    bottom = 700;
    resized();
    browser.window.dispatch('message', { source: browser.window.parent, origin: ORIGIN, data: { ...mark, type: 'measure' } });
    browser.window.dispatch('message', { source: browser.window.parent, origin: 'https://evil.example', data: { ...mark, type: 'measure' } });

    // Unchanged heights are not reported again, unless the page asks.
    expect(browser.window.posted.map((p) => p.message)).toEqual([
      { ...mark, type: 'height', height: 641 },
      { ...mark, type: 'height', height: 700 },
      { ...mark, type: 'height', height: 700 },
    ]);
    expect(browser.window.posted.every((p) => p.targetOrigin === ORIGIN)).toBe(true);
  });
});

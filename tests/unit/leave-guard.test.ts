// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { guardLeaving, type LeaveGuard } from '../../src/lib/browser/leave-guard';

/**
 * The shared unsaved-changes guard (src/lib/browser/leave-guard.ts): links that would lose work are held
 * and handed to `ask`; closing the tab gets the browser's prompt; nothing is held once clean, or
 * once the user chose to leave.
 */
describe('leave guard', () => {
  let guard: LeaveGuard | null = null;
  afterEach(() => {
    guard?.dispose();
    guard = null;
    document.body.innerHTML = '';
  });

  function setUp(dirty: { value: boolean }) {
    const asked: string[] = [];
    const went: string[] = [];
    guard = guardLeaving({ isDirty: () => dirty.value, ask: (href) => asked.push(href), navigate: (href) => went.push(href) });
    return { asked, went };
  }

  function link(href: string, attrs: Record<string, string> = {}): HTMLAnchorElement {
    const a = document.createElement('a');
    a.href = href;
    a.innerHTML = '<span>Go</span>';
    for (const [name, value] of Object.entries(attrs)) a.setAttribute(name, value);
    document.body.append(a);
    return a;
  }

  function click(target: Element, init: MouseEventInit = {}): MouseEvent {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    target.dispatchEvent(event);
    return event;
  }

  function unload(): Event {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event;
  }

  it('holds a link inside the portal while there are changes, and asks with its address', () => {
    const { asked } = setUp({ value: true });
    const event = click(link('/website/posts?page=2').querySelector('span') as Element);
    expect(event.defaultPrevented).toBe(true);
    expect(asked).toEqual(['/website/posts?page=2']);
  });

  it('lets every link go when nothing is changed', () => {
    const { asked } = setUp({ value: false });
    expect(click(link('/website/posts')).defaultPrevented).toBe(false);
    expect(unload().defaultPrevented).toBe(false);
    expect(asked).toEqual([]);
  });

  it('lets go links that do not leave this tab: new tab, download, modifier keys, another site, a jump within the page', () => {
    const { asked } = setUp({ value: true });
    expect(click(link('/a', { target: '_blank' })).defaultPrevented).toBe(false);
    expect(click(link('/a', { download: '' })).defaultPrevented).toBe(false);
    expect(click(link('/a'), { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click(link('/a'), { button: 1 }).defaultPrevented).toBe(false);
    expect(click(link('https://elsewhere.example/')).defaultPrevented).toBe(false);
    expect(click(link('#main')).defaultPrevented).toBe(false);
    expect(asked).toEqual([]);
  });

  it("asks the browser to confirm closing or reloading the tab while there are changes", () => {
    setUp({ value: true });
    expect(unload().defaultPrevented).toBe(true);
  });

  it('asks nothing more once the user chose to leave', () => {
    const { asked, went } = setUp({ value: true });
    guard?.leave('/website/posts');
    expect(went).toEqual(['/website/posts']);
    expect(unload().defaultPrevented).toBe(false);
    expect(click(link('/home')).defaultPrevented).toBe(false);
    expect(asked).toEqual([]);
  });

  it('reads the state at the moment of leaving, and stops guarding when disposed', () => {
    const dirty = { value: false };
    const { asked } = setUp(dirty);
    dirty.value = true;
    expect(click(link('/home')).defaultPrevented).toBe(true);
    guard?.dispose();
    expect(click(link('/home')).defaultPrevented).toBe(false);
    expect(unload().defaultPrevented).toBe(false);
    expect(asked).toEqual(['/home']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { shellApi } from '../../../../lib/contract/shell-calls';
import { LOGIN_URL, toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { supportApi } from '../../../support';
import { loadDrawer, logout, STATUS_UNAVAILABLE } from './shell';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

describe('The shell', () => {
  const browser = useFakeBrowser('/website/posts');

  it('fills the drawer with the service status and the notifications', async () => {
    const item = { slug: 'galleries', title: 'Galleries have captions', text: '<p>Now.</p>' };
    browser.api
      .answer(supportApi.status, { website: { ok: true, text: 'Operational' }, app: { ok: false, text: 'Degraded' } })
      .answer(supportApi.changelog, { data: [item] });

    expect(await loadDrawer()).toEqual({
      status: { website: { ok: true, text: 'Operational' }, app: { ok: false, text: 'Degraded' } },
      changelog: [item],
    });
  });

  it('shows nothing alarming when the drawer’s calls fail (spec section 8): status unavailable, notifications to try again', async () => {
    browser.api.refuse(supportApi.status).dropConnection(supportApi.changelog);

    expect(await loadDrawer()).toEqual({ status: { website: STATUS_UNAVAILABLE, app: STATUS_UNAVAILABLE }, changelog: null });
    expect(toastTexts()).toEqual([]);
  });

  it('signs out and goes to the login address, even when the call fails', async () => {
    browser.api.answer(shellApi.logout, {});
    const navigate = vi.fn<(path: string) => void>();
    await logout(navigate);
    expect(browser.api.sentTo(shellApi.logout)).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith(LOGIN_URL);

    browser.api.dropConnection(shellApi.logout);
    await logout();
    expect(browser.window.assigned).toEqual([LOGIN_URL]);
    expect(toastTexts()).toEqual([]);
  });
});

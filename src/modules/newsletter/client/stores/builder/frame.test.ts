import { describe, expect, it, vi } from 'vitest';
import { useFakeBrowser } from '../../../../../ui/stores/test-support';
import { builderApi } from '../../../builder-calls';
import { blocksFromHtml, createFrameStore, frameBlocksOf } from './frame';

vi.mock('../../../../../lib/browser/toast', () => import('../../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

describe('the header and footer as blocks', () => {
  const browser = useFakeBrowser('/newsletter/send/builder');

  it('turns a frame of HTML into its picture and its text', () => {
    const blocks = blocksFromHtml('<table><tr><td><img src="https://example.org/logo.png" alt="Hill School"></td><td><h1 style="margin:0">Hill <b>School</b></h1><script>x()</script></td></tr></table>');
    expect(blocks.map((block) => block.type)).toEqual(['image', 'text']);
    expect(blocks[0]?.data).toEqual({ url: 'https://example.org/logo.png', alt: 'Hill School', href: '' });
    expect(blocks[1]?.data).toEqual({ html: '<h1>Hill <b>School</b></h1>' });
  });

  it('leaves out pictures from elsewhere than the web, and empty text', () => {
    expect(blocksFromHtml('<img src="data:image/png;base64,AAAA"><p> </p>')).toEqual([]);
  });

  it('edits the header and footer only: keyboard moves skip the newsletter’s body, adding a block saves nothing', async () => {
    const frame = { header: '', footer: '', blocks: null };
    const store = createFrameStore(frame, { header: blocksFromHtml('<p>Top</p>'), footer: [] });
    const [top] = frameBlocksOf(store.$build.get()).header;
    store.step(top!.id, 1);
    expect(frameBlocksOf(store.$build.get()).footer.map((block) => block.id)).toEqual([top!.id]);
    expect(store.$build.get()[1]).toEqual([]);
    await store.add('divider', { list: { region: 'header' }, index: 0 });
    expect(frameBlocksOf(store.$build.get()).header.map((block) => block.type)).toEqual(['divider']);
    expect(store.isDirty()).toBe(true);
    expect(browser.api.sentTo(builderApi.builderSave)).toEqual([]);
  });
});

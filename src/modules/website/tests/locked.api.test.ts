/**
 * Locked (spec section 4) is decided once, where content comes from: the WXR import locks content
 * holding a marker (a page builder, a table style, a form plugin), the editor's calls never do, so
 * that someone typing '[vc_row' or 'border-collapse:' into their own post is not locked out of it.
 * The lists and the editor screen read the stored flag.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pagesResponseSchema, postsResponseSchema, saveResponseSchema } from '../contract';
import type { SchoolContext } from '../../../platform/context';
import { findEditorItem } from '../server/embedded/content/service';
import { loadEditorScreen } from '../server/screens';
import { importWxr } from '../server/embedded/import/service';
import { bodyOf, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';
import { getWith, itemRows, postJson, schoolCtx } from '../../../../tests/factories/website-content';

const TYPED = ['<p>Our [vc_row] shortcode is a page builder thing.</p>', '<p>CSS tip: border-collapse: collapse;</p>', '<p>[gravityform id="1"]</p>'];

function wxr(items: Array<{ type: 'post' | 'page'; title: string; content: string }>): string {
  return (
    '<?xml version="1.0"?><rss xmlns:wp="https://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><wp:wxr_version>1.2</wp:wxr_version>' +
    items
      .map(
        (item, i) =>
          `<item><title>${item.title}</title><wp:post_id>${i + 1}</wp:post_id><wp:post_type>${item.type}</wp:post_type><wp:status>publish</wp:status>` +
          `<wp:post_name>${item.title.toLowerCase().replace(/\W+/g, '-')}</wp:post_name><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt>` +
          `<content:encoded><![CDATA[${item.content}]]></content:encoded></item>`,
      )
      .join('') +
    '</channel></rss>'
  );
}

/** The post editor's screen as its page loads it, over the embedded backend's read. */
const editorScreen = (at: SchoolContext, rawId: string) => loadEditorScreen({ editorItem: (kind, id) => findEditorItem(at, kind, id) }, 'post', rawId);

describe('Locked content', () => {
  const ctx = useTestContext();
  let school: TestSchool;
  let cookie = '';

  beforeAll(async () => {
    ({ school, cookie } = await signedInUser(ctx(), { website: true }));
  });

  async function lockedInList(kind: 'posts' | 'pages', title: string): Promise<boolean | undefined> {
    const res = await getWith(ctx().app, `/api/website/wordpress/${kind}?query=${encodeURIComponent(title)}`, cookie);
    const body = await bodyOf(res);
    const items = kind === 'posts' ? postsResponseSchema.parse(body).posts : pagesResponseSchema.parse(body).pages;
    return items.find((item) => item.post_title === title)?.locked;
  }

  it('never locks what the editor creates or updates, whatever is typed', async () => {
    for (const [i, content] of TYPED.entries()) {
      const title = `Typed post ${i}`;
      const created = saveResponseSchema.parse(
        await bodyOf(await postJson(ctx().app, '/api/website/posts/create', { title, content, category: {}, parent: null }, cookie)),
      );
      expect(await lockedInList('posts', title)).toBe(false);
      const screen = await editorScreen(schoolCtx(ctx(), school), String(created.id));
      expect(screen.item?.locked).toBe(false);
      // ... and an update with a marker leaves it editable.
      const res = await postJson(ctx().app, '/api/website/posts/update', { id: created.id, title, content: `${content}<p>[vc_row]</p>`, category: {}, parent: null }, cookie);
      expect(res.status).toBe(200);
      expect(await lockedInList('posts', title)).toBe(false);

      const pageTitle = `Typed page ${i}`;
      await postJson(ctx().app, '/api/website/pages/create', { title: pageTitle, content, category: {}, parent: null }, cookie);
      expect(await lockedInList('pages', pageTitle)).toBe(false);
    }
  });

  it('locks imported content with a marker, keeps it Locked, and leaves the rest of the import editable', async () => {
    await importWxr(
      schoolCtx(ctx(), school),
      wxr([
        { type: 'post', title: 'Imported builder post', content: '[vc_row][vc_column]Built elsewhere[/vc_column][/vc_row]' },
        { type: 'page', title: 'Imported table page', content: '<table style="border-collapse: collapse"><tr><td>x</td></tr></table>' },
        { type: 'post', title: 'Imported plain post', content: 'Just text.' },
      ]),
    );
    expect(await lockedInList('posts', 'Imported builder post')).toBe(true);
    expect(await lockedInList('pages', 'Imported table page')).toBe(true);
    expect(await lockedInList('posts', 'Imported plain post')).toBe(false);
    const rows = await itemRows(ctx(), school.id, 'post');
    const builder = rows.find((row) => row.title === 'Imported builder post');
    expect(Number(builder?.locked)).toBe(1);
    const screen = await editorScreen(schoolCtx(ctx(), school), String(builder?.id));
    expect(screen.item?.locked).toBe(true);
    // Toggling visibility does not unlock it.
    await postJson(ctx().app, '/api/website/posts/toggle', { id: builder?.id, isPublic: false }, cookie);
    expect(await lockedInList('posts', 'Imported builder post')).toBe(true);
  });
});

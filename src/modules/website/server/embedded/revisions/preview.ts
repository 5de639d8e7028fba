import type { MenuItem } from '../../../contract';
import { PREVIEW_LINK_SECONDS, type PreviewRequest } from '../../../revisions-contract';
import type { Db } from '../../../../../platform/db';
import { inTransaction, schoolContext, type RequestContext } from '../../../../../platform/context';
import { Refusal } from '../../../../../platform/errors';
import * as content from '../content/repository';
import { getMenu } from '../content/service';
import { findPublicSite, renderSiteContent, type PublicSite } from '../site/service';
import * as repo from './repository';
import { previewPath, signPreviewToken, verifyPreviewToken } from './preview-links';
import { storedContent } from '../content/stored-content';

/**
 * Preview: the editor's content as the school's public site would show it, before it is saved or
 * published (a hidden post, a page held for review, a new item). The content is kept server-side
 * for PREVIEW_LINK_SECONDS and shown at a signed link (./preview-links.ts) that anyone holding
 * it can open, like WordPress's preview link; a link that ran out, was altered or names another
 * school shows the site's 410 or 404 page instead, never the content.
 */

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const isoDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** POST /preview: keeps the content and answers its link (on the sites origin when there is one). */
export async function createPreview(ctx: RequestContext, input: PreviewRequest, sitesOrigin: string | undefined): Promise<{ url: string; expires_at: string }> {
  const html = await storedContent(input.content);
  const expiresAt = ctx.now + PREVIEW_LINK_SECONDS;
  const id = await inTransaction(ctx, async (trx) => {
    if (input.id !== null && !(await content.findItem(trx.db, trx.domain.id, input.kind, input.id))) {
      throw new Refusal(404, 'not_found', input.kind === 'post' ? 'That post does not exist.' : 'That page does not exist.');
    }
    const ids = Object.keys(input.category).map(Number);
    const names = input.kind === 'post' ? (await repo.categoryNamesOf(trx.db, trx.domain.id, ids)).map((c) => c.name).sort(collator.compare) : [];
    await repo.deleteExpiredPreviews(trx.db, trx.domain.id, trx.user.id, trx.now);
    return repo.insertPreview(trx.db, trx.domain.id, {
      user_id: trx.user.id,
      kind: input.kind,
      post_id: input.id,
      title: input.title,
      content: html,
      categories: input.kind === 'post' ? names.join(', ') : null,
      created_at: trx.now,
      expires_at: expiresAt,
    });
  });
  const token = await signPreviewToken(ctx.db, ctx.domain.id, id, expiresAt);
  return { url: `${sitesOrigin ?? ''}${previewPath(ctx.domain.label, token)}`, expires_at: isoDate(expiresAt) };
}

export type PreviewScreen =
  | {
      status: 200;
      site: PublicSite;
      kind: 'post' | 'page';
      title: string;
      /** Posts: the date the site shows (the post's, or now for a new one), and its categories. */
      date: number;
      categories: string[];
      html: string;
      menu: MenuItem[];
      /** Unix seconds. */
      expiresAt: number;
    }
  /** 404: no such school, a forged or altered link, or another school's; 410: the link ran out. */
  | { status: 404 | 410; site: PublicSite | null };

/** The preview page (/sites/<label>/preview/<token>) for the site of `label`. */
export async function loadPreviewScreen(db: Db, label: string, token: string, now: number): Promise<PreviewScreen> {
  const site = await findPublicSite(db, label);
  if (!site) return { status: 404, site: null };
  const signed = await verifyPreviewToken(db, site.id, token);
  if (!signed) return { status: 404, site };
  if (signed.expiresAt <= now) return { status: 410, site };
  const row = await repo.findPreview(db, site.id, signed.previewId);
  if (!row || row.expires_at !== signed.expiresAt) return { status: 404, site };
  const ctx = schoolContext(db, site, now);
  const item = row.post_id === null ? undefined : await content.findItem(db, site.id, row.kind, row.post_id);
  const [menu, html] = await Promise.all([getMenu(ctx), renderSiteContent(ctx, row.content)]);
  return {
    status: 200,
    site,
    kind: row.kind,
    title: row.title,
    date: item?.created_at ?? row.created_at,
    categories: row.categories ? row.categories.split(', ') : [],
    html,
    menu,
    expiresAt: row.expires_at,
  };
}

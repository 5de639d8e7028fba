import type { AutosaveQuery, AutosaveRequest, Autosave, RevisionSummary } from '../../../revisions-contract';
import { MAX_REVISIONS } from '../../../revisions-contract';
import { formatDayMonthYearTime } from '../../../../../lib/dates';
import type { RequestContext, SchoolContext } from '../../../../../platform/context';
import { Refusal } from '../../../../../platform/errors';
import { storedContent } from '../content/stored-content';
import * as content from '../content/repository';
import * as repo from './repository';
import type { ItemKind } from './repository';

/**
 * The editor's safety nets (issue 9, "Never lose work"): every save of a post or page keeps a
 * revision (the last MAX_REVISIONS), and each user's editor keeps one autosaved draft per item
 * (per kind for an item not created yet) that a save removes. Revisions are the item's, seen by
 * every user of the school; autosaves are the user's own. Everything is the school's: another
 * school's ids answer 404 as unknown ones do.
 */

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const isoDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** When, for the editor: ISO (UTC) and dd/mm/yy hh:mm on the school's clock. */
export function savedTimes(unixSeconds: number, timeZone: string): { saved_at: string; saved_label: string } {
  return { saved_at: isoDate(unixSeconds), saved_label: formatDayMonthYearTime(new Date(unixSeconds * 1000), timeZone) };
}

/** Who acts: the signed-in user of a request; null for work without one (an import, the seed, a command). */
function actingUserId(ctx: SchoolContext): number | null {
  return (ctx as Partial<RequestContext>).user?.id ?? null;
}

const missing = (kind: ItemKind) => new Refusal(404, 'not_found', kind === 'post' ? 'That post does not exist.' : 'That page does not exist.');

async function requireItem(ctx: SchoolContext, kind: ItemKind, id: number) {
  const row = await content.findItem(ctx.db, ctx.domain.id, kind, id);
  if (!row) throw missing(kind);
  return row;
}

// Revisions

export interface SavedItem {
  kind: ItemKind;
  id: number;
  /** Whether the save created the item (the user's autosave of a new item goes too). */
  created: boolean;
  title: string;
  /** As stored. */
  content: string;
  /** Posts: the ids of its categories after the save. */
  categoryIds?: number[];
  /** Pages: its parent after the save. */
  parentId?: number | null;
  /** An update: the item before it, kept first when it has no revision yet (imported or seeded content), so it can be restored. */
  previous?: { title: string; content: string; parent_id: number | null; modified_at: number };
}

/**
 * What a successful save of a post or page also does, in its transaction: keeps a revision of
 * what was saved (removing those beyond MAX_REVISIONS) and removes the saving user's autosave of
 * the item, which the save has made old.
 */
export async function keepRevision(ctx: SchoolContext, saved: SavedItem): Promise<void> {
  const userId = actingUserId(ctx);
  const { previous } = saved;
  if (previous && !(await repo.hasRevisions(ctx.db, ctx.domain.id, saved.id))) {
    // Its categories then are not known any more (the save has replaced them).
    await repo.insertRevision(ctx.db, ctx.domain.id, {
      post_id: saved.id,
      user_id: null,
      title: previous.title,
      content: previous.content,
      categories: null,
      parent_id: saved.kind === 'page' ? previous.parent_id : null,
      saved_at: previous.modified_at,
    });
  }
  let categories: string | null = null;
  if (saved.kind === 'post') {
    const names = (await repo.categoryNamesOf(ctx.db, ctx.domain.id, saved.categoryIds ?? [])).map((c) => c.name);
    categories = names.sort(collator.compare).join(', ');
  }
  await repo.insertRevision(ctx.db, ctx.domain.id, {
    post_id: saved.id,
    user_id: userId,
    title: saved.title,
    content: saved.content,
    categories,
    parent_id: saved.kind === 'page' ? (saved.parentId ?? null) : null,
    saved_at: ctx.now,
  });
  await repo.trimRevisions(ctx.db, ctx.domain.id, saved.id, MAX_REVISIONS);
  if (userId === null) return;
  await repo.deleteAutosave(ctx.db, ctx.domain.id, { userId, kind: saved.kind, postId: saved.id });
  if (saved.created) await repo.deleteAutosave(ctx.db, ctx.domain.id, { userId, kind: saved.kind, postId: null });
}

/** GET /wordpress/{posts|pages}/{id}/revisions: newest first. */
export async function listRevisions(ctx: SchoolContext, kind: ItemKind, id: number, timeZone: string): Promise<RevisionSummary[]> {
  await requireItem(ctx, kind, id);
  const rows = await repo.listRevisions(ctx.db, ctx.domain.id, id, MAX_REVISIONS);
  return rows.map((row) => ({ id: row.id, title: row.title, author: row.author, ...savedTimes(row.saved_at, timeZone) }));
}

/** GET /revisions/{id}: one revision, with its content, for the editor to load. */
export async function getRevision(ctx: SchoolContext, id: number, timeZone: string) {
  const row = await repo.findRevision(ctx.db, ctx.domain.id, id);
  if (!row) throw new Refusal(404, 'not_found', 'That revision does not exist.');
  return {
    id: row.id,
    kind: row.kind,
    post_id: row.post_id,
    title: row.title,
    content: row.content,
    categories: row.categories,
    author: row.author,
    ...savedTimes(row.saved_at, timeZone),
  };
}

// Autosaves

/** POST /autosave: the user's draft copy of the item; the item itself and its revisions stay as they are. */
export async function saveAutosave(ctx: RequestContext, input: AutosaveRequest, timeZone: string): Promise<{ saved_at: string; saved_label: string }> {
  const draft = await storedContent(input.content);
  if (input.id !== null) await requireItem(ctx, input.kind, input.id);
  await repo.upsertAutosave(
    ctx.db,
    ctx.domain.id,
    { userId: ctx.user.id, kind: input.kind, postId: input.id },
    { title: input.title, content: draft, saved_at: ctx.now },
  );
  return savedTimes(ctx.now, timeZone);
}

/**
 * GET /autosave: the user's autosave of the item worth offering: newer than the item's last save
 * and different from it (of a new item: not empty). Null otherwise.
 */
export async function findAutosave(ctx: RequestContext, query: AutosaveQuery, timeZone: string): Promise<Autosave | null> {
  const postId = query.id ?? null;
  const item = postId === null ? null : await requireItem(ctx, query.kind, postId);
  const row = await repo.findAutosave(ctx.db, ctx.domain.id, { userId: ctx.user.id, kind: query.kind, postId });
  if (!row) return null;
  if (item && (row.saved_at < item.modified_at || (row.title === item.title && row.content === item.content))) return null;
  if (!item && row.title.trim() === '' && row.content.trim() === '') return null;
  return { title: row.title, content: row.content, ...savedTimes(row.saved_at, timeZone) };
}

/** POST /autosave/discard: the user's autosave of the item goes (Discard). */
export async function discardAutosave(ctx: RequestContext, input: { kind: ItemKind; id: number | null }): Promise<void> {
  if (input.id !== null) await requireItem(ctx, input.kind, input.id);
  await repo.deleteAutosave(ctx.db, ctx.domain.id, { userId: ctx.user.id, kind: input.kind, postId: input.id });
}

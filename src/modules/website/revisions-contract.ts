/**
 * The post/page editor's safety nets (beyond the spec, issue 9 "Never lose work"): the revisions
 * each save keeps, the autosaved draft, and signed preview links. The call table joins these in
 * `websiteCalls` (./website.ts), so this file must not import ./website.ts (a cycle).
 */
import { z } from 'zod';
import { successSchema } from '../../lib/contract/envelope';
import { HTML_LIMIT_MESSAGES, MAX_HTML_LENGTH } from '../../lib/contract/html-limits';
import { MAX_ITEM_TITLE_LENGTH } from './rules';

/** Revisions kept per post or page: a save beyond them removes the oldest. */
export const MAX_REVISIONS = 25;
/** How long a preview link works. */
export const PREVIEW_LINK_SECONDS = 30 * 60;

const itemId = z.coerce.number({ error: 'id must be a number.' }).int('id must be a whole number.').positive('id must be positive.');
export const editorKindSchema = z.enum(['post', 'page'], { error: "kind must be 'post' or 'page'." });

/** One revision in the editor's list: when (ISO 8601, UTC; and as the school's clock reads it) and who. */
export const revisionSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  saved_at: z.string(),
  /** dd/mm/yy hh:mm in the school's time zone (PORTAL_TIMEZONE). */
  saved_label: z.string(),
  /** The saving user's name; null when no one signed in saved it (an import) or the user is gone. */
  author: z.string().nullable(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

/** GET /api/website/wordpress/{posts|pages}/{id}/revisions: newest first, at most MAX_REVISIONS. */
export const revisionsResponseSchema = successSchema({ revisions: z.array(revisionSummarySchema) });

/** GET /api/website/revisions/{id}: one revision with what restoring it puts back in the editor. */
export const revisionResponseSchema = successSchema({
  revision: revisionSummarySchema.extend({
    kind: editorKindSchema,
    post_id: z.number().int(),
    content: z.string(),
    /** Posts: the category names then, ', ' between them. */
    categories: z.string().nullable(),
  }),
});

const title = z.string().max(MAX_ITEM_TITLE_LENGTH, `The title can be at most ${MAX_ITEM_TITLE_LENGTH} characters.`);
const content = z.string().max(MAX_HTML_LENGTH, HTML_LIMIT_MESSAGES.length);
/** The item an autosave or preview is of: its id, or null for one not created yet. */
const itemRef = { kind: editorKindSchema, id: itemId.nullable() };

/** POST /api/website/autosave: the editor's draft copy (not a revision; the item itself is untouched). */
export const autosaveRequestSchema = z.object({ ...itemRef, title, content });
export type AutosaveRequest = z.infer<typeof autosaveRequestSchema>;
export const autosaveResponseSchema = successSchema({ saved_at: z.string(), saved_label: z.string() });

/** GET /api/website/autosave?kind=&id=: the user's autosave of that item (no id: of a new one). */
export const autosaveQuerySchema = z.object({ kind: editorKindSchema, id: itemId.optional() });
export type AutosaveQuery = z.infer<typeof autosaveQuerySchema>;

export const autosaveSchema = z.object({ title: z.string(), content: z.string(), saved_at: z.string(), saved_label: z.string() });
export type Autosave = z.infer<typeof autosaveSchema>;
/** Null when there is none, or none newer than the saved item that differs from it. */
export const autosaveResponseGetSchema = successSchema({ autosave: autosaveSchema.nullable() });

/** POST /api/website/autosave/discard */
export const discardAutosaveRequestSchema = z.object(itemRef);

/** POST /api/website/preview: the editor's content now, shown by the public site at the answered address. */
export const previewRequestSchema = z.object({
  ...itemRef,
  title,
  content,
  /** Posts: map of category id to name, as a save sends it. */
  category: z.record(z.string().regex(/^\d+$/, 'category keys are category ids.'), z.string()).optional().default({}),
});
export type PreviewRequest = z.output<typeof previewRequestSchema>;
export const previewResponseSchema = successSchema({ url: z.string(), expires_at: z.string() });

/** The largest JSON body an autosave or preview at the limits can take (as a save's). */
export const DRAFT_REQUEST_MAX_BYTES = (MAX_HTML_LENGTH + MAX_ITEM_TITLE_LENGTH) * 6 + 64 * 1024;

/** A path's `{id}`. */
export const revisionParamsSchema = z.object({ id: itemId });

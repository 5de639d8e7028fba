import { randomUUID } from 'node:crypto';
import type { RequestContext, SchoolContext } from '../../../../../platform/context';
import { Refusal } from '../../../../../platform/errors';
import { findSchoolByLabel } from '../../../../account/server';
import {
  buildSchema,
  defaultSettings,
  NEW_BUILD_NAME,
  frameBlocksSchema,
  type Build,
  type Frame,
  type FrameBlocks,
  type ProviderTemplateKey,
  type SaveFrameRequest,
  type StoredBuild,
  type Template,
} from '../../../builder-contract';
import { sanitizeFrame } from './render/sanitize-frame';
import * as repo from './repository';
import { runTask } from '../../../../../platform/work/pool';
import { cleanBuildTask, cleanFrame, renderEmailTask } from './tasks';
import { providerBuild } from './templates';
import type { RenderedEmail } from './render';

/**
 * The builder's documents: a school's builds (the spec's templates), the one last saved opening
 * first, and the header and footer that frame each email. Every read checks the stored JSON
 * against the contract's schema, so a render never meets a shape it does not know.
 */

const NOT_FOUND = 'This newsletter does not exist.';

/** What a new build starts with: a heading and a paragraph to write over. */
export function starterBuild(): Build {
  return [
    [],
    [
      {
        id: randomUUID(),
        type: 'text',
        data: { html: '<h2>Newsletter title</h2><p>Write your news here, then drag more blocks in from the left.</p>' },
        settings: defaultSettings('text'),
      },
    ],
    [],
  ];
}

function documentOf(json: string): Build {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = null;
  }
  const parsed = buildSchema.safeParse(value);
  // Only a hand-edited row can fail; staff then get an empty document rather than an error page.
  return parsed.success ? parsed.data : [[], [], []];
}

function toStored(row: repo.BuildRow): StoredBuild {
  return { id: row.id, name: row.name, build: documentOf(row.build), updated_at: row.updated_at };
}

/** Spec `load`: the build last saved (a new one named 'New Newsletter' for a school that has none) and the templates. */
export async function loadBuilder(ctx: RequestContext): Promise<{ build: StoredBuild; templates: Template[] }> {
  let row = await repo.latestBuild(ctx.db, ctx.domain.id);
  if (!row) {
    const id = await repo.insertBuild(ctx.db, ctx.domain.id, { name: NEW_BUILD_NAME, json: JSON.stringify(starterBuild()), userId: ctx.user.id, now: ctx.now });
    row = await repo.findBuild(ctx.db, ctx.domain.id, id);
  }
  if (!row) throw new Error('The new build was not stored.');
  return { build: toStored(row), templates: await repo.listTemplates(ctx.db, ctx.domain.id) };
}

/** Spec `load/{templateId}`; another school's id is a 404 like a missing one. */
export async function loadBuild(ctx: SchoolContext, id: number): Promise<StoredBuild> {
  const row = await repo.findBuild(ctx.db, ctx.domain.id, id);
  if (!row) throw new Refusal(404, 'not-found', NOT_FOUND);
  return toStored(row);
}

/** Spec `new {name}`: a new build with the starter document, or a copy of a provider template's (the school's own from then on). */
export async function newBuild(ctx: RequestContext, name: string, provider?: ProviderTemplateKey): Promise<StoredBuild> {
  const document = provider ? providerBuild(provider) : starterBuild();
  const id = await repo.insertBuild(ctx.db, ctx.domain.id, { name, json: JSON.stringify(document), userId: ctx.user.id, now: ctx.now });
  return loadBuild(ctx, id);
}

/** Spec `save {build, id}`: the document replaces the stored one. */
export async function saveBuild(ctx: RequestContext, id: number, build: Build): Promise<{ id: number; updated_at: number }> {
  const cleaned = await runTask(cleanBuildTask, build);
  const saved = await repo.updateBuild(ctx.db, ctx.domain.id, id, { json: JSON.stringify(cleaned), userId: ctx.user.id, now: ctx.now });
  if (!saved) throw new Refusal(404, 'not-found', NOT_FOUND);
  return { id, updated_at: ctx.now };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A school's first header and footer, built with blocks: a place for its logo (an image block
 * shows nothing until it has a picture), its name as the title, and its name again, small, at the end.
 */
export function starterFrame(schoolName: string): FrameBlocks {
  const name = escapeHtml(schoolName);
  const padding = (top: number, bottom: number) => ({ top, right: 25, bottom, left: 25 });
  return {
    header: [
      { id: 'logo', type: 'image', data: { url: '', alt: `${schoolName} logo`, href: '' }, settings: { ...defaultSettings('image'), width: 30, padding: padding(20, 0) } },
      { id: 'title', type: 'text', data: { html: `<h1 style="text-align: center;">${name}</h1>` }, settings: { ...defaultSettings('text'), padding: padding(10, 10) } },
    ],
    footer: [
      { id: 'rule', type: 'divider', data: {}, settings: defaultSettings('divider') },
      {
        id: 'address',
        type: 'text',
        data: { html: `<p style="text-align: center; font-size: 12px; color: #4a5665;">${name}</p>` },
        settings: { ...defaultSettings('text'), padding: padding(10, 20) },
      },
    ],
  };
}

function blocksOf(json: string | null): FrameBlocks | null {
  if (json === null) return null;
  try {
    const parsed = frameBlocksSchema.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // Only a hand-edited row can fail: the frame's HTML (what it last rendered to) still stands.
  }
  return null;
}

/**
 * Spec `template`: the school's header and footer HTML, and their blocks unless the school wrote
 * HTML. Until it edits them: the starter blocks with its name.
 */
export async function builderFrame(ctx: SchoolContext): Promise<Frame> {
  const stored = await repo.findFrame(ctx.db, ctx.domain.id);
  if (stored) return { header: stored.header, footer: stored.footer, blocks: blocksOf(stored.blocks) };
  const school = await findSchoolByLabel(ctx.db, ctx.domain.label);
  return cleanFrame(starterFrame(school?.name ?? ctx.domain.label));
}

/**
 * The school edits its header and footer: HTML kept sanitised as every render would cut it (the
 * frame is then HTML: no blocks), or blocks kept with the HTML they render to. The answer is
 * what is kept, so the canvas shows what is sent.
 */
export async function saveBuilderFrame(ctx: SchoolContext, frame: SaveFrameRequest): Promise<Frame> {
  const kept: Frame = frame.blocks ? cleanFrame(frame.blocks) : { header: sanitizeFrame(frame.header), footer: sanitizeFrame(frame.footer), blocks: null };
  await repo.saveFrame(ctx.db, ctx.domain.id, { header: kept.header, footer: kept.footer, blocks: kept.blocks ? JSON.stringify(kept.blocks) : null, now: ctx.now });
  return kept;
}

/** The email a build makes, framed by the school's header and footer, rendered on the work pool. */
export async function renderBuild(ctx: SchoolContext, build: Build): Promise<RenderedEmail> {
  return runTask(renderEmailTask, { build, frame: await builderFrame(ctx) });
}

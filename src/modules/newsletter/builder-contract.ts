import { z } from 'zod';
import { emptyResponseSchema, successSchema } from '../../lib/contract/envelope';
import { defineCalls } from '../../lib/contract/calls';
import { idSchema } from '../../lib/contract/params';
import { categoryMapField, headerText, replyToField, testAddressesField } from './contract';
import { MAX_FROM_NAME_LENGTH, MAX_SUBJECT_LENGTH } from './rules';
import { NEWSLETTER_BUILDER_ENDPOINTS } from './endpoints';
import {
  COLUMN_IN_COLUMN,
  COLUMN_SIZES,
  IMAGE_FITS,
  MAX_ALT_LENGTH,
  BUILD_TOO_LARGE,
  MAX_BLOCKS,
  MAX_BUILD_NAME_LENGTH,
  MAX_BUILD_TEXT_LENGTH,
  MAX_FRAME_BLOCKS,
  MAX_FRAME_HTML_LENGTH,
  MAX_TEXT_HTML_LENGTH,
  MAX_URL_LENGTH,
  PROVIDER_TEMPLATE_KEYS,
  SUBJECT_REQUIRED,
  defaultSettings,
  type Build,
  type BlockSettings,
  type FrameBlocks,
} from './builder-rules';

export * from './builder-rules';

/**
 * The newsletter builder's calls (spec section 7, `send/builder*`) and its document, one schema
 * per block type. The types are written once, in ./newsletter-builder-rules.ts (the island's);
 * the checks at the end of this file keep these schemas and those types the same.
 */

const pixels = (max: number) => z.number({ error: `must be a number of pixels up to ${max}.` }).int('must be a whole number.').min(0, 'cannot be negative.').max(max, `can be at most ${max}.`);
const colour = z.string().regex(/^(#[0-9a-fA-F]{6})?$/, 'must be a colour like #1a5ba6, or empty.');
const url = z
  .string()
  .max(MAX_URL_LENGTH, `An address can be at most ${MAX_URL_LENGTH} characters.`)
  .refine((value) => value === '' || /^(https?:\/\/|\/)/i.test(value), 'An address must start with https://, http:// or /.');

const base = defaultSettings('text');
/** Settings missing from a stored or sent block take the defaults: older builds keep loading. */
export const blockSettingsSchema = z.object({
  padding: z
    .object({ top: pixels(200), right: pixels(200), bottom: pixels(200), left: pixels(200) })
    .default(base.padding),
  margin: pixels(200).default(base.margin),
  border: pixels(20).default(base.border),
  borderColor: colour.default(base.borderColor),
  borderColumn: pixels(20).default(base.borderColumn),
  borderCenter: pixels(20).default(base.borderCenter),
  backgroundColor: colour.default(base.backgroundColor),
  borderRadius: pixels(100).default(base.borderRadius),
  width: z.number().int().min(5, 'A width is at least 5%.').max(100, 'A width is at most 100%.').default(base.width),
  height: pixels(2000).default(base.height),
  imageFit: z.enum(IMAGE_FITS).default(base.imageFit),
  showDivider: z.union([z.literal(0), z.literal(1)]).default(base.showDivider),
  columnSize: z.enum(COLUMN_SIZES).default(base.columnSize),
});

/**
 * A block's id, unique within its build (the builder's canvas keys and undo name blocks by it).
 * Optional on the way in: the spec's blocks are type, data and settings only, and older builds and
 * other clients send none; `buildSchema` gives each such block one (see `withBlockIds`).
 */
const blockId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'A block id is letters, digits, - and _.');
const blockOf = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({ id: blockId.optional(), type: z.literal(type), data, settings: blockSettingsSchema.prefault({}) });

const textBlock = blockOf('text', z.object({ html: z.string().max(MAX_TEXT_HTML_LENGTH, `A text block can hold at most ${MAX_TEXT_HTML_LENGTH} characters.`) }));
const imageBlock = blockOf(
  'image',
  z.object({ url, alt: z.string().max(MAX_ALT_LENGTH, `Alt text can be at most ${MAX_ALT_LENGTH} characters.`).default(''), href: url.default('') }),
);
const emptyData = z.object({}).strict().default({});
const dividerBlock = blockOf('divider', emptyData);
const spacerBlock = blockOf('spacer', emptyData);
const attachmentBlock = blockOf('attachment', z.object({ url, text: z.string().max(300, 'An attachment’s text can be at most 300 characters.') }));

/** A columns block inside a column: refused with the spec's text (section 5), whatever else it holds. */
const columnInColumn = z
  .object({ type: z.literal('columns') })
  .loose()
  .superRefine((_, ctx) => ctx.addIssue({ code: 'custom', message: COLUMN_IN_COLUMN }))
  .transform((): never => z.NEVER);

const cellEntrySchema = z.discriminatedUnion('type', [textBlock, imageBlock, dividerBlock, spacerBlock, attachmentBlock, columnInColumn]);
const columnsBlock = blockOf('columns', z.object({ elements: z.tuple([z.array(cellEntrySchema), z.array(cellEntrySchema)]) }));

export const blockSchema = z.discriminatedUnion('type', [textBlock, imageBlock, dividerBlock, spacerBlock, attachmentBlock, columnsBlock]);

type LooseBlock = { id?: string | undefined; type: string; data: unknown };

/** Every block of a build, those inside columns included. */
function* blocksOf(build: ReadonlyArray<ReadonlyArray<LooseBlock>>): Generator<LooseBlock> {
  for (const list of build) {
    for (const block of list) {
      yield block;
      if (block.type === 'columns') for (const cell of (block.data as { elements: LooseBlock[][] }).elements) yield* cell;
    }
  }
}

function countBlocks(build: ReadonlyArray<ReadonlyArray<LooseBlock>>): number {
  let n = 0;
  for (const _ of blocksOf(build)) n += 1;
  return n;
}

/** The characters of every text block of a build. */
function textLength(build: ReadonlyArray<ReadonlyArray<LooseBlock>>): number {
  let n = 0;
  for (const block of blocksOf(build)) if (block.type === 'text') n += (block.data as { html: string }).html.length;
  return n;
}

/**
 * The build with an id on every block: a block without one gets `b-<list>-<index>` by its place
 * (in a cell, `b-<list>-<index>-<cell>-<index>`), with `-2`, `-3`... when the build already has
 * that id. Ids the build brings are kept; the same build always gets the same ids.
 */
function withBlockIds<B extends ReadonlyArray<ReadonlyArray<LooseBlock>>>(build: B): WithIds<B> {
  const taken = new Set<string>();
  for (const block of blocksOf(build)) if (block.id !== undefined) taken.add(block.id);
  const name = (block: LooseBlock, place: string): void => {
    if (block.id !== undefined) return;
    let id = `b-${place}`;
    for (let n = 2; taken.has(id); n += 1) id = `b-${place}-${n}`;
    taken.add(id);
    block.id = id;
  };
  build.forEach((list, at) =>
    list.forEach((block, index) => {
      name(block, `${at}-${index}`);
      if (block.type !== 'columns') return;
      (block.data as { elements: LooseBlock[][] }).elements.forEach((cell, side) => cell.forEach((inner, i) => name(inner, `${at}-${index}-${side}-${i}`)));
    }),
  );
  return build as unknown as WithIds<B>;
}

/** A parsed build's type with every block's id (cells' too) present. */
type WithId<B> = B extends { data: { elements: [Array<infer L>, Array<infer R>] } }
  ? Omit<B, 'id' | 'data'> & { id: string; data: Omit<B['data'], 'elements'> & { elements: [WithId<L>[], WithId<R>[]] } }
  : Omit<B, 'id'> & { id: string };
type WithIds<B> = { -readonly [K in keyof B]: B[K] extends ReadonlyArray<infer Block> ? Array<Block extends unknown ? WithId<Block> : never> : B[K] };

/** Spec section 3: three lists of blocks, the header, body and footer of the email (see the rules file). */
export const buildSchema = z
  .tuple([z.array(blockSchema), z.array(blockSchema), z.array(blockSchema)], { error: 'A build is three lists of blocks.' })
  .refine((build) => countBlocks(build) <= MAX_BLOCKS, `A newsletter can hold at most ${MAX_BLOCKS} blocks.`)
  .transform(withBlockIds);

/**
 * A build a call brings to be saved, previewed, sent or published: within the total text limit
 * too. Stored builds are read with `buildSchema` alone, so one saved before the limit still opens.
 */
const incomingBuildSchema = buildSchema.refine((build) => textLength(build) <= MAX_BUILD_TEXT_LENGTH, BUILD_TOO_LARGE);

/** A build as JSON text, in a multipart form (send, publish). */
const buildField = z
  .string({ error: 'build is required.' })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'build must be JSON.' });
      return z.NEVER;
    }
  })
  .pipe(incomingBuildSchema);

const buildName = z
  .string({ error: 'A name is required.' })
  .trim()
  .min(1, 'A name is required.')
  .max(MAX_BUILD_NAME_LENGTH, `A name can be at most ${MAX_BUILD_NAME_LENGTH} characters.`);

/** Spec section 3: a template (a saved build) as the list shows it. */
export const templateSchema = z.object({ id: z.number().int(), name: z.string() });
export type Template = z.infer<typeof templateSchema>;

/** A stored build: its template id and name, the document, when it was last saved (unix seconds). */
export const storedBuildSchema = z.object({ id: z.number().int(), name: z.string(), build: buildSchema, updated_at: z.number().int() });
export type StoredBuild = z.infer<typeof storedBuildSchema>;

/**
 * The school's header and footer as blocks (builder-rules.ts `FrameBlocks`): a build's blocks, ids
 * given as a build's are, within MAX_FRAME_BLOCKS and, per list, the frame's HTML length of text.
 */
export const frameBlocksSchema = z
  .object({ header: z.array(blockSchema), footer: z.array(blockSchema) }, { error: 'blocks is a header and a footer list of blocks.' })
  .refine(({ header, footer }) => countBlocks([header, footer]) <= MAX_FRAME_BLOCKS, `The header and footer can hold at most ${MAX_FRAME_BLOCKS} blocks.`)
  .refine(
    ({ header, footer }) => textLength([header]) <= MAX_FRAME_HTML_LENGTH && textLength([footer]) <= MAX_FRAME_HTML_LENGTH,
    `The header or footer can hold at most ${MAX_FRAME_HTML_LENGTH} characters of text.`,
  )
  .transform(({ header, footer }) => {
    const [withIds] = [withBlockIds([header, footer] as const)];
    return { header: withIds[0], footer: withIds[1] };
  });

/**
 * GET …/builder/template: the school's header and footer HTML that frame every build (the spec's
 * strings) and, beyond the spec, their blocks when they are built with blocks (null: HTML).
 */
export const frameResponseSchema = successSchema({ header: z.string(), footer: z.string(), blocks: frameBlocksSchema.nullable() });

const frameHtml = (part: 'header' | 'footer', label: string) =>
  z.string({ error: `${part} is required.` }).max(MAX_FRAME_HTML_LENGTH, `The ${label} can be at most ${MAX_FRAME_HTML_LENGTH} characters.`);

/**
 * POST …/builder/template (beyond the spec: 'editable by the school'), the answer what is kept:
 * - {header, footer}: HTML, saved sanitised (the frame is then HTML: the advanced mode);
 * - {blocks: {header, footer}}: blocks, saved with the HTML they render to (header and footer, if
 *   sent too, are not read).
 */
export const saveFrameRequestSchema = z
  .object({ header: frameHtml('header', 'header').optional(), footer: frameHtml('footer', 'footer').optional(), blocks: frameBlocksSchema.nullable().optional() })
  .superRefine((frame, ctx) => {
    if (frame.blocks) return;
    for (const part of ['header', 'footer'] as const) if (frame[part] === undefined) ctx.addIssue({ code: 'custom', path: [part], message: `${part} is required.` });
  })
  .transform((frame): { blocks: FrameBlocks } | { blocks: null; header: string; footer: string } =>
    frame.blocks ? { blocks: frame.blocks } : { blocks: null, header: frame.header ?? '', footer: frame.footer ?? '' },
  );
export type SaveFrameRequest = z.output<typeof saveFrameRequestSchema>;

/** GET …/builder/load: the build staff last worked on, and the school's templates. */
export const loadResponseSchema = successSchema({ build: storedBuildSchema, templates: z.array(templateSchema) });
/** GET …/builder/load/{templateId}: spec "build.build". */
export const loadTemplateResponseSchema = successSchema({ build: storedBuildSchema });
export const templateParamsSchema = z.object({ templateId: idSchema });

/**
 * POST …/builder/new {name}: a new build with the starter document (the prompt's default is 'New
 * Newsletter'); with `provider` (beyond the spec), a copy of that provider template's document.
 */
export const newBuildRequestSchema = z.object({
  name: buildName,
  provider: z.enum(PROVIDER_TEMPLATE_KEYS, { error: 'There is no such provider template.' }).optional(),
});
/** POST …/builder/save {build, id}. */
export const saveBuildRequestSchema = z.object({ id: idSchema, build: incomingBuildSchema });
export const saveBuildResponseSchema = successSchema({ id: z.number().int(), updated_at: z.number().int() });

/** POST …/builder/build {build}: the email's HTML (what is sent, less the per-recipient unsubscribe link) and its size. */
export const renderRequestSchema = z.object({ build: incomingBuildSchema });
export const renderResponseSchema = successSchema({ html: z.string(), bytes: z.number().int() });

/** POST …/builder/upload: multipart `section-image-file` (an image or an attachment) -> its address and name. */
export const builderUploadFormSchema = z.object({ 'section-image-file': z.file({ error: 'Choose a file to upload.' }) });
export const builderUploadResponseSchema = successSchema({ url: z.string(), text: z.string() });

/** POST …/builder: multipart from, subject, reply_to (optional), build, attachment, category, test ('1': a test, to test_to or, without it, the user's test addresses), test_to. */
export const builderSendFormSchema = z.object({
  from: headerText(MAX_FROM_NAME_LENGTH, 'from name'),
  subject: headerText(MAX_SUBJECT_LENGTH, 'subject'),
  reply_to: replyToField,
  build: buildField,
  category: categoryMapField.optional(),
  attachment: z.file().optional(),
  test: z
    .enum(['0', '1', 'true', 'false'], { error: 'test must be 1 or 0.' })
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  test_to: testAddressesField.optional(),
});
export type BuilderSendForm = z.output<typeof builderSendFormSchema>;
export const builderSendResponseSchema = successSchema({
  /** The send on 'Sent newsletters' (null for a test), its audience size, and the website post (null for a test). */
  id: z.number().int().nullable(),
  total: z.number().int(),
  post_url: z.string().nullable(),
});

/** POST …/builder/website: multipart subject, build, category. */
export const builderWebsiteFormSchema = z.object({
  subject: z.string({ error: SUBJECT_REQUIRED }).trim().min(1, SUBJECT_REQUIRED).max(MAX_SUBJECT_LENGTH, `The subject can be at most ${MAX_SUBJECT_LENGTH} characters.`),
  build: buildField,
  category: categoryMapField,
});
export const builderWebsiteResponseSchema = successSchema({ post_url: z.string() });

/** POST …/builder/download {html, subject?}: the PDF is made and emailed to the user (a 200 says it is on its way); the subject titles it. */
export const downloadRequestSchema = z.object({
  html: z.string().min(1, 'html is required.').max(2_000_000, 'The newsletter is too large for a PDF.'),
  subject: z.string().trim().max(MAX_SUBJECT_LENGTH, `The subject can be at most ${MAX_SUBJECT_LENGTH} characters.`).optional(),
});

/** A build's JSON within the limits stays far below this (its text, escaped, and 300 blocks' settings). */
const MAX_BUILD_BYTES = 1024 * 1024;

export const newsletterBuilderCalls = defineCalls(NEWSLETTER_BUILDER_ENDPOINTS, {
  builderFrame: { response: frameResponseSchema },
  builderSaveFrame: { body: saveFrameRequestSchema, response: frameResponseSchema },
  builderLoad: { response: loadResponseSchema },
  builderLoadTemplate: { params: templateParamsSchema, response: loadTemplateResponseSchema },
  builderNew: { body: newBuildRequestSchema, response: loadTemplateResponseSchema },
  builderSave: { body: saveBuildRequestSchema, response: saveBuildResponseSchema, maxBytes: MAX_BUILD_BYTES },
  builderRender: { body: renderRequestSchema, response: renderResponseSchema, maxBytes: MAX_BUILD_BYTES },
  builderUpload: { form: builderUploadFormSchema, response: builderUploadResponseSchema },
  builderSend: { form: builderSendFormSchema, response: builderSendResponseSchema },
  builderWebsite: { form: builderWebsiteFormSchema, response: builderWebsiteResponseSchema },
  builderDownload: { body: downloadRequestSchema, response: emptyResponseSchema, maxBytes: 4 * 1024 * 1024 },
});
export type NewsletterBuilderCalls = typeof newsletterBuilderCalls;

// The schemas and the rules file's types are one shape: these fail to compile when they drift.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameSettings: Same<z.output<typeof blockSettingsSchema>, BlockSettings> = true;
const sameBuild: Same<z.output<typeof buildSchema>, Build> = true;
const sameFrame: Same<z.output<typeof frameBlocksSchema>, FrameBlocks> = true;
void sameSettings;
void sameBuild;
void sameFrame;

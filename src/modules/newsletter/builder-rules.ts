/**
 * The newsletter builder's document, its limits, texts and defaults, without zod: the builder's
 * island imports these (new blocks, the Style tab's choices) without shipping the schemas;
 * ./newsletter-builder.ts validates the same shapes.
 *
 * A build is the spec's "three column lists of blocks", given one meaning here: the HEADER, BODY
 * and FOOTER regions of the 600 px email, in that order. The school's own header and footer HTML
 * (its name, logo and address: `GET …/builder/template`) frame the three regions; the regions are
 * what staff build.
 */

export const BLOCK_TYPES = ['text', 'image', 'divider', 'spacer', 'attachment', 'columns'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** The three lists of a build, in order. */
export const REGIONS = ['header', 'body', 'footer'] as const;
export type Region = (typeof REGIONS)[number];
export const REGION_LABELS: Record<Region, string> = { header: 'Header', body: 'Body', footer: 'Footer' };

/** Spec section 9: the email is 600 px wide; columns split 50/50, 33/66 or 66/33 (twelfths). */
export const EMAIL_WIDTH = 600;
export const COLUMN_SIZES = ['6,6', '4,8', '8,4'] as const;
export type ColumnSize = (typeof COLUMN_SIZES)[number];
export const COLUMN_SIZE_LABELS: Record<ColumnSize, string> = { '6,6': '50% / 50%', '4,8': '33% / 66%', '8,4': '66% / 33%' };
/** Spec section 3: 'Fit to container' is cover, 'Fit inside container' is contain. */
export const IMAGE_FITS = ['cover', 'contain'] as const;
export type ImageFit = (typeof IMAGE_FITS)[number];
export const IMAGE_FIT_LABELS: Record<ImageFit, string> = { cover: 'Fit to container', contain: 'Fit inside container' };

export interface Sides {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * Every block's settings (spec section 3). Lengths are CSS pixels; colours `#rrggbb`, or '' for
 * none (transparent background, no border). `width` is a percentage of the block's container
 * (images, dividers); `height` is pixels (spacers, images; 0 = the image's own). `borderColumn`
 * is the width of a border around each cell of a columns block, `borderCenter` of the rule
 * between its cells. `showDivider` 1 draws the divider's line, 0 keeps only its space.
 */
export interface BlockSettings {
  padding: Sides;
  margin: number;
  border: number;
  borderColor: string;
  borderColumn: number;
  borderCenter: number;
  backgroundColor: string;
  borderRadius: number;
  width: number;
  height: number;
  imageFit: ImageFit;
  showDivider: 0 | 1;
  columnSize: ColumnSize;
}

export interface TextData {
  /** Email-safe HTML (the server sanitises it to the toolbar's tags and styles). */
  html: string;
}
export interface ImageData {
  /** The uploaded image's address; '' shows the placeholder. */
  url: string;
  alt: string;
  /** Where a click on the image goes ('' for nowhere). */
  href: string;
}
export interface AttachmentData {
  /** The uploaded file's address; '' until a file is uploaded. */
  url: string;
  text: string;
}
export type EmptyData = Record<string, never>;

interface BlockOf<T extends BlockType, D> {
  /** Unique and stable within the build (the canvas' keys, undo): made by the builder, or by the contract for a block sent without one (the spec's blocks). */
  id: string;
  type: T;
  data: D;
  settings: BlockSettings;
}
export type TextBlock = BlockOf<'text', TextData>;
export type ImageBlock = BlockOf<'image', ImageData>;
export type DividerBlock = BlockOf<'divider', EmptyData>;
export type SpacerBlock = BlockOf<'spacer', EmptyData>;
export type AttachmentBlock = BlockOf<'attachment', AttachmentData>;
/** A block a column cell may hold: anything but columns (spec section 5). */
export type CellBlock = TextBlock | ImageBlock | DividerBlock | SpacerBlock | AttachmentBlock;
/** Spec section 3: a columns block's data holds its elements, one list per cell. */
export type ColumnsBlock = BlockOf<'columns', { elements: [CellBlock[], CellBlock[]] }>;
export type Block = CellBlock | ColumnsBlock;
/** The three lists: header, body, footer. */
export type Build = [Block[], Block[], Block[]];

export const BLOCK_LABELS: Record<BlockType, string> = {
  text: 'Text',
  image: 'Image',
  divider: 'Divider',
  spacer: 'Spacer',
  attachment: 'Attachment',
  columns: 'Columns',
};

/**
 * What a text block may hold: the in-place toolbar's output (bold, italic, underline, link,
 * lists, alignment, colour, size) and nothing else. The server keeps only these tags, these
 * inline styles and `href` on links (http, https, mailto), so the email stays what mail clients
 * render.
 */
export const TEXT_TAGS = ['p', 'div', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'span'] as const;
export const TEXT_STYLES = ['color', 'font-size', 'text-align'] as const;
/** The toolbar's sizes (px) and alignments. */
export const TEXT_SIZES = [12, 14, 16, 18, 22, 28] as const;
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;

/** Spec texts. */
export const COLUMN_IN_COLUMN = 'Error! You cannot have a column within a column!';
export const BUILD_SAVED = 'Newsletter saved successfully!';
export const SECTION_DELETED = 'Deleted Section. Click here to undo.';
export const UNDO_DELETE_MS = 20_000;
export const NEW_BUILD_NAME = 'New Newsletter';
export const ATTACHMENT_PLACEHOLDER = 'Upload a file';
export const POSTED_TO_WEBSITE = 'Newsletter posted to website!';
export const SUBJECT_REQUIRED = 'Failed! Please enter a subject.';
export const PDF_WAIT = 'Please wait, generating your PDF.';
export const PDF_EMAILED = 'Your PDF newsletter has been emailed to you.';
export const PDF_FAILED = 'PDF export failed, please try again later!';
/** A school's PDFs on their way at once, and asked for in an hour: each is a whole Chromium for seconds. */
export const PDFS_PENDING_PER_SCHOOL = 3;
export const PDFS_PER_HOUR = 20;
export const PDFS_PENDING_LIMITED = `Failed! Your school already has ${PDFS_PENDING_PER_SCHOOL} PDFs on their way. Please wait for them to arrive before asking for another.`;
export const PDFS_HOURLY_LIMITED = `Failed! Your school has asked for ${PDFS_PER_HOUR} PDFs in the last hour. Please try again later.`;

/** Limits: far above a real newsletter, low enough that no build can hold the server. */
export const MAX_BLOCKS = 300;
export const MAX_TEXT_HTML_LENGTH = 50_000;
/**
 * All text blocks of a newsletter together (a real one holds a few thousand characters): what
 * every save, preview and send sanitises and renders, so what one school's call can cost.
 */
export const MAX_BUILD_TEXT_LENGTH = 250_000;
export const BUILD_TOO_LARGE = `Error! A newsletter can hold at most ${MAX_BUILD_TEXT_LENGTH.toLocaleString('en-GB')} characters of text. Split it into two newsletters.`;
export const MAX_BUILD_NAME_LENGTH = 120;
/** The school's header or footer HTML. */
export const MAX_FRAME_HTML_LENGTH = 20_000;
export const FRAME_SAVED = 'Header and footer saved.';

/**
 * The school's header and footer built with the builder's own blocks (a logo image, text with its
 * links, dividers, spacers, columns; each with its colours). The frame's HTML (`GET …/template`'s
 * strings) is then what the blocks render to; null blocks mean the frame is HTML the school wrote
 * (the advanced mode, and every frame saved before blocks: it stays as written until the school
 * switches). An image without a picture shows nothing in an email.
 */
export interface FrameBlocks {
  header: Block[];
  footer: Block[];
}
export interface Frame {
  header: string;
  footer: string;
  blocks: FrameBlocks | null;
}
/** Blocks in the header and footer together: far more than a logo, a name and an address need. */
export const MAX_FRAME_BLOCKS = 40;
/** A frame's two block lists, in the build's region names (the body is the newsletter's). */
export const FRAME_REGIONS = ['header', 'footer'] as const satisfies readonly Region[];

/**
 * The provider's templates, shipped with the product (server/embedded/builder/templates/): a
 * school starts a new build from one (`new {name, provider}`); its saves go to that build, never
 * to the template. Listed in the builder's chooser under PROVIDER_TEMPLATES_GROUP.
 */
export const PROVIDER_TEMPLATES = [
  { key: 'term-news', name: 'Term news', description: 'A term’s highlights: a lead story, two side-by-side stories and notices.' },
  { key: 'events-dates', name: 'Events & dates', description: 'What is coming up: featured events and a list of dates.' },
  { key: 'principals-message', name: 'Principal’s message', description: 'A letter from the principal with a portrait, then short news.' },
] as const;
export type ProviderTemplateKey = (typeof PROVIDER_TEMPLATES)[number]['key'];
export const PROVIDER_TEMPLATE_KEYS = PROVIDER_TEMPLATES.map((template) => template.key) as [ProviderTemplateKey, ...ProviderTemplateKey[]];
export const PROVIDER_TEMPLATES_GROUP = 'From the provider';
export const SCHOOL_TEMPLATES_GROUP = 'Your school’s templates';
export const MAX_URL_LENGTH = 2048;
export const MAX_ALT_LENGTH = 300;
/** Gmail clips a message's HTML past 102 KB: the size meter warns from there. */
export const GMAIL_CLIP_BYTES = 102 * 1024;

const NO_SIDES: Sides = { top: 0, right: 0, bottom: 0, left: 0 };
const BASE_SETTINGS: BlockSettings = {
  padding: { top: 10, right: 25, bottom: 10, left: 25 },
  margin: 0,
  border: 0,
  borderColor: '#d5dce5',
  borderColumn: 0,
  borderCenter: 0,
  backgroundColor: '',
  borderRadius: 0,
  width: 100,
  height: 0,
  imageFit: 'cover',
  showDivider: 1,
  columnSize: '6,6',
};

/** A new block's settings, per type: what the palette drops. */
export function defaultSettings(type: BlockType): BlockSettings {
  switch (type) {
    case 'spacer':
      return { ...BASE_SETTINGS, padding: { ...NO_SIDES }, height: 30 };
    case 'divider':
      return { ...BASE_SETTINGS, padding: { top: 10, right: 25, bottom: 10, left: 25 }, border: 1 };
    case 'columns':
      return { ...BASE_SETTINGS, padding: { ...NO_SIDES } };
    default:
      return { ...BASE_SETTINGS, padding: { ...BASE_SETTINGS.padding } };
  }
}

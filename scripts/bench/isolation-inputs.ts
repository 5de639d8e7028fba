/**
 * Section 'isolation' of `npm run bench` (issue 26): the two schools and what school B sends.
 *
 * - seedIsolation(): a new database with schools A and B, every product on, a staff user each
 *   (no demo school: the server seeds only an empty database), before the server starts on it.
 * - makeInputs(): the attacks' bodies, made once in the bench's process before any timing: the
 *   Newsletter Builder build of the issue (3 lists × 100 text blocks of 12.6 KB, 3.8 MB of JSON),
 *   a mailing-list CSV of 100,000 rows, a 19 MB attachment, a 40-megapixel JPEG with the EXIF a
 *   camera writes, and the HTML a Download PDF sends.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { parseConfig } from '../../src/platform/config';
import { openDatabase } from '../../src/platform/db';
import { migrateAll } from '../../src/app/process';
import { addUser, createSchool } from '../../src/modules/account/server/service';
import { MAX_INPUT_PIXELS } from '../../src/platform/media/thumbnail';
import { MAX_BUILD_TEXT_LENGTH } from '../../src/modules/newsletter/builder-rules';

const ALL_PRODUCTS = { hapara: true, newsletter: true, builder: true, website: true, app: true };

/** A school's staff sign-in. */
export interface IsolationUser {
  email: string;
  password: string;
}

export interface IsolationSchools {
  /** School A: the one whose answers are timed. */
  a: IsolationUser;
  /** School B: the one attacking. */
  b: IsolationUser;
}

/** Creates schools A and B in a new database (SQLite in `dataDir`, or `databaseUrl`): run before the server starts on it. */
export async function seedIsolation(dataDir: string, databaseUrl?: string): Promise<IsolationSchools> {
  const db = openDatabase(parseConfig({ PORTAL_DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' }));
  try {
    await migrateAll(db);
    const now = Math.floor(Date.now() / 1000);
    const school = async (label: string, name: string): Promise<IsolationUser> => {
      await createSchool(db, { label, name, products: ALL_PRODUCTS }, now);
      const user = { email: `office@${label}`, password: crypto.randomBytes(12).toString('base64url') };
      await addUser(db, { label, name: 'Bench Office', ...user }, now);
      return user;
    };
    return { a: await school('a.isolation.bench', 'School A'), b: await school('b.isolation.bench', 'School B') };
  } finally {
    await db.destroy();
  }
}

/** The text block: 12.6 KB of bold and italic words in one paragraph. */
export const TEXT_BLOCK_HTML = `<p>${'<b>x</b> <i>y</i> '.repeat(700)}</p>`;
export const BUILD_BLOCKS_PER_LIST = 100;
export const CSV_ROWS = 100_000;
export const ATTACHMENT_BYTES = 19 * 1024 * 1024;
/** 8000 × 5000: 40 megapixels, the most the portal decodes (MAX_INPUT_PIXELS). */
export const JPEG_SIZE = { width: 8000, height: 5000 };
/** Blocks of the PDF's HTML: about 5 s of printing each on this machine, alone. */
export const PDF_BLOCKS = 60;

/** Bytes a Blob takes (not a view of a SharedArrayBuffer). */
export type Bytes = Uint8Array<ArrayBuffer>;

/** A build as the browser sends it: text blocks without their settings (the schema's defaults fill them). */
type TextBuild = Array<Array<{ id: string; type: 'text'; data: { html: string } }>>;

export interface Inputs {
  /** 3 lists of BUILD_BLOCKS_PER_LIST text blocks: the build, inside the limits it was found with (MAX_BLOCKS, the call's 4 MB then). */
  bigBuild: TextBuild;
  /** The same blocks, as many as the text limit (MAX_BUILD_TEXT_LENGTH) lets one build hold: the costliest build a call may bring now. */
  limitBuild: TextBuild;
  /** One short text block: the test send's email. */
  smallBuild: TextBuild;
  csv: Bytes;
  /** A PDF's first bytes, then random ones. */
  attachment: Bytes;
  jpeg: Bytes;
  pdfHtml: string;
}

function textBuild(blocks: number, html: string, lists = 3): TextBuild {
  return [0, 1, 2].map((list) => Array.from({ length: list < lists ? blocks : 0 }, (_, i) => ({ id: `block${list}-${i}`, type: 'text' as const, data: { html } })));
}

function membersCsv(rows: number): Bytes {
  const lines = ['Name,Email'];
  for (let i = 0; i < rows; i += 1) lines.push(`Parent ${i},parent${i}@families.example.org`);
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

/**
 * A photo-like 40-megapixel JPEG (smooth noise, upscaled, quality 92: about 10 MB) with a camera's
 * EXIF, which the portal strips by decoding and encoding the whole image again (media/inspect.ts).
 */
async function cameraJpeg(): Promise<Bytes> {
  const { width, height } = JPEG_SIZE;
  if (width * height > MAX_INPUT_PIXELS) throw new Error(`${width} × ${height} is over the portal's ${MAX_INPUT_PIXELS} pixels: it would be refused unread.`);
  const small = await sharp({ create: { width: width / 10, height: height / 10, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  const jpeg = await sharp(small)
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Camera 40MP' } })
    .toBuffer();
  return new Uint8Array(jpeg);
}

export async function makeInputs(): Promise<Inputs> {
  const attachment = new Uint8Array(ATTACHMENT_BYTES);
  crypto.randomFillSync(attachment);
  attachment.set(new TextEncoder().encode('%PDF-1.7\n'));
  return {
    bigBuild: textBuild(BUILD_BLOCKS_PER_LIST, TEXT_BLOCK_HTML),
    limitBuild: textBuild(Math.floor(MAX_BUILD_TEXT_LENGTH / TEXT_BLOCK_HTML.length), TEXT_BLOCK_HTML, 1),
    smallBuild: [[], [{ id: 'hello', type: 'text', data: { html: '<p>Hello from school B.</p>' } }], []],
    csv: membersCsv(CSV_ROWS),
    attachment,
    jpeg: await cameraJpeg(),
    pdfHtml: `<!doctype html><html><body>${TEXT_BLOCK_HTML.repeat(PDF_BLOCKS)}</body></html>`,
  };
}

/**
 * The data of tests/e2e/xss-corpus.spec.ts: a school of its own (xss.school, so that no other
 * spec's lists, menus or counts change) whose posts and pages carry the XSS corpus in their titles
 * and content, written through the real API so that the server's own checks and sanitiser run,
 * plus a gallery whose title and image name are payloads, shown through a slider shortcode.
 *
 * The spec runs its tests in parallel on both workers and each worker runs the spec's beforeAll:
 * the first one to take a lock folder in the run's data folder creates the data and writes what
 * it made to a JSON file; the other waits for that file. The data folder is fresh per e2e run,
 * so a retry (or the other worker) finds the file and creates nothing twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { request, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { PASSWORD, dataDir, runCli, type TestUser } from './env';
import { XSS_CORPUS, type XssPayload } from './xss-corpus';

export const XSS_USER: TestUser = { school: 'xss.school', email: 'xss@xss.school', name: 'Xavier Script' };

/** The API refuses a longer title with 400 (saveRequestSchema). */
export const MAX_TITLE_LENGTH = 1000;
/** The API refuses a longer gallery title (newGalleryRequestSchema). */
const MAX_GALLERY_TITLE_LENGTH = 300;
/** How long the worker that did not take the lock waits for the other to finish the data. */
const SETUP_WAIT_MS = 120_000;

export type XssItemKind = 'post' | 'page';

export interface XssItem {
  kind: XssItemKind;
  id: number;
  /** The public address the create call answered (/sites/xss.school/...). */
  url: string;
  /** The title as sent. */
  title: string;
  /** Payloads in its title and in its content. */
  payloadIds: number[];
  /** Its content ends with the gallery's slider shortcode. */
  hasSlider: boolean;
}

export interface XssGallery {
  id: number;
  title: string;
  imageTitle: string;
  payloadIds: number[];
}

export interface XssData {
  posts: XssItem[];
  pages: XssItem[];
  gallery: XssGallery;
}

function xssDir(): string {
  return path.join(dataDir(), 'xss-corpus');
}

/** The xss.school user's cookie, for the spec's `test.use({ storageState })`. */
export function xssStorageStatePath(): string {
  return path.join(dataDir(), 'auth', 'xss.json');
}

/**
 * The corpus in title-sized groups, greedily in corpus order: each group's payloads joined by a
 * space fit in MAX_TITLE_LENGTH characters.
 */
export function packIntoTitles(payloads: readonly XssPayload[], max: number = MAX_TITLE_LENGTH): XssPayload[][] {
  const groups: XssPayload[][] = [];
  let current: XssPayload[] = [];
  let length = 0;
  for (const payload of payloads) {
    if (payload.html.length > max) throw new Error(`Payload ${payload.id} alone is longer than a title (${payload.html.length} characters).`);
    const added = current.length === 0 ? payload.html.length : length + 1 + payload.html.length;
    if (added > max) {
      groups.push(current);
      current = [payload];
      length = payload.html.length;
    } else {
      current.push(payload);
      length = added;
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

export const titleOf = (group: readonly XssPayload[]): string => group.map((p) => p.html).join(' ');

/**
 * Content of a group: one payload a line, then each again inside a <div> of its own: the same
 * markup in a block parent (where `</p>`, `<body>` or a table part parse differently), and a
 * second chance for a payload whose first copy a neighbour's unclosed markup swallowed.
 */
function contentOf(group: readonly XssPayload[]): string {
  return [...group.map((p) => p.html), ...group.map((p) => `<div>${p.html}</div>`)].join('\n');
}

interface Envelope {
  success: boolean;
  message?: string;
}

async function postJson<T>(api: APIRequestContext, url: string, data: unknown): Promise<T & Envelope> {
  const res = await api.post(url, { data });
  const text = await res.text();
  let body: (T & Envelope) | undefined;
  try {
    body = JSON.parse(text) as T & Envelope;
  } catch {
    body = undefined;
  }
  if (!res.ok() || !body?.success) throw new Error(`${url} answered ${res.status()}: ${text.slice(0, 500)}`);
  return body;
}

/** A small PNG: gallery sliders show only galleries that have an image. */
function png(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

/**
 * A gallery titled with breakout payloads and holding an image named with one: the slider is the
 * one place the public site writes school text into HTML by string building
 * (src/modules/website/server/embedded/site/shortcodes.ts), in an alt, an aria-label and a caption.
 */
async function createGallery(api: APIRequestContext): Promise<XssGallery> {
  const breakouts = XSS_CORPUS.filter((p) => p.family === 'breakout' || p.family === 'handler');
  const titleGroup = packIntoTitles(breakouts, MAX_GALLERY_TITLE_LENGTH)[0] ?? [];
  const title = titleOf(titleGroup);
  // A file name keeps only its last path segment (cleanFileName) and goes in a quoted multipart
  // header: a payload without '/', '"' or control characters survives both as its title.
  const namePayload = XSS_CORPUS.find((p) => p.family === 'breakout' && !/["/\\\u0000-\u001f]/.test(p.html));
  if (!namePayload) throw new Error('The corpus has no breakout payload usable as a file name.');

  const { id } = await postJson<{ id: number }>(api, '/api/website/gallery/new', { title });
  const res = await api.post('/api/website/gallery/upload', {
    multipart: { galleryID: String(id), file: { name: `${namePayload.html}.png`, mimeType: 'image/png', buffer: await png() } },
  });
  const upload = (await res.json()) as Envelope & { id: number; title: string };
  if (!upload.success) throw new Error(`gallery upload answered ${res.status()}: ${upload.message ?? ''}`);
  await postJson(api, '/api/website/gallery/update', { uploaded: [upload.id], galleryID: id });
  return { id, title, imageTitle: upload.title, payloadIds: [...titleGroup.map((p) => p.id), namePayload.id] };
}

async function createData(baseURL: string): Promise<XssData> {
  runCli(['create-school', XSS_USER.school, '--name', 'XSS School', '--products', 'website']);
  runCli(['add-user', XSS_USER.school, '--email', XSS_USER.email, '--name', XSS_USER.name, '--password', PASSWORD]);

  // Playwright's request context sends neither Sec-Fetch-Site nor Origin: the API's same-origin
  // rule lets such a (non-browser) client through. Inside a test, new contexts default to the
  // spec's `use` options, whose storage state is the file this call is about to write.
  const api = await request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    await postJson(api, '/api/login', { email: XSS_USER.email, password: PASSWORD });
    fs.mkdirSync(path.dirname(xssStorageStatePath()), { recursive: true });
    await api.storageState({ path: xssStorageStatePath() });

    const gallery = await createGallery(api);
    const slider = `\n<p>[gallery_slider id="${gallery.id}"]</p>`;
    const groups = packIntoTitles(XSS_CORPUS);
    const posts: XssItem[] = [];
    const pages: XssItem[] = [];
    for (const [index, group] of groups.entries()) {
      const title = titleOf(group);
      // The first post and page also show the gallery (a slider needs a gallery of this school).
      const hasSlider = index === 0;
      const content = contentOf(group) + (hasSlider ? slider : '');
      const payloadIds = group.map((p) => p.id);
      for (const kind of ['post', 'page'] as const) {
        const created = await postJson<{ id: number; post_url: string }>(api, `/api/website/${kind}s/create`, {
          title,
          content,
          category: {},
          parent: null,
        });
        (kind === 'post' ? posts : pages).push({ kind, id: created.id, url: created.post_url, title, payloadIds, hasSlider });
      }
    }
    // New pages wait for review before their public page exists.
    runCli(['publish-pages', '--school', XSS_USER.school]);
    return { posts, pages, gallery };
  } finally {
    await api.dispose();
  }
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

let cached: Promise<XssData> | undefined;

/**
 * The spec's data, created once per e2e run whichever worker asks first. `baseURL` is the
 * portal's address (the test's `baseURL`).
 */
export function ensureXssData(baseURL: string): Promise<XssData> {
  cached ??= ensureOnce(baseURL);
  // A failed attempt is not cached: its error file tells a retry what happened.
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}

async function ensureOnce(baseURL: string): Promise<XssData> {
  const dir = xssDir();
  const resultFile = path.join(dir, 'data.json');
  const errorFile = path.join(dir, 'error.txt');
  const lock = path.join(dir, 'lock');
  fs.mkdirSync(dir, { recursive: true });

  const done = readIfExists(resultFile);
  if (done !== undefined) return JSON.parse(done) as XssData;

  let owner = false;
  try {
    fs.mkdirSync(lock); // atomic: exactly one worker gets it
    owner = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }

  if (owner) {
    try {
      const data = await createData(baseURL);
      // Written whole, then renamed: the waiting worker never reads half a file.
      fs.writeFileSync(`${resultFile}.tmp`, JSON.stringify(data));
      fs.renameSync(`${resultFile}.tmp`, resultFile);
      return data;
    } catch (err) {
      fs.writeFileSync(errorFile, err instanceof Error ? (err.stack ?? err.message) : String(err));
      throw err;
    }
  }

  const deadline = Date.now() + SETUP_WAIT_MS;
  while (Date.now() < deadline) {
    const result = readIfExists(resultFile);
    if (result !== undefined) return JSON.parse(result) as XssData;
    const failure = readIfExists(errorFile);
    if (failure !== undefined) throw new Error(`The other worker failed to create the XSS data:\n${failure}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The XSS data was not ready within ${SETUP_WAIT_MS} ms (lock ${lock}).`);
}

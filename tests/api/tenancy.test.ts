import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Call } from '../../src/lib/contract/calls';
import { idSchema, websiteCalls } from '../../src/modules/website/contract';
import { newsletterCalls } from '../../src/modules/newsletter/contract';
import { newsletterBuilderCalls } from '../../src/modules/newsletter/builder-contract';
import { haparaCalls } from '../../src/modules/hapara/contract';
import { appCalls } from '../../src/modules/app/contract';
import { staffCalls } from '../../src/modules/staff/contract';
import { accountCalls } from '../../src/modules/account/contract';
import { supportHelpdeskCalls } from '../../src/modules/support/helpdesk-contract';
import { STUDENTS_DOWNLOAD_PATH } from '../../src/modules/hapara/calls';
import { BOUNCE_WEBHOOK_ROUTE } from '../../src/modules/newsletter/server/embedded/bounces/webhooks';
import { writeSettings } from '../../src/modules/hapara/server/embedded/settings';
import { insertStudents } from '../../src/modules/hapara/server/embedded/students/repository';
import { startSend } from '../../src/modules/newsletter/server/embedded/sends/service';
import { CALL_TABLES, mountModuleApis } from '../../src/app/modules';
import { routePath } from '../../src/platform/http/calls';
import type { AppEnv } from '../../src/platform/http/types';
import { bodyOf, get, post, signedInUser, useTestContext, type TestSchool } from '../factories';
import { postMultipart, type TestFile } from '../factories/media-http';
import { makeImage } from '../factories/media-images';
import { addCategory } from '../factories/website-content';

/*
 * Tenancy (issue 7 part 8): no call may reach another school's records. This file walks every
 * call of every call table, finds the calls that take an id (a path parameter, or a body or form
 * field that names a record), and holds a cross-school case for each: school A creates the
 * records, school B's signed-in user calls with A's ids, B is refused exactly as for an unknown
 * id (or the foreign id is ignored and B only touches its own school), and A's school is left
 * exactly as it was, in the database, on disk and as A's own session reads it.
 *
 * Adding a module: give its manifest its call table (`calls`; the test fails while the API serves
 * a route no table lists), then a case here for each of its id-taking calls.
 */

/* ---- The call tables, walked ---- */

/** `module.call`, e.g. `website.togglePost`. */
type CallName = `${string}.${string}`;

/** Every module's calls, from the manifests (CALL_TABLES): a new module's table is walked as soon as it is listed. */
const CALLS: ReadonlyArray<readonly [CallName, Call]> = Object.entries(CALL_TABLES).flatMap(([module, table]) =>
  Object.entries(table).map(([name, call]) => [`${module}.${name}` as CallName, call] as const),
);

/**
 * A body, form or query key that names a record: `id`, `ids`, `parent` (a page, by title),
 * `category`/`categories` (category ids), or any key ending in `ID`, `Id` or `_id` (and their
 * plurals): `galleryID`, `userId`, `parent_id`, `categoryIds`.
 */
const RECORD_KEY = /^(?:ids?|parents?|category|categories)$|(?:ID|Id|_id)s?$/;

/**
 * Whether a schema is, or holds anywhere inside (optional, nullable, default, array, record,
 * union, pipe, nested object...), the API's id rule (`idSchema`): `uploaded: z.array(id)` is a
 * list of image ids whatever its name.
 */
function holdsId(schema: unknown, seen = new Set<unknown>()): boolean {
  if (schema === idSchema) return true;
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const inner = Object.values(def).flatMap((value) => (Array.isArray(value) ? value : [value]));
  if (schema instanceof z.ZodObject) inner.push(...Object.values(schema.shape as Record<string, unknown>));
  return inner.some((value) => holdsId(value, seen));
}

/**
 * The fields by which a call takes an id, as `part.key`: every path parameter, and each key of its
 * query, body or form that names a record (RECORD_KEY) or carries an id (holdsId). A part that is
 * not an object counts as a whole (`body`) when it carries an id.
 */
function idFields(call: Pick<Call, 'params' | 'query' | 'body' | 'form'>): string[] {
  const fields: string[] = [];
  if (call.params instanceof z.ZodObject) fields.push(...Object.keys(call.params.shape).map((key) => `params.${key}`));
  else if (call.params) fields.push('params');
  for (const part of ['query', 'body', 'form'] as const) {
    const schema = call[part];
    if (schema instanceof z.ZodObject) {
      for (const [key, field] of Object.entries(schema.shape as Record<string, unknown>)) {
        if (RECORD_KEY.test(key) || holdsId(field)) fields.push(`${part}.${key}`);
      }
    } else if (schema && holdsId(schema)) fields.push(part);
  }
  return fields.sort();
}

const ID_TAKING: ReadonlyArray<readonly [CallName, string[]]> = CALLS.map(([name, call]) => [name, idFields(call)] as const).filter(
  ([, fields]) => fields.length > 0,
);

/** What the rule finds today, pinned: a change to a schema or to the rule shows here first. */
const EXPECTED_ID_FIELDS: Partial<Record<CallName, string[]>> = {
  'website.post': ['params.id'],
  'website.page': ['params.id'],
  'website.gallery': ['params.id'],
  'website.togglePost': ['body.id'],
  'website.deletePost': ['body.id'],
  'website.bulkPosts': ['body.ids'],
  'website.deletePage': ['body.id'],
  'website.createPost': ['body.category', 'body.id', 'body.parent'],
  'website.updatePost': ['body.category', 'body.id', 'body.parent'],
  'website.createPage': ['body.category', 'body.id', 'body.parent'],
  'website.updatePage': ['body.category', 'body.id', 'body.parent'],
  'website.uploadGalleryImage': ['form.galleryID'],
  'website.updateGallery': ['body.galleryID', 'body.images', 'body.uploaded'],
  'website.removeGalleryImage': ['body.galleryID', 'body.id'],
  'website.deleteGallery': ['body.id'],
  // Revisions, autosave, preview
  'website.postRevisions': ['params.id'],
  'website.pageRevisions': ['params.id'],
  'website.revision': ['params.id'],
  'website.autosave': ['body.id'],
  'website.getAutosave': ['query.id'],
  'website.discardAutosave': ['body.id'],
  'website.preview': ['body.category', 'body.id'],
  // Newsletter
  'newsletter.sendSimple': ['form.category'],
  'newsletter.send': ['params.id'],
  'newsletter.pauseSend': ['params.id'],
  'newsletter.resumeSend': ['params.id'],
  'newsletter.cancelSend': ['params.id'],
  'newsletter.sendMessages': ['params.id'],
  'newsletter.outboxMessage': ['params.id'],
  // Newsletter builder
  'newsletter.builderLoadTemplate': ['params.templateId'],
  'newsletter.builderSave': ['body.id'],
  'newsletter.builderSend': ['form.category'],
  'newsletter.builderWebsite': ['form.category'],
  // Learning in the Cloud: a student is named by its index
  'hapara.updateStudent': ['body.index'],
  'hapara.deleteStudent': ['body.index'],
  // App: a notification opens a post of the school's website
  'app.sendNotification': ['body.postId'],
  // Staff lists: a person is named by their id (beside the index the user saw)
  'staff.appUpdate': ['body.id'],
  'staff.appDelete': ['body.id'],
  'staff.appMove': ['body.id'],
  'staff.websiteUpdate': ['body.id'],
  'staff.websiteDelete': ['body.id'],
  'staff.websiteMove': ['body.id'],
  // Account: a user is named by their email
  'account.deleteUser': ['params.email'],
  // Support: a ticket is named by its number
  'support.ticket': ['params.number'],
  'support.replyTicket': ['params.number'],
  'support.ticketStatus': ['params.number'],
};

/**
 * Routes beyond the call tables: a file the browser navigates to (scoped by the session's school all
 * the same), and the providers' bounce webhooks, which find the school through the signed copy they
 * name (bounces.api.test.ts tries them across schools).
 */
const FILE_ROUTES = new Set([`GET ${STUDENTS_DOWNLOAD_PATH}`, BOUNCE_WEBHOOK_ROUTE]);

/* ---- Calling the API through the tables ---- */

const ctx = useTestContext();

interface Staff {
  school: TestSchool;
  cookie: string;
}

interface Input {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** Multipart text fields; sent as multipart (with `file`, when given) whenever present. */
  form?: Record<string, string | number>;
  file?: TestFile;
}

/** Sends a call of the tables as the browser would: path parameters filled in, a JSON body or a multipart form. */
function send(call: Call, staff: Staff, input: Input = {}): Promise<Response> {
  let url = call.path;
  for (const [name, value] of Object.entries(input.params ?? {})) url = url.replace(`{${name}}`, encodeURIComponent(String(value)));
  if (input.query) url += `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)])).toString()}`;
  if (call.method === 'GET') return get(ctx().app, url, { cookie: staff.cookie });
  if (input.form !== undefined || input.file !== undefined) {
    const fields = Object.fromEntries(Object.entries(input.form ?? {}).map(([k, v]) => [k, String(v)]));
    return postMultipart(ctx().app, url, { fields, ...(input.file ? { file: input.file } : {}) }, { cookie: staff.cookie });
  }
  return post(ctx().app, url, JSON.stringify(input.body ?? {}), { cookie: staff.cookie });
}

/** A call that must succeed: 200, its answer parsed by the call's response schema. */
async function ok<C extends Call>(call: C, staff: Staff, input: Input = {}): Promise<z.output<C['response']>> {
  const res = await send(call, staff, input);
  const body = await bodyOf(res);
  expect(res.status, `${call.method} ${call.path} ${JSON.stringify(input.body ?? input.params ?? input.form ?? {})}: ${JSON.stringify(body)}`).toBe(200);
  return call.response.parse(body) as z.output<C['response']>;
}

/** A refusal in the envelope: not a success, not a sign-in problem, with a message. */
async function refusalOf(res: Response): Promise<{ status: number; message: string }> {
  const body = (await bodyOf(res)) as { success?: unknown; isAuthFailed?: unknown; message?: unknown };
  expect(body).toMatchObject({ success: false, isAuthFailed: false });
  expect(typeof body.message === 'string' && body.message !== '', JSON.stringify(body)).toBe(true);
  return { status: res.status, message: String(body.message) };
}

/** An id no school has. */
const UNKNOWN_ID = 999_999_999;
/** A page title no school has. */
const UNKNOWN_TITLE = 'No page has this title';

/**
 * B's attempt with A's value (an id, a title) is refused with `status`, and answered exactly as
 * the same attempt with a value that names nothing (the message only naming the value): the
 * answer does not tell B that A's record exists.
 */
async function expectRefusedLikeUnknown<V extends number | string>(
  attempt: (value: V) => Promise<Response>,
  foreign: V,
  unknown: V,
  status: number,
): Promise<void> {
  const theirs = await refusalOf(await attempt(foreign));
  expect(theirs.status, theirs.message).toBe(status);
  const none = await refusalOf(await attempt(unknown));
  const masked = (answer: { status: number; message: string }, value: V) => ({ ...answer, message: answer.message.replaceAll(String(value), '<value>') });
  expect(masked(theirs, foreign)).toEqual(masked(none, unknown));
}

/* ---- Each school's records and their state ---- */

/** What a school holds before B tries anything (each school gets the same, titled by its label). */
interface Holdings {
  category: { id: number; name: string };
  /** Published, in `category`. */
  post: { id: number };
  parentPage: { id: number; title: string };
  /** Under `parentPage`. */
  page: { id: number; title: string };
  gallery: number;
  /** In `gallery`. */
  attached: { id: number; src: string };
  /** Uploaded to `gallery`, not saved into it yet. */
  pending: { id: number; src: string };
  /** A newsletter send, paused (so pause, resume and cancel all have something to change). */
  send: number;
  /** The outbox's copy of one of `send`'s messages. */
  message: number;
  /** The school's newsletter build (the builder's template). */
  build: number;
  /** A student on the school's roster (Learning in the Cloud), by index. */
  student: number;
  /** A student whose addition waits for verification (its row's id, which no call names). */
  pendingStudent: number;
  /** The first person of each of the school's staff lists (app, website), by id. */
  staffMembers: { app: number; website: number };
}

async function png(): Promise<TestFile> {
  return { bytes: await makeImage('png', 40, 30), name: 'photo.png', type: 'image/png' };
}

/** A school's records, made through its own signed-in session (the category through the factory: no call creates one). */
async function hold(staff: Staff): Promise<Holdings> {
  const label = staff.school.label;
  const category = await addCategory(ctx(), staff.school, `News of ${label}`);
  const createdPost = await ok(websiteCalls.createPost, staff, {
    body: { title: `Post of ${label}`, content: '<p>Ours</p>', category: { [String(category.id)]: category.name } },
  });
  const parentTitle = `About ${label}`;
  const parentPage = await ok(websiteCalls.createPage, staff, { body: { title: parentTitle, content: '<p>About</p>' } });
  const pageTitle = `Staff of ${label}`;
  const page = await ok(websiteCalls.createPage, staff, { body: { title: pageTitle, content: '<p>Staff</p>', parent: parentTitle } });
  const { id: gallery } = await ok(websiteCalls.newGallery, staff, { body: { title: `Gallery of ${label}` } });
  const attached = await ok(websiteCalls.uploadGalleryImage, staff, { form: { galleryID: gallery }, file: await png() });
  await ok(websiteCalls.updateGallery, staff, { body: { galleryID: gallery, uploaded: [attached.id] } });
  const pending = await ok(websiteCalls.uploadGalleryImage, staff, { form: { galleryID: gallery }, file: await png() });
  await ok(newsletterCalls.addMember, staff, { body: { fullname: 'A Parent', email: `parent@${label}.example.org` } });
  const user = await ctx().db.selectFrom('users').select(['id', 'email']).where('domain_id', '=', staff.school.id).executeTakeFirstOrThrow();
  const sendCtx = { db: ctx().db, domain: { id: staff.school.id, label }, user: { id: Number(user.id), email: user.email }, now: ctx().clock.now };
  const { id: send } = await startSend(sendCtx, { fromName: label, subject: `News of ${label}`, html: '<p>News</p>', text: 'News' }, { portalOrigin: 'http://localhost', quota: ctx().config });
  await ok(newsletterCalls.pauseSend, staff, { params: { id: send } });
  // One copy as the delivery job leaves it without MAIL_URL: in the outbox, its Message-ID on the delivery.
  const messageId = `<tenancy.${label}@portal.test>`;
  const delivery = await ctx().db.selectFrom('newsletter_deliveries').select('id').where('send_id', '=', send).executeTakeFirstOrThrow();
  await ctx().db.updateTable('newsletter_deliveries').set({ message_id: messageId }).where('id', '=', delivery.id).execute();
  const kept = await ctx()
    .db.insertInto('mail_outbox')
    .values({
      domain_id: staff.school.id,
      created_at: ctx().clock.now,
      message_id: messageId,
      sender: 'newsletters@portal.test',
      recipients: `parent@${label}.example.org`,
      subject: `News of ${label}`,
      html: '<p>News</p>',
      text: 'News',
      raw: `Message-ID: ${messageId}\r\nSubject: News of ${label}\r\n\r\nNews`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { build } = await ok(newsletterBuilderCalls.builderLoad, staff);
  const { student, pendingStudent } = await holdStudents(staff);
  const staffMembers = {
    app: (await ok(staffCalls.appNew, staff, { body: { name: `App staff of ${label}` } })).entry.id,
    website: (await ok(staffCalls.websiteNew, staff, { body: { name: `Website staff of ${label}` } })).entry.id,
  };
  return {
    category,
    post: { id: createdPost.id },
    parentPage: { id: parentPage.id, title: parentTitle },
    page: { id: page.id, title: pageTitle },
    gallery,
    attached: { id: attached.id, src: attached.src },
    pending: { id: pending.id, src: pending.src },
    send,
    message: Number(kept.id),
    build: build.id,
    student,
    pendingStudent,
    staffMembers,
  };
}

/** The school's roster (no call adds to it: the provider does) and an addition asked for through the call. */
async function holdStudents(staff: Staff): Promise<{ student: number; pendingStudent: number }> {
  const { id, label } = staff.school;
  const mailDomain = `students.${label}`;
  await writeSettings(ctx().db, id, { mailDomain, usernameRule: '{first}.{last}', fields: [], folders: ['*'] });
  await ctx()
    .db.insertInto('hapara_classes')
    .values({ domain_id: id, code: '7A', name: 'Year 7', teachers: '["t.one"]', folders: '["*"]', position: 0 })
    .execute();
  await insertStudents(
    ctx().db,
    id,
    [{ first_name: 'Aroha', last_name: 'Ngata', class_code: '7A', email: `aroha.ngata@${mailDomain}`, username: 'aroha.ngata', extra: {}, pendingAdd: false }],
    ctx().clock.now,
  );
  await ok(haparaCalls.addStudent, staff, { body: { publicfirstname: 'Tama', publiclastname: 'Parata', class: '7A' } });
  const rows = await ctx().db.selectFrom('hapara_students').select(['id', 'pending_add']).where('domain_id', '=', id).orderBy('id').execute();
  return { student: Number(rows[0]!.id), pendingStudent: Number(rows[1]!.id) };
}

/** The school's stored files (name and size), under `<data dir>/uploads/<school id>`. */
function filesOf(school: TestSchool): string[] {
  const dir = path.join(ctx().config.PORTAL_DATA_DIR, 'uploads', String(school.id));
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => `${name} ${fs.statSync(path.join(dir, name)).size}`);
}

/** Everything of the website a school's own session reads: the lists, each page (with its parent) and each gallery. */
async function sessionView(staff: Staff) {
  const posts = await ok(websiteCalls.posts, staff, { query: { limit: 100 } });
  const pages = await ok(websiteCalls.pages, staff, { query: { limit: 100 } });
  const galleries = await ok(websiteCalls.galleries, staff, { query: { limit: 100 } });
  return {
    categories: await ok(websiteCalls.categories, staff),
    posts,
    onePost: await Promise.all(posts.posts.map((p) => ok(websiteCalls.post, staff, { params: { id: p.id } }))),
    pages,
    onePage: await Promise.all(pages.pages.map((p) => ok(websiteCalls.page, staff, { params: { id: p.id } }))),
    menu: await ok(websiteCalls.menu, staff),
    galleries,
    oneGallery: await Promise.all(galleries.galleries.map((g) => ok(websiteCalls.gallery, staff, { params: { id: g.id } }))),
    galleryTitles: await ok(websiteCalls.galleryTitles, staff),
  };
}

/** A school's whole website state: its rows in every website table, its files, and what its session reads. */
async function stateOf(staff: Staff) {
  const db = ctx().db;
  const id = staff.school.id;
  return {
    posts: await db.selectFrom('website_posts').selectAll().where('domain_id', '=', id).orderBy('id').execute(),
    categories: await db.selectFrom('website_categories').selectAll().where('domain_id', '=', id).orderBy('id').execute(),
    // Links from the school's posts, and links to the school's categories (from any post).
    linksFromPosts: await db
      .selectFrom('website_post_categories as pc')
      .innerJoin('website_posts as p', 'p.id', 'pc.post_id')
      .select(['pc.post_id', 'pc.category_id'])
      .where('p.domain_id', '=', id)
      .orderBy('pc.post_id')
      .orderBy('pc.category_id')
      .execute(),
    linksToCategories: await db
      .selectFrom('website_post_categories as pc')
      .innerJoin('website_categories as c', 'c.id', 'pc.category_id')
      .select(['pc.post_id', 'pc.category_id'])
      .where('c.domain_id', '=', id)
      .orderBy('pc.post_id')
      .orderBy('pc.category_id')
      .execute(),
    galleries: await db.selectFrom('website_galleries').selectAll().where('domain_id', '=', id).orderBy('id').execute(),
    media: await db.selectFrom('website_media').selectAll().where('domain_id', '=', id).orderBy('id').execute(),
    sends: await db.selectFrom('newsletter_sends').selectAll().where('domain_id', '=', id).orderBy('id').execute(),
    deliveries: await db.selectFrom('newsletter_deliveries').selectAll().where('domain_id', '=', id).orderBy('id').execute(),
    outbox: await db.selectFrom('mail_outbox').selectAll().where('domain_id', '=', id).orderBy('id').execute(),
    builds: await db.selectFrom('newsletter_builds').selectAll().where('domain_id', '=', id).orderBy('id').execute(),
    students: await db.selectFrom('hapara_students').selectAll().where('domain_id', '=', id).orderBy('id').execute(),
    requests: await db.selectFrom('hapara_requests').selectAll().where('domain_id', '=', id).orderBy('id').execute(),
    staffMembers: await db.selectFrom('staff_members').selectAll().where('domain_id', '=', id).orderBy('id').execute(),
    notifications: await db.selectFrom('app_notifications').selectAll().where('domain_id', '=', id).orderBy('id').execute(),
    files: filesOf(staff.school),
    session: await sessionView(staff),
  };
}

/* ---- The cases ---- */

interface World {
  /** School A: its records are the target. */
  a: Staff;
  A: Holdings;
  /** School B: signed in, holding the same kinds of records of its own. */
  b: Staff;
  B: Holdings;
}

interface CrossSchoolCase {
  /** B's attempts with A's ids, and what each must answer. */
  run(world: World): Promise<void>;
  /**
   * The call creates: with A's id ignored, B gets a record of its own (the case checks it).
   * Otherwise B's school must be unchanged too.
   */
  createsForB?: true;
}

/** The row of a record B created, and that it links to nothing of A's. */
async function expectOwnRecordOfB(world: World, id: number, type: 'post' | 'page'): Promise<void> {
  const row = await ctx().db.selectFrom('website_posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ domain_id: world.b.school.id, type });
  expect([world.A.post.id, world.A.page.id, world.A.parentPage.id]).not.toContain(id);
  if (row.parent_id !== null) {
    const parent = await ctx().db.selectFrom('website_posts').select('domain_id').where('id', '=', row.parent_id).executeTakeFirstOrThrow();
    expect(parent.domain_id).toBe(world.b.school.id);
  }
  const links = await ctx()
    .db.selectFrom('website_post_categories as pc')
    .innerJoin('website_categories as c', 'c.id', 'pc.category_id')
    .select('c.domain_id')
    .where('pc.post_id', '=', id)
    .execute();
  for (const link of links) expect(link.domain_id).toBe(world.b.school.id);
}

const w = websiteCalls;

const CASES: Partial<Record<CallName, CrossSchoolCase>> = {
  'website.post': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((id) => send(w.post, b, { params: { id } }), A.post.id, UNKNOWN_ID, 404);
    },
  },

  'website.page': {
    async run({ b, A }) {
      for (const page of [A.page, A.parentPage]) {
        await expectRefusedLikeUnknown((id) => send(w.page, b, { params: { id } }), page.id, UNKNOWN_ID, 404);
      }
    },
  },

  'website.gallery': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((id) => send(w.gallery, b, { params: { id } }), A.gallery, UNKNOWN_ID, 404);
    },
  },

  'website.togglePost': {
    async run({ b, A }) {
      for (const isPublic of [false, true]) {
        await expectRefusedLikeUnknown((id) => send(w.togglePost, b, { body: { id, isPublic } }), A.post.id, UNKNOWN_ID, 404);
      }
    },
  },

  'website.deletePost': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((id) => send(w.deletePost, b, { body: { id } }), A.post.id, UNKNOWN_ID, 404);
    },
  },

  'website.deletePage': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((id) => send(w.deletePage, b, { body: { id } }), A.page.id, UNKNOWN_ID, 404);
    },
  },

  // A's gallery: its rows and its images' files stay (the school's state is compared after each case).
  'website.deleteGallery': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((id) => send(w.deleteGallery, b, { body: { id } }), A.gallery, UNKNOWN_ID, 404);
    },
  },

  // A notification for A's post, sent by B: as unknown, and nothing is recorded for either school.
  'app.sendNotification': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown(
        (postId) => send(appCalls.sendNotification, b, { body: { postId, title: 'Not yours', message: 'x' } }),
        A.post.id,
        UNKNOWN_ID,
        404,
      );
    },
  },

  'website.bulkPosts': {
    async run({ b, A, B }) {
      // A's post alone, or beside B's own: all or nothing, so B's post is unchanged too.
      for (const action of ['hide', 'publish', 'delete'] as const) {
        await expectRefusedLikeUnknown((id) => send(w.bulkPosts, b, { body: { ids: [id], action } }), A.post.id, UNKNOWN_ID, 404);
        await expectRefusedLikeUnknown((id) => send(w.bulkPosts, b, { body: { ids: [B.post.id, id], action } }), A.post.id, UNKNOWN_ID, 404);
      }
    },
  },

  'website.updatePost': {
    async run({ b, A, B }) {
      // A's post, with B's own category or none.
      for (const category of [{}, { [String(B.category.id)]: B.category.name }]) {
        await expectRefusedLikeUnknown(
          (id) => send(w.updatePost, b, { body: { id, title: 'Defaced', content: '<p>x</p>', category, parent: null } }),
          A.post.id,
          UNKNOWN_ID,
          404,
        );
      }
      // B's own post, filed under A's category.
      await expectRefusedLikeUnknown(
        (categoryId) => send(w.updatePost, b, { body: { id: B.post.id, title: 'Changed', content: '<p>x</p>', category: { [String(categoryId)]: 'Theirs' } } }),
        A.category.id,
        UNKNOWN_ID,
        400,
      );
    },
  },

  'website.createPost': {
    createsForB: true,
    async run(world) {
      const { b, A } = world;
      const before = await ctx().db.selectFrom('website_posts').select('id').where('domain_id', '=', b.school.id).execute();
      // A's category: refused, nothing created.
      await expectRefusedLikeUnknown(
        (categoryId) => send(w.createPost, b, { body: { title: 'Filed under theirs', content: '', category: { [String(categoryId)]: 'Theirs' } } }),
        A.category.id,
        UNKNOWN_ID,
        400,
      );
      expect(await ctx().db.selectFrom('website_posts').select('id').where('domain_id', '=', b.school.id).execute()).toEqual(before);
      // A's post id and A's page title: a create ignores both, and makes B a post of its own.
      const created = await ok(w.createPost, b, { body: { id: A.post.id, title: 'Fresh post', content: '<p>New</p>', category: {}, parent: A.page.title } });
      expect(created.id).not.toBe(A.post.id);
      expect(created.post_url).toBe(`/sites/${b.school.label}/posts/fresh-post`);
      await expectOwnRecordOfB(world, created.id, 'post');
      const read = await ok(w.post, b, { params: { id: created.id } });
      expect(read.post).toMatchObject({ id: created.id, post_title: 'Fresh post', post_category: '' });
    },
  },

  'website.updatePage': {
    async run({ b, A, B }) {
      // A's page, with no parent or B's own page as parent.
      for (const parent of [null, B.parentPage.title]) {
        for (const page of [A.page, A.parentPage]) {
          await expectRefusedLikeUnknown(
            (id) => send(w.updatePage, b, { body: { id, title: 'Defaced', content: '<p>x</p>', parent } }),
            page.id,
            UNKNOWN_ID,
            404,
          );
        }
      }
      // B's own page moved under A's page (by its title).
      for (const page of [B.page, B.parentPage]) {
        await expectRefusedLikeUnknown(
          (parent) => send(w.updatePage, b, { body: { id: page.id, title: 'Moved', content: '<p>x</p>', parent } }),
          A.parentPage.title,
          UNKNOWN_TITLE,
          400,
        );
      }
    },
  },

  'website.createPage': {
    createsForB: true,
    async run(world) {
      const { b, A, B } = world;
      const before = await ctx().db.selectFrom('website_posts').select('id').where('domain_id', '=', b.school.id).execute();
      // Under A's page (by its title): refused, nothing created.
      for (const parentPage of [A.parentPage, A.page]) {
        await expectRefusedLikeUnknown(
          (parent) => send(w.createPage, b, { body: { id: null, title: 'Under theirs', content: '', parent } }),
          parentPage.title,
          UNKNOWN_TITLE,
          400,
        );
      }
      expect(await ctx().db.selectFrom('website_posts').select('id').where('domain_id', '=', b.school.id).execute()).toEqual(before);
      // A's page id (and A's category): a create ignores them, and makes B a page of its own, at the top or under B's page.
      const theirCategory = { [String(A.category.id)]: 'Theirs' };
      const top = await ok(w.createPage, b, { body: { id: A.page.id, title: 'Fresh page', content: '', category: theirCategory, parent: null } });
      const under = await ok(w.createPage, b, { body: { id: A.parentPage.id, title: 'Fresh sub-page', content: '', parent: B.parentPage.title } });
      for (const created of [top, under]) await expectOwnRecordOfB(world, created.id, 'page');
      expect((await ok(w.page, b, { params: { id: top.id } })).page).toMatchObject({ post_title: 'Fresh page', parent: null });
      expect((await ok(w.page, b, { params: { id: under.id } })).page).toMatchObject({ post_title: 'Fresh sub-page', parent: B.parentPage.title });
    },
  },

  'website.uploadGalleryImage': {
    async run({ b, A }) {
      const file = await png();
      await expectRefusedLikeUnknown((galleryID) => send(w.uploadGalleryImage, b, { form: { galleryID }, file }), A.gallery, UNKNOWN_ID, 404);
    },
  },

  'website.updateGallery': {
    async run({ b, A, B }) {
      // A's gallery, saved with B's own images or none.
      for (const uploaded of [[], [B.pending.id], [B.attached.id, B.pending.id]]) {
        await expectRefusedLikeUnknown((galleryID) => send(w.updateGallery, b, { body: { galleryID, uploaded } }), A.gallery, UNKNOWN_ID, 404);
      }
      // B's own gallery, saved with A's images (alone, or after B's own pending one: nothing of it is kept).
      for (const image of [A.pending, A.attached]) {
        await expectRefusedLikeUnknown((id) => send(w.updateGallery, b, { body: { galleryID: B.gallery, uploaded: [id] } }), image.id, UNKNOWN_ID, 404);
        await expectRefusedLikeUnknown(
          (id) => send(w.updateGallery, b, { body: { galleryID: B.gallery, uploaded: [B.pending.id, id] } }),
          image.id,
          UNKNOWN_ID,
          404,
        );
        // ... or with texts for A's image.
        await expectRefusedLikeUnknown(
          (id) => send(w.updateGallery, b, { body: { galleryID: B.gallery, uploaded: [B.pending.id], images: [{ id, alt: 'B', caption: 'B' }] } }),
          image.id,
          UNKNOWN_ID,
          404,
        );
      }
    },
  },

  'website.removeGalleryImage': {
    async run({ b, A, B }) {
      // A's image through A's gallery.
      for (const image of [A.attached, A.pending]) {
        await expectRefusedLikeUnknown((id) => send(w.removeGalleryImage, b, { body: { id, galleryID: A.gallery } }), image.id, UNKNOWN_ID, 404);
        // A's image through B's own gallery.
        await expectRefusedLikeUnknown((id) => send(w.removeGalleryImage, b, { body: { id, galleryID: B.gallery } }), image.id, UNKNOWN_ID, 404);
      }
      // B's own image through A's gallery.
      for (const image of [B.attached, B.pending]) {
        await expectRefusedLikeUnknown((galleryID) => send(w.removeGalleryImage, b, { body: { id: image.id, galleryID } }), A.gallery, UNKNOWN_ID, 404);
      }
    },
  },

  // Revisions, autosave, preview
  'website.postRevisions': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((id) => send(w.postRevisions, b, { params: { id } }), A.post.id, UNKNOWN_ID, 404);
    },
  },

  'website.pageRevisions': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((id) => send(w.pageRevisions, b, { params: { id } }), A.page.id, UNKNOWN_ID, 404);
    },
  },

  'website.revision': {
    async run({ a, b }) {
      const theirs = await ctx().db.selectFrom('website_revisions').select('id').where('domain_id', '=', a.school.id).execute();
      expect(theirs.length).toBeGreaterThan(0);
      for (const { id: revision } of theirs) {
        await expectRefusedLikeUnknown((id) => send(w.revision, b, { params: { id } }), revision, UNKNOWN_ID, 404);
      }
    },
  },

  'website.autosave': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((id) => send(w.autosave, b, { body: { kind: 'post', id, title: 'x', content: '<p>x</p>' } }), A.post.id, UNKNOWN_ID, 404);
      await expectRefusedLikeUnknown((id) => send(w.autosave, b, { body: { kind: 'page', id, title: 'x', content: '<p>x</p>' } }), A.page.id, UNKNOWN_ID, 404);
      expect(await ctx().db.selectFrom('website_autosaves').select('id').execute()).toEqual([]);
    },
  },

  'website.getAutosave': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((id) => send(w.getAutosave, b, { query: { kind: 'post', id } }), A.post.id, UNKNOWN_ID, 404);
    },
  },

  'website.discardAutosave': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((id) => send(w.discardAutosave, b, { body: { kind: 'post', id } }), A.post.id, UNKNOWN_ID, 404);
    },
  },

  'website.preview': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((id) => send(w.preview, b, { body: { kind: 'post', id, title: 'x', content: '' } }), A.post.id, UNKNOWN_ID, 404);
      // A new post of B's, filed under A's category: the preview shows no name of A's.
      await ok(w.preview, b, { body: { kind: 'post', id: null, title: 'x', content: '', category: { [String(A.category.id)]: 'Theirs' } } });
      const rows = await ctx().db.selectFrom('website_previews').select(['domain_id', 'categories']).execute();
      expect(rows).toEqual([{ domain_id: b.school.id, categories: '' }]);
    },
  },

  'newsletter.sendSimple': {
    async run({ b, A }) {
      // A's category for B's newsletter post: refused like an unknown one, and nothing is sent or published.
      await expectRefusedLikeUnknown(
        (categoryId) =>
          send(newsletterCalls.sendSimple, b, {
            form: { from: 'B', subject: 'Filed under theirs', message: '', category: JSON.stringify({ [String(categoryId)]: 'Theirs' }) },
          }),
        A.category.id,
        UNKNOWN_ID,
        400,
      );
    },
  },

  'newsletter.outboxMessage': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((id) => send(newsletterCalls.outboxMessage, b, { params: { id } }), A.message, UNKNOWN_ID, 404);
    },
  },

  'newsletter.builderLoadTemplate': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((templateId) => send(newsletterBuilderCalls.builderLoadTemplate, b, { params: { templateId } }), A.build, UNKNOWN_ID, 404);
    },
  },

  'newsletter.builderSave': {
    async run({ b, A }) {
      await expectRefusedLikeUnknown((id) => send(newsletterBuilderCalls.builderSave, b, { body: { id, build: [[], [], []] } }), A.build, UNKNOWN_ID, 404);
    },
  },

  ...Object.fromEntries(
    (['builderSend', 'builderWebsite'] as const).map((name) => [
      `newsletter.${name}`,
      {
        async run({ b, A }: World) {
          // A's category for B's newsletter post: refused like an unknown one, and nothing is sent or published.
          await expectRefusedLikeUnknown(
            (categoryId) =>
              send(newsletterBuilderCalls[name], b, {
                form: {
                  from: 'B',
                  subject: 'Filed under theirs',
                  build: JSON.stringify([[], [], []]),
                  category: JSON.stringify({ [String(categoryId)]: 'Theirs' }),
                },
              }),
            A.category.id,
            UNKNOWN_ID,
            400,
          );
        },
      },
    ]),
  ),

  // A student of A's (on the roster, or an addition waiting), edited or deleted by B: as unknown, and no request is filed.
  'hapara.updateStudent': {
    async run({ b, A, B }) {
      for (const student of [A.student, A.pendingStudent, B.pendingStudent]) {
        await expectRefusedLikeUnknown(
          (index) => send(haparaCalls.updateStudent, b, { body: { firstname: 'Changed', lastname: 'By B', class: '7A', email: 'b@example.org', index } }),
          student,
          UNKNOWN_ID,
          404,
        );
      }
    },
  },

  'hapara.deleteStudent': {
    async run({ b, A, B }) {
      for (const student of [A.student, A.pendingStudent, B.pendingStudent]) {
        await expectRefusedLikeUnknown((index) => send(haparaCalls.deleteStudent, b, { body: { index } }), student, UNKNOWN_ID, 404);
      }
    },
  },

  // A's user, or a person A invited, unauthorised by B: as unknown (the call is a state-changing GET, so it carries the portal's header).
  'account.deleteUser': {
    async run({ a, b }) {
      const unauthorise = (email: string) =>
        get(ctx().app, accountCalls.deleteUser.path.replace('{email}', encodeURIComponent(email)), { cookie: b.cookie, headers: { 'x-portal-client': '1' } });
      const user = await ctx().db.selectFrom('users').select('email').where('domain_id', '=', a.school.id).executeTakeFirstOrThrow();
      const invited = `invited@${a.school.label}`;
      await ok(accountCalls.addUser, a, { body: { email: invited, name: 'Invited By A' } });
      for (const email of [user.email, invited]) await expectRefusedLikeUnknown(unauthorise, email, 'nobody@example.org', 404);
      const users = (await ok(accountCalls.users, a)).users.map((u) => u.email);
      expect(users).toEqual(expect.arrayContaining([user.email, invited]));
    },
  },

  // A's support ticket read, replied to or closed by B, by its number: as a number nobody has, and A's thread is unchanged.
  ...Object.fromEntries(
    (['ticket', 'replyTicket', 'ticketStatus'] as const).map((name) => [
      `support.${name}`,
      {
        async run({ a, b }: World) {
          const department = await ctx().db.selectFrom('support_departments').select('id').orderBy('id').executeTakeFirstOrThrow();
          const priority = await ctx().db.selectFrom('support_priorities').select('id').orderBy('id').executeTakeFirstOrThrow();
          const { ticket } = await ok(supportHelpdeskCalls.newTicket, a, {
            form: { subject: `Help for ${a.school.label}`, department: Number(department.id), priority: Number(priority.id), message: 'Ours.' },
          });
          const before = await ok(supportHelpdeskCalls.ticket, a, { params: { number: ticket.number } });
          const attempt = (number: number) =>
            name === 'ticket'
              ? send(supportHelpdeskCalls.ticket, b, { params: { number } })
              : name === 'replyTicket'
                ? send(supportHelpdeskCalls.replyTicket, b, { params: { number }, form: { message: 'From B' } })
                : send(supportHelpdeskCalls.ticketStatus, b, { params: { number }, body: { action: 'close' } });
          await expectRefusedLikeUnknown(attempt, ticket.number, UNKNOWN_ID, 404);
          expect(await ok(supportHelpdeskCalls.ticket, a, { params: { number: ticket.number } })).toEqual(before);
        },
      },
    ]),
  ),

  // A person on A's staff list changed, deleted or moved by B (at the index A has them, or B's own first place): as unknown.
  ...Object.fromEntries(
    (['app', 'website'] as const).flatMap((list) =>
      (['Update', 'Delete', 'Move'] as const).map((action) => [
        `staff.${list}${action}`,
        {
          async run({ b, A }: World) {
            const call = staffCalls[`${list}${action}`];
            const extra = action === 'Update' ? { name: 'Changed by B' } : action === 'Move' ? { direction: 'down' } : {};
            await expectRefusedLikeUnknown((id) => send(call, b, { body: { id, index: 0, ...extra } }), A.staffMembers[list], UNKNOWN_ID, 404);
          },
        },
      ]),
    ),
  ),

  ...Object.fromEntries(
    (['send', 'pauseSend', 'resumeSend', 'cancelSend', 'sendMessages'] as const).map((name) => [
      `newsletter.${name}`,
      {
        async run({ b, A }: World) {
          await expectRefusedLikeUnknown((id) => send(newsletterCalls[name], b, { params: { id } }), A.send, UNKNOWN_ID, 404);
        },
      },
    ]),
  ),
};

/* ---- The tests ---- */

describe('tenancy: the call tables walked', () => {
  it('give every id-taking call a cross-school case, and no case to a call that is gone or takes no id', () => {
    const idTaking: string[] = ID_TAKING.map(([name]) => name);
    const known: string[] = CALLS.map(([name]) => name);
    const cased = Object.keys(CASES);
    const uncovered = idTaking.filter((name) => !cased.includes(name));
    expect.soft(uncovered, 'id-taking calls without a cross-school case in CASES').toEqual([]);
    expect
      .soft(
        cased.filter((name) => !known.includes(name)),
        'cases naming a call no table has',
      )
      .toEqual([]);
    expect
      .soft(
        cased.filter((name) => known.includes(name) && !idTaking.includes(name)),
        'cases naming a call that takes no id',
      )
      .toEqual([]);
  });

  it('find the id-taking calls the schemas have today', () => {
    expect(Object.fromEntries(ID_TAKING)).toEqual(EXPECTED_ID_FIELDS);
  });

  const anyName = z.string();
  it.each([
    ['a key named id', { body: z.object({ id: anyName }) }, ['body.id']],
    [
      'keys ending in ID, Id, _id and their plurals',
      { body: z.object({ galleryID: anyName, userId: anyName, parent_id: anyName, tagIds: z.array(anyName) }) },
      ['body.galleryID', 'body.parent_id', 'body.tagIds', 'body.userId'],
    ],
    [
      'parent and category keys',
      { body: z.object({ parent: anyName.nullable(), category: z.record(anyName, anyName), categories: z.array(anyName) }) },
      ['body.categories', 'body.category', 'body.parent'],
    ],
    [
      'the id rule under any name, however wrapped',
      {
        form: z.object({
          images: z.array(idSchema).max(3),
          pick: idSchema.nullable().optional(),
          map: z.record(anyName, idSchema),
          nested: z.object({ inner: idSchema }),
        }),
      },
      ['form.images', 'form.map', 'form.nested', 'form.pick'],
    ],
    ['every path parameter', { params: z.object({ email: anyName }) }, ['params.email']],
    ['a query key', { query: z.object({ page: z.number(), postId: z.number() }) }, ['query.postId']],
    ['a body that is a list of ids', { body: z.array(idSchema) }, ['body']],
    [
      'nothing for other keys',
      {
        body: z.object({ title: anyName, grid: anyName, valid: z.boolean(), page: z.number(), uploadedAt: z.number(), file: z.file() }),
        query: z.object({ limit: z.number() }),
      },
      [],
    ],
  ] as const)('the rule: %s', (_what, schemas, expected) => {
    expect(idFields(schemas)).toEqual(expected);
  });

  it('cover every route the API serves (a new module’s table belongs in CALL_TABLES)', () => {
    const api = new Hono<AppEnv>().basePath('/api');
    mountModuleApis(api);
    const walked = new Set(CALLS.map(([, call]) => `${call.method} /api${routePath(call.path)}`));
    const unwalked = api.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`)
      .filter((route) => !walked.has(route) && !FILE_ROUTES.has(route));
    expect(unwalked).toEqual([]);
  });
});

describe('tenancy: school B with school A’s ids', () => {
  /** Two schools with the website, each signed in, holding the same kinds of records. */
  async function twoSchools(): Promise<World> {
    const products = { website: true, newsletter: true, builder: true, hapara: true, app: true };
    const [a, b] = [await signedInUser(ctx(), products), await signedInUser(ctx(), products)];
    const staffA: Staff = { school: a.school, cookie: a.cookie };
    const staffB: Staff = { school: b.school, cookie: b.cookie };
    return { a: staffA, A: await hold(staffA), b: staffB, B: await hold(staffB) };
  }

  it.each(Object.entries(CASES) as Array<[CallName, CrossSchoolCase]>)(
    '%s: B is refused (or touches only its own school), and A is unchanged',
    async (_name, crossSchool) => {
      // Two new schools for each case, so one case's attempts never meet another's.
      const world = await twoSchools();
      const aBefore = await stateOf(world.a);
      const bBefore = await stateOf(world.b);
      // The records are there for their owner: the refusals below are about the school, not the id.
      expect(aBefore.session.onePost.map((p) => p.post.id)).toEqual([world.A.post.id]);
      expect(aBefore.session.onePage.map((p) => [p.page.id, p.page.parent])).toEqual(
        expect.arrayContaining([
          [world.A.parentPage.id, null],
          [world.A.page.id, world.A.parentPage.title],
        ]),
      );
      expect(aBefore.session.oneGallery.map((g) => g.gallery.gallery_data.gallery.map((i) => i.id))).toEqual([[world.A.attached.id]]);
      expect(aBefore.media.map((m) => [m.id, m.status])).toEqual([
        [world.A.attached.id, 'attached'],
        [world.A.pending.id, 'pending'],
      ]);
      expect(aBefore.files).toHaveLength(4);

      await crossSchool.run(world);

      expect(await stateOf(world.a)).toEqual(aBefore);
      if (!crossSchool.createsForB) expect(await stateOf(world.b)).toEqual(bBefore);
    },
  );
});

/**
 * The website's posts, pages, categories and menu in the reference legacy backend (a WordPress
 * behind the provider's backend), answering as such backends do:
 *
 *   GET  /api/website/wordpress/categories            -> { categories: [{ term_id: "3", name }] }   (id as text, named term_id)
 *   GET  /api/website/wordpress/posts?page&limit&query -> { posts: [{ ID: "12", post_title, post_content,
 *        post_category: "News,Events" (names, comma-separated, no spaces), post_date: "YYYY-MM-DD HH:MM:SS",
 *        post_status: "publish" | "draft", guid }], categories: [...], total_pages: "3" }
 *   GET  /api/website/wordpress/pages?page&limit[&query] -> { pages: [{ ID: "40", post_title, post_content,
 *        post_modified: unix seconds as text, post_status: "publish" | "pending" | "draft", post_parent: "0" | "<ID>", guid }],
 *        total_pages: 2 }   (a page with no pages is `pages: false`)
 *   GET  /api/website/menu -> { menu: [{ ID: "40", title, url, children: [...] }] }   (no children: the key is missing)
 *   POST /api/website/posts/toggle {id, isPublic}       -> success only (the post is not sent back)
 *   POST /api/website/posts/delete {id}                 -> success only
 *   POST /api/website/{posts|pages}/create {id, title, content, category, parent} -> { id: "57", link }
 *   POST /api/website/{posts|pages}/update {...}         -> { id: "57", link }
 * `category` is a map of category id to name; `parent` a page title (or null). New pages wait
 * for review ("pending"); new posts publish at once. Unknown ids are `{success: false}` with a message.
 */
import type { LegacyRouter, LegacyRequest } from '../router';
import { legacyFail, legacyOk } from '../router';
import type { LegacyStore, School } from '../store';

export interface LegacyWebsitePost {
  ID: string;
  post_title: string;
  post_content: string;
  post_category: string;
  post_date: string;
  post_status: 'publish' | 'draft';
  guid: string;
}

export interface LegacyWebsitePage {
  ID: string;
  post_title: string;
  post_content: string;
  post_modified: string;
  post_status: 'publish' | 'pending' | 'draft';
  post_parent: string;
  menu_order: number;
  guid: string;
}

export interface LegacyWebsite {
  nextId: number;
  categories: Array<{ term_id: string; name: string }>;
  posts: LegacyWebsitePost[];
  pages: LegacyWebsitePage[];
}

const POST_TOPICS = [
  'Sports day',
  'Book week',
  'Science fair',
  'Kapa haka',
  'Swimming',
  'Library news',
  'Art show',
  'Camp',
  'Garden club',
  'Cross country',
  'Music night',
  'Term dates',
];

const mysqlDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'item';

function seedWebsite(school: School): LegacyWebsite {
  const site = `https://${school.label}`;
  const categories = [
    { term_id: '3', name: 'News' },
    { term_id: '4', name: 'Events' },
    { term_id: '5', name: 'Sport' },
  ];
  // Twelve posts (more than a page of ten), newest first, every third one hidden.
  const posts = POST_TOPICS.map((topic, i): LegacyWebsitePost => {
    const id = 100 + i;
    return {
      ID: String(id),
      post_title: `${topic} ${2026 - Math.floor(i / 6)}`,
      post_content: `<p>${topic}: a post of ${school.name}.</p>`,
      post_category: i % 2 === 0 ? 'News' : 'Events,Sport',
      post_date: mysqlDate(new Date(Date.UTC(2026, 2, 20 - i, 9, 30))),
      post_status: i % 3 === 2 ? 'draft' : 'publish',
      guid: `${site}/?p=${id}`,
    };
  });
  const pageTitles = [
    'About Us',
    'Enrolments',
    'Our Staff',
    'Contact',
    'Uniform',
    'Policies',
    'Board',
    'Newsletters',
    'Calendar',
    'Before School',
    'After School',
  ];
  const pages = pageTitles.map((title, i): LegacyWebsitePage => {
    const id = 200 + i;
    return {
      ID: String(id),
      post_title: title,
      post_content: `<p>${title} at ${school.name}.</p>`,
      post_modified: String(Math.floor(Date.UTC(2026, 1, 28 - i, 8) / 1000)),
      post_status: 'publish',
      // 'Our Staff' sits under 'About Us'.
      post_parent: title === 'Our Staff' ? '200' : '0',
      menu_order: i,
      guid: `${site}/${slug(title)}/`,
    };
  });
  return { nextId: 300, categories, posts, pages };
}

export function websiteOf(store: LegacyStore, school: School): LegacyWebsite {
  return store.slice(school, 'website', () => seedWebsite(school));
}

/** `?page=&limit=&query=` as the legacy backend reads them (defaults 1 and 10, bad numbers as defaults). */
function paging(request: LegacyRequest): { page: number; limit: number; query: string } {
  const number = (name: string, fallback: number) => {
    const n = Number.parseInt(request.query.get(name) ?? '', 10);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return { page: number('page', 1), limit: number('limit', 10), query: (request.query.get('query') ?? '').trim().toLowerCase() };
}

function pageOf<T>(items: T[], page: number, limit: number): { items: T[]; total_pages: number } {
  return { items: items.slice((page - 1) * limit, page * limit), total_pages: Math.ceil(items.length / limit) };
}

interface SaveBody {
  id?: unknown;
  title?: unknown;
  content?: unknown;
  category?: unknown;
  parent?: unknown;
}

async function bodyOf(request: LegacyRequest): Promise<SaveBody> {
  const body = await request.json();
  return body && typeof body === 'object' ? (body as SaveBody) : {};
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function registerWebsite(router: LegacyRouter): void {
  const site = (request: LegacyRequest, store: LegacyStore) => websiteOf(store, request.school as School);

  router.on('GET', '/api/website/wordpress/categories', (request, store) => legacyOk({ categories: site(request, store).categories }));

  router.on('GET', '/api/website/wordpress/posts', (request, store) => {
    const data = site(request, store);
    const { page, limit, query } = paging(request);
    const found = data.posts.filter((post) => !query || post.post_title.toLowerCase().includes(query));
    const { items, total_pages } = pageOf(found, page, limit);
    return legacyOk({ posts: items, categories: data.categories, total_pages: String(total_pages) });
  });

  router.on('GET', '/api/website/wordpress/pages', (request, store) => {
    const data = site(request, store);
    const { page, limit, query } = paging(request);
    const found = [...data.pages]
      .sort((a, b) => Number(b.post_modified) - Number(a.post_modified))
      .filter((item) => !query || item.post_title.toLowerCase().includes(query));
    const { items, total_pages } = pageOf(found, page, limit);
    return legacyOk({ pages: items.length ? items : false, total_pages });
  });

  router.on('GET', '/api/website/menu', (request, store) => {
    const pages = site(request, store)
      .pages.filter((p) => p.post_status === 'publish')
      .sort((a, b) => a.menu_order - b.menu_order);
    const build = (parent: string): unknown[] =>
      pages
        .filter((p) => p.post_parent === parent)
        .map((p) => {
          const children = build(p.ID);
          return { ID: p.ID, title: p.post_title, url: p.guid, ...(children.length ? { children } : {}) };
        });
    return legacyOk({ menu: build('0') });
  });

  router.on('POST', '/api/website/posts/toggle', async (request, store) => {
    const body = (await request.json()) as { id?: unknown; isPublic?: unknown } | null;
    const post = site(request, store).posts.find((p) => p.ID === String(body?.id));
    if (!post) return legacyFail('Post not found');
    post.post_status = body?.isPublic === true || body?.isPublic === 'true' ? 'publish' : 'draft';
    return legacyOk();
  });

  router.on('POST', '/api/website/posts/delete', async (request, store) => {
    const body = (await request.json()) as { id?: unknown } | null;
    const data = site(request, store);
    const index = data.posts.findIndex((p) => p.ID === String(body?.id));
    if (index < 0) return legacyFail('Post not found');
    data.posts.splice(index, 1);
    return legacyOk();
  });

  const categoryNames = (category: unknown) =>
    category && typeof category === 'object'
      ? Object.values(category as Record<string, unknown>)
          .map(text)
          .filter(Boolean)
          .join(',')
      : '';

  router.on('POST', '/api/website/posts/create', async (request, store) => {
    const data = site(request, store);
    const body = await bodyOf(request);
    const id = String(data.nextId++);
    data.posts.unshift({
      ID: id,
      post_title: text(body.title),
      post_content: text(body.content),
      post_category: categoryNames(body.category),
      post_date: mysqlDate(new Date()),
      post_status: 'publish',
      guid: `https://${request.school?.label}/?p=${id}`,
    });
    return legacyOk({ id, link: `https://${request.school?.label}/?p=${id}` });
  });

  router.on('POST', '/api/website/posts/update', async (request, store) => {
    const body = await bodyOf(request);
    const post = site(request, store).posts.find((p) => p.ID === String(body.id));
    if (!post) return legacyFail('Post not found');
    post.post_title = text(body.title);
    post.post_content = text(body.content);
    post.post_category = categoryNames(body.category);
    return legacyOk({ id: post.ID, link: post.guid });
  });

  router.on('POST', '/api/website/pages/create', async (request, store) => {
    const data = site(request, store);
    const body = await bodyOf(request);
    const parent = text(body.parent) ? data.pages.find((p) => p.post_title === text(body.parent)) : undefined;
    if (text(body.parent) && !parent) return legacyFail('Parent page not found');
    const id = String(data.nextId++);
    const guid = `https://${request.school?.label}/${slug(text(body.title))}-${id}/`;
    data.pages.push({
      ID: id,
      post_title: text(body.title),
      post_content: text(body.content),
      post_modified: String(Math.floor(Date.now() / 1000)),
      post_status: 'pending',
      post_parent: parent?.ID ?? '0',
      menu_order: data.pages.length,
      guid,
    });
    return legacyOk({ id, link: guid });
  });

  router.on('POST', '/api/website/pages/update', async (request, store) => {
    const body = await bodyOf(request);
    const page = site(request, store).pages.find((p) => p.ID === String(body.id));
    if (!page) return legacyFail('Page not found');
    page.post_title = text(body.title);
    page.post_content = text(body.content);
    page.post_modified = String(Math.floor(Date.now() / 1000));
    return legacyOk({ id: page.ID, link: page.guid });
  });
}

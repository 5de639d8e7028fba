import { sql } from 'kysely';
import type { Db } from '../../../../../platform/db';
import { containsText } from '../../../../../platform/db/search';
import '../schema';

/**
 * All SQL of the knowledgebase (the provider's articles, the same for every school). The search is
 * portable LIKE over lowercased, accent-folded copies of the title and the text (db/search.ts):
 * every word must be found, in the title or the text, and articles whose titles hold more of the
 * words come first.
 */

export interface ArticleRecord {
  id: number;
  slug: string;
  title: string;
  category: string;
  body: string;
  updated_at: number;
}

const COLUMNS = ['id', 'slug', 'title', 'category', 'body', 'updated_at'] as const;

function toRecord(row: ArticleRecord): ArticleRecord {
  return { ...row, id: Number(row.id), updated_at: Number(row.updated_at) };
}

/** Every article, by category then title. */
export async function listArticles(db: Db): Promise<ArticleRecord[]> {
  const rows = await db.selectFrom('support_articles').select(COLUMNS).orderBy('category').orderBy('title').orderBy('id').execute();
  return rows.map(toRecord);
}

/** Articles holding every word (lowercased, folded), the most words in the title first, then by title. */
export async function searchArticles(db: Db, words: readonly string[], limit: number): Promise<ArticleRecord[]> {
  let query = db.selectFrom('support_articles').select(COLUMNS);
  for (const word of words) {
    query = query.where((eb) => eb.or([containsText('search_title', word), containsText('search_body', word)]));
  }
  const titleHits = sql<number>`${sql.join(
    words.map((word) => sql`case when ${containsText('search_title', word)} then 1 else 0 end`),
    sql` + `,
  )}`;
  const rows = await query.select(titleHits.as('title_hits')).orderBy('title_hits', 'desc').orderBy('title').orderBy('id').limit(limit).execute();
  return rows.map(({ title_hits: _hits, ...row }) => toRecord(row));
}

export async function findArticle(db: Db, slug: string): Promise<ArticleRecord | undefined> {
  const row = await db.selectFrom('support_articles').select(COLUMNS).where('slug', '=', slug).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  return (await db.selectFrom('support_articles').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}

export interface NewArticleRow {
  slug: string;
  title: string;
  category: string;
  body: string;
  search_title: string;
  search_body: string;
  now: number;
}

export async function insertArticle(db: Db, row: NewArticleRow): Promise<void> {
  const { now, ...values } = row;
  await db
    .insertInto('support_articles')
    .values({ ...values, created_at: now, updated_at: now })
    .execute();
}

export async function deleteArticle(db: Db, slug: string): Promise<boolean> {
  const result = await db.deleteFrom('support_articles').where('slug', '=', slug).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

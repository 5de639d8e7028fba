import { z } from 'zod';
import type { Db } from '../../../../../platform/db';
import { isRefusal, Refusal } from '../../../../../platform/errors';
import { slugSchema } from '../../../contract';
import { MAX_SEARCH_LENGTH, MAX_SEARCH_WORDS, type ArticleSummary } from '../../../helpdesk-contract';
import { articleText, excerptOf, foldForSearch, renderArticle } from './markdown';
import * as repo from './repository';
import type { ArticlePage } from '../../backend';

/**
 * The knowledgebase: the provider's help articles (Markdown), the same for every school, listed
 * by category, searched (every word, title matches first) and shown as safe HTML.
 */

/** At most this many search results. */
export const MAX_RESULTS = 50;

function summaryOf(article: repo.ArticleRecord): ArticleSummary {
  return { slug: article.slug, title: article.title, category: article.category, excerpt: excerptOf(articleText(article.body)) };
}

/** The words of a search as the stored texts hold them: folded, lowercased, at most MAX_SEARCH_WORDS. */
export function searchWords(query: string): string[] {
  const words = foldForSearch(query.slice(0, MAX_SEARCH_LENGTH))
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** Articles for a search (every article, by category, without one). */
export async function searchKnowledgebase(db: Db, query: string | undefined): Promise<ArticleSummary[]> {
  const words = searchWords(query ?? '');
  const articles = words.length === 0 ? await repo.listArticles(db) : await repo.searchArticles(db, words, MAX_RESULTS);
  return articles.map(summaryOf);
}

/** One article rendered for the helpdesk's page, or null when there is none of that slug. */
export async function loadArticle(db: Db, slug: string): Promise<ArticlePage | null> {
  const article = await repo.findArticle(db, slug);
  if (!article) return null;
  let html: string;
  try {
    html = renderArticle(article.body);
  } catch (err) {
    // An article beyond the HTML limits (none can be added any more) shows no text rather than being parsed.
    if (!isRefusal(err)) throw err;
    html = '';
  }
  return { slug: article.slug, title: article.title, category: article.category, html, updated: article.updated_at };
}

/** Lowercase words joined by hyphens, from a title ('Sending a newsletter' -> 'sending-a-newsletter'). */
export function slugFromTitle(title: string): string {
  return foldForSearch(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
}

export const newArticleSchema = z.object({
  slug: slugSchema.optional(),
  title: z.string().trim().min(1, { error: 'A title is required.' }).max(300, { error: 'A title can be at most 300 characters.' }),
  category: z.string().trim().min(1, { error: 'A category is required.' }).max(100, { error: 'A category can be at most 100 characters.' }),
  body: z.string().trim().min(1, { error: 'The article needs a text.' }).max(100_000, { error: 'An article can be at most 100,000 characters.' }),
});

/** Adds an article; its slug is the title's unless given. Answers the slug. */
export async function addArticle(db: Db, input: z.input<typeof newArticleSchema>, now: number): Promise<string> {
  const article = newArticleSchema.parse(input);
  const slug = article.slug ?? slugFromTitle(article.title);
  if (!slugSchema.safeParse(slug).success) throw new Refusal(400, 'invalid', 'This title makes no slug: give one with --slug (lowercase letters, digits and hyphens).');
  if (await repo.slugTaken(db, slug)) throw new Refusal(400, 'invalid', `An article with the slug ${slug} already exists.`);
  const text = articleText(article.body);
  await repo.insertArticle(db, {
    slug,
    title: article.title,
    category: article.category,
    body: article.body,
    search_title: foldForSearch(article.title),
    search_body: foldForSearch(text),
    now,
  });
  return slug;
}

export async function removeArticle(db: Db, slug: string): Promise<void> {
  if (!(await repo.deleteArticle(db, slug))) throw new Refusal(404, 'not_found', `There is no article ${slug}.`);
}

export async function listAllArticles(db: Db): Promise<repo.ArticleRecord[]> {
  return repo.listArticles(db);
}

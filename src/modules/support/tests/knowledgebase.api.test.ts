import { beforeAll, describe, expect, it } from 'vitest';
import { knowledgebaseResponseSchema, type ArticleSummary } from '../helpdesk-contract';
import { SUPPORT_HELPDESK_ENDPOINTS } from '../helpdesk-calls';
import { addArticle, loadArticle, removeArticle } from '../server/embedded/knowledgebase/service';
import { seedKnowledgebase } from '../server/embedded/knowledgebase/seed';
import { SEED_ARTICLES } from '../server/embedded/knowledgebase/articles';
import { bodyOf, failure, get, signedInUser, useTestContext } from '../../../../tests/factories';

/**
 * The knowledgebase on both databases: the seeded help articles, search (every word, in the
 * title or the text, accents and case aside, title matches first), Markdown rendered safely, and
 * the articles the provider adds and removes.
 */
describe('support: knowledgebase', () => {
  const ctx = useTestContext();
  let cookie = '';

  beforeAll(async () => {
    await seedKnowledgebase(ctx().db, ctx().clock.now);
    ({ cookie } = await signedInUser(ctx()));
    const now = ctx().clock.now;
    // Made-up words ("zorblat", "quenx") so the seeded help never matches them.
    await addArticle(ctx().db, { slug: 'kb-body-only', title: 'About the calendar', category: 'Tests', body: 'Use the zorblat to plan quenx days.' }, now);
    await addArticle(ctx().db, { slug: 'kb-title-one', title: 'Zorblat basics', category: 'Tests', body: 'Getting started with it: quenx.' }, now);
    await addArticle(ctx().db, { slug: 'kb-title-both', title: 'Zorblat and quenx together', category: 'Tests', body: 'Both words are in the title.' }, now);
    await addArticle(ctx().db, { slug: 'kb-only-one-word', title: 'Zorblat alone', category: 'Tests', body: 'The other word is missing here.' }, now);
    await addArticle(
      ctx().db,
      { slug: 'kb-accents', title: 'Café menus for the Māori language week', category: 'Tests', body: 'Naïve résumé of 100% of the_work.' },
      now,
    );
  });

  async function search(query: string): Promise<ArticleSummary[]> {
    const res = await get(ctx().app, `${SUPPORT_HELPDESK_ENDPOINTS.knowledgebase.path}?query=${encodeURIComponent(query)}`, { cookie });
    expect(res.status).toBe(200);
    return knowledgebaseResponseSchema.parse(await bodyOf(res)).articles;
  }

  it('lists every article by category, the seeded help for the portal’s screens among them', async () => {
    const res = await get(ctx().app, SUPPORT_HELPDESK_ENDPOINTS.knowledgebase.path, { cookie });
    const { articles } = knowledgebaseResponseSchema.parse(await bodyOf(res));
    expect(articles.map((a) => a.slug)).toEqual(expect.arrayContaining(SEED_ARTICLES.map((a) => a.slug)));
    const categories = articles.map((a) => a.category);
    expect(categories).toEqual([...categories].sort());
    const tickets = articles.find((a) => a.slug === 'support-tickets')!;
    expect(tickets).toEqual({
      slug: 'support-tickets',
      title: 'Asking for help with a support ticket',
      category: 'Support',
      excerpt: expect.stringMatching(/^Open Support > New Support Ticket \(\/support\/new\)\. Write a short Subject\..*…$/),
    });
    expect(tickets.excerpt.length).toBeLessThanOrEqual(181);
  });

  it('finds articles holding every word, in the title or the text, title matches first', async () => {
    expect((await search('zorblat quenx')).map((a) => a.slug)).toEqual(['kb-title-both', 'kb-title-one', 'kb-body-only']);
    expect((await search('ZORBLAT')).map((a) => a.slug)).toEqual(['kb-only-one-word', 'kb-title-both', 'kb-title-one', 'kb-body-only']);
    expect(await search('zorblat nothingmatchesthis')).toEqual([]);
  });

  it('ignores case, accents and punctuation: words are searched, not LIKE patterns', async () => {
    expect((await search('cafe maori')).map((a) => a.slug)).toEqual(['kb-accents']);
    expect((await search('RÉSUMÉ, naive!')).map((a) => a.slug)).toEqual(['kb-accents']);
    expect((await search('"the_work" 100%')).map((a) => a.slug)).toEqual(['kb-accents']);
    // Wildcards are not words: % and _ alone search for nothing, so every article is listed.
    const all = await search('');
    expect(await search('% _')).toEqual(all);
  });

  it('finds the seeded help by what staff would type', async () => {
    expect((await search('gallery photos'))[0]?.slug).toBe('photo-galleries');
    expect((await search('leavers csv')).map((a) => a.slug)).toContain('leavers-list-upload');
  });

  it('refuses a search longer than its limit', async () => {
    expect((await failure(await get(ctx().app, `${SUPPORT_HELPDESK_ENDPOINTS.knowledgebase.path}?query=${'a'.repeat(201)}`, { cookie }))).status).toBe(400);
  });

  it('renders an article’s Markdown safely: formatting and links kept, script and handlers gone, headings under the page’s h1', async () => {
    const body = [
      '# Big heading',
      '',
      'Some **bold** and a [portal screen](/website/posts), [another article](/helpdesk/knowledgebase/kb-title-one) and [a site](https://example.org).',
      '',
      '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a><iframe src="https://evil.example"></iframe>',
      '',
      '| A | B |',
      '| --- | --- |',
      '| 1 | 2 |',
    ].join('\n');
    await addArticle(ctx().db, { slug: 'kb-markdown', title: 'Markdown', category: 'Tests', body }, ctx().clock.now);
    const article = (await loadArticle(ctx().db, 'kb-markdown'))!;
    expect(article.html).toContain('<h2>Big heading</h2>');
    expect(article.html).toContain('<strong>bold</strong>');
    expect(article.html).toContain('<a href="/website/posts" target="_top">portal screen</a>');
    expect(article.html).toContain('<a href="/helpdesk/knowledgebase/kb-title-one">another article</a>');
    expect(article.html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">a site</a>');
    expect(article.html).toContain('<td>1</td>');
    expect(article.html).not.toMatch(/<script|onerror|javascript:|<img|<iframe|<h1/i);
    expect(await loadArticle(ctx().db, 'no-such-article')).toBeNull();
  });

  it('adds an article with a slug from its title, refuses a slug twice, and removes it', async () => {
    const slug = await addArticle(ctx().db, { title: 'Résumé of Term Two!', category: 'Tests', body: 'Text' }, ctx().clock.now);
    expect(slug).toBe('resume-of-term-two');
    await expect(addArticle(ctx().db, { title: 'Another', slug: 'resume-of-term-two', category: 'Tests', body: 'Text' }, ctx().clock.now)).rejects.toThrow(
      'An article with the slug resume-of-term-two already exists.',
    );
    await expect(addArticle(ctx().db, { title: ' ', category: 'Tests', body: 'Text' }, ctx().clock.now)).rejects.toThrow('A title is required.');
    await removeArticle(ctx().db, slug);
    expect(await loadArticle(ctx().db, slug)).toBeNull();
    await expect(removeArticle(ctx().db, slug)).rejects.toThrow(`There is no article ${slug}.`);
  });
});

import fs from 'node:fs';
import { usageError, type Command } from '../../../../../platform/cli/command';
import { addArticle, listAllArticles, removeArticle } from './service';

const ACTIONS = ['add', 'list', 'remove'] as const;

function readBody(values: Record<string, string | undefined>): string {
  if ((values.file === undefined) === (values.body === undefined))
    throw usageError('Give the article’s Markdown with --file PATH or --body TEXT (one of them).');
  if (values.body !== undefined) return values.body;
  try {
    return fs.readFileSync(values.file ?? '', 'utf8');
  } catch (err) {
    throw usageError(`Cannot read ${values.file ?? ''}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The provider's knowledgebase: add an article (Markdown), list them, remove one. */
export const knowledgebaseCommand: Command = {
  summary: 'The helpdesk’s knowledgebase (the same for every school): add an article in Markdown, list the articles, remove one.',
  usage: 'knowledgebase add --title TITLE --category NAME (--file ARTICLE.md | --body MARKDOWN) [--slug SLUG] | knowledgebase list | knowledgebase remove SLUG',
  positionals: [1, 2],
  options: {
    title: { description: 'add: the article’s title' },
    category: { description: 'add: its category (e.g. Website, Newsletter)' },
    file: { description: 'add: a Markdown file holding its text' },
    body: { description: 'add: its text in Markdown (instead of --file)' },
    slug: { description: 'add: its address (lowercase words joined by hyphens); default made from the title' },
  },
  async run(runtime, values, [action, argument], print) {
    if (!(ACTIONS as readonly string[]).includes(action ?? '')) throw usageError(`Unknown action "${action ?? ''}": use ${ACTIONS.join(', ')}.`);
    if (action === 'list') {
      const articles = await listAllArticles(runtime.db);
      if (articles.length === 0) print('The knowledgebase has no articles.');
      for (const a of articles) print(`${a.slug}  [${a.category}]  ${a.title}`);
      return;
    }
    if (action === 'remove') {
      if (!argument) throw usageError('Name the article to remove by its slug (see knowledgebase list).');
      await removeArticle(runtime.db, argument);
      print(`Removed article ${argument}.`);
      return;
    }
    if (argument !== undefined) throw usageError('add takes no argument: give --title, --category and --file or --body.');
    if (values.title === undefined || values.category === undefined) throw usageError('add needs --title and --category.');
    const slug = await addArticle(
      runtime.db,
      { title: values.title, category: values.category, body: readBody(values), ...(values.slug === undefined ? {} : { slug: values.slug }) },
      runtime.clock(),
    );
    print(`Added article ${slug}.`);
  },
};

import { z } from 'zod';
import type { Command } from '../../../../platform/cli/command';
import { addAnnouncement, addChangelog } from './service';
import { ticketsCommand } from './tickets/command';
import { knowledgebaseCommand } from './knowledgebase/command';

const dateSchema = z.iso.date({ error: 'Dates are written YYYY-MM-DD.' });
function publishedAt(value: string | undefined, now: number): number {
  return value === undefined ? now : Math.floor(Date.parse(`${dateSchema.parse(value)}T12:00:00Z`) / 1000);
}

/** The operator's commands for the provider's news (home-page updates, the changelog) and its helpdesk (tickets, knowledgebase). */
export const supportCommands: Record<string, Command> = {
  'add-announcement': {
    summary: "Add a provider update to every school's home page.",
    usage: 'add-announcement --slug SLUG --title TITLE --excerpt TEXT [--date YYYY-MM-DD]',
    positionals: 0,
    options: {
      slug: { required: true, description: "the support-site article's slug" },
      title: { required: true, description: 'headline' },
      excerpt: { required: true, description: 'one or two sentences' },
      date: { description: 'published date; default today' },
    },
    async run(runtime, values, _p, print) {
      await addAnnouncement(runtime.db, {
        slug: values.slug ?? '',
        title: values.title ?? '',
        excerpt: values.excerpt ?? '',
        published_at: publishedAt(values.date, runtime.clock()),
      });
      print(`Added announcement ${values.slug}.`);
    },
  },
  'add-changelog': {
    summary: "Add a changelog item to every user's notifications.",
    usage: 'add-changelog --slug SLUG --title TITLE --text HTML [--date YYYY-MM-DD]',
    positionals: 0,
    options: {
      slug: { required: true, description: "the support-site article's slug" },
      title: { required: true, description: 'headline' },
      text: { required: true, description: 'HTML body (sanitised: formatting and links only)' },
      date: { description: 'published date; default today' },
    },
    async run(runtime, values, _p, print) {
      await addChangelog(runtime.db, {
        slug: values.slug ?? '',
        title: values.title ?? '',
        text: values.text ?? '',
        published_at: publishedAt(values.date, runtime.clock()),
      });
      print(`Added changelog item ${values.slug}.`);
    },
  },
  tickets: ticketsCommand,
  knowledgebase: knowledgebaseCommand,
};

import { z } from 'zod';
import { PRODUCT_KEYS, type Products } from '../../contracts/shell';
import { addUser, createSchool, resetPassword, setSchoolProducts } from '../account/service';
import { addAnnouncement, addChangelog } from '../support/service';
import { prepareDatabase } from '../bootstrap';
import type { Runtime } from '../runtime';
import { importWxrFileCommand, publishPagesCommand } from '../website/content-commands';

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

type Values = Record<string, string | undefined>;

export interface Command {
  summary: string;
  usage: string;
  positionals: number;
  options: Record<string, { required?: boolean; description: string }>;
  run(runtime: Runtime, values: Values, positionals: string[], print: (line: string) => void): Promise<void>;
}

/** `--products website,app`, `all` or `none` into flags; unknown names are a usage error. */
export function parseProducts(text: string): Products {
  const names = text.trim().toLowerCase();
  const chosen = names === 'all' ? [...PRODUCT_KEYS] : names === 'none' || names === '' ? [] : names.split(',').map((s) => s.trim());
  const unknown = chosen.filter((name) => !(PRODUCT_KEYS as readonly string[]).includes(name));
  if (unknown.length) throw new UsageError(`Unknown product "${unknown[0]}". Products are: ${PRODUCT_KEYS.join(', ')} (or all, none).`);
  return {
    hapara: chosen.includes('hapara'),
    newsletter: chosen.includes('newsletter'),
    builder: chosen.includes('builder'),
    website: chosen.includes('website'),
    app: chosen.includes('app'),
  };
}

const dateSchema = z.iso.date({ error: 'Dates are written YYYY-MM-DD.' });
function publishedAt(value: string | undefined, now: number): number {
  return value === undefined ? now : Math.floor(Date.parse(`${dateSchema.parse(value)}T12:00:00Z`) / 1000);
}

const PRODUCTS_HELP = `comma-separated products (${PRODUCT_KEYS.join(', ')}), or all, or none`;

export const COMMANDS: Record<string, Command> = {
  boot: {
    summary: 'Migrate the database and seed the demo school if it is empty (npm start runs this).',
    usage: 'boot',
    positionals: 0,
    options: {},
    run: (runtime, _v, _p, print) => prepareDatabase(runtime, print),
  },
  'create-school': {
    summary: 'Create a school (a domain) with its products.',
    usage: 'create-school LABEL --name NAME [--products LIST]',
    positionals: 1,
    options: { name: { required: true, description: "the school's name" }, products: { description: `${PRODUCTS_HELP}; default none` } },
    async run(runtime, values, [label], print) {
      const school = await createSchool(
        runtime.db,
        { label: label ?? '', name: values.name ?? '', products: parseProducts(values.products ?? 'none') },
        runtime.clock(),
      );
      print(`Created school ${school.label}.`);
    },
  },
  'set-products': {
    summary: "Set exactly which products a school has.",
    usage: 'set-products LABEL --products LIST',
    positionals: 1,
    options: { products: { required: true, description: PRODUCTS_HELP } },
    async run(runtime, values, [label], print) {
      const products = parseProducts(values.products ?? '');
      await setSchoolProducts(runtime.db, label ?? '', products);
      const on = PRODUCT_KEYS.filter((k) => products[k]);
      print(`${label} now has: ${on.length ? on.join(', ') : 'no products'}.`);
    },
  },
  'add-user': {
    summary: 'Add a user who can sign in to a school.',
    usage: 'add-user LABEL --email EMAIL --name NAME [--password PASSWORD]',
    positionals: 1,
    options: {
      email: { required: true, description: 'sign-in email (unique across schools)' },
      name: { required: true, description: 'shown in the header' },
      password: { description: 'at least 8 characters; generated and printed when left out' },
    },
    async run(runtime, values, [label], print) {
      const user = await addUser(
        runtime.db,
        { label: label ?? '', email: values.email ?? '', name: values.name ?? '', password: values.password },
        runtime.clock(),
      );
      print(`Added ${user.email} to ${label}.`);
      if (values.password === undefined) print(`Password: ${user.password}`);
    },
  },
  'reset-password': {
    summary: "Set a user's password and sign them out everywhere.",
    usage: 'reset-password --email EMAIL [--password PASSWORD]',
    positionals: 0,
    options: {
      email: { required: true, description: "the user's email" },
      password: { description: 'at least 8 characters; generated and printed when left out' },
    },
    async run(runtime, values, _p, print) {
      const result = await resetPassword(runtime.db, { email: values.email ?? '', password: values.password });
      print(`Password reset for ${result.email}.`);
      if (values.password === undefined) print(`Password: ${result.password}`);
    },
  },
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
  'import-wxr': {
    summary: "Import a WordPress export (WXR) into a school's website: posts, pages, categories.",
    usage: 'import-wxr FILE --school LABEL',
    positionals: 1,
    options: { school: { required: true, description: "the school's label" } },
    run: (runtime, values, [file], print) => importWxrFileCommand(runtime, file ?? '', values.school ?? '', print),
  },
  'publish-pages': {
    summary: 'Publish pages held for review now, of one school or (without --school) of every school.',
    usage: 'publish-pages [--school LABEL]',
    positionals: 0,
    options: { school: { description: "only this school's pages; default every school" } },
    run: (runtime, values, _p, print) => publishPagesCommand(runtime, values.school, print),
  },
};

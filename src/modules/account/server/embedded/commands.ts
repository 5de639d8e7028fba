import { PRODUCT_KEYS, type Products } from '../../../../lib/contract/shell';
import { usageError, type Command } from '../../../../platform/cli/command';
import { addUser, createSchool, deleteSchool, resetPassword, setSchoolProducts } from '../service';

/** `--products website,app`, `all` or `none` into flags; unknown names are a usage error. */
export function parseProducts(text: string): Products {
  const names = text.trim().toLowerCase();
  const chosen = names === 'all' ? [...PRODUCT_KEYS] : names === 'none' || names === '' ? [] : names.split(',').map((s) => s.trim());
  const unknown = chosen.filter((name) => !(PRODUCT_KEYS as readonly string[]).includes(name));
  if (unknown.length) throw usageError(`Unknown product "${unknown[0]}". Products are: ${PRODUCT_KEYS.join(', ')} (or all, none).`);
  return {
    hapara: chosen.includes('hapara'),
    newsletter: chosen.includes('newsletter'),
    builder: chosen.includes('builder'),
    website: chosen.includes('website'),
    app: chosen.includes('app'),
  };
}

const PRODUCTS_HELP = `comma-separated products (${PRODUCT_KEYS.join(', ')}), or all, or none`;

/** The operator's commands for schools and their users. */
export const accountCommands: Record<string, Command> = {
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
    summary: 'Set exactly which products a school has.',
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
  'delete-school': {
    summary: 'Delete a school with everything of it (users, content, lists, files); e.g. the demo school once a real one runs.',
    usage: 'delete-school LABEL --confirm LABEL',
    positionals: 1,
    options: { confirm: { required: true, description: 'the label again: nothing can bring the school back' } },
    async run(runtime, values, [label], print) {
      if (values.confirm !== label) throw usageError(`Type the label twice to delete it: delete-school ${label ?? 'LABEL'} --confirm ${label ?? 'LABEL'}`);
      const school = await deleteSchool(runtime.db, label ?? '', runtime.config.PORTAL_DATA_DIR);
      print(`Deleted school ${school.label} and its files.`);
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
      const result = await resetPassword(runtime.db, { email: values.email ?? '', password: values.password }, runtime.clock());
      print(`Password reset for ${result.email}.`);
      if (values.password === undefined) print(`Password: ${result.password}`);
    },
  },
};

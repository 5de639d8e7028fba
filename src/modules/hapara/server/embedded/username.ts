import { MAX_USERNAME_LENGTH } from '../../rules';

/**
 * Usernames from a school's rule (pure). Tokens: `{first}`, `{last}`, `{f}` (first initial),
 * `{yy}` / `{yyyy}` (the year the student is added) and `{<extra field>}` (e.g. `{Student ID}`).
 * A username is a mailbox's local part: lowercase ASCII letters, digits, dots, hyphens and
 * underscores, so names lose their marks (ā -> a) and the apostrophes, spaces and hyphens inside
 * them; the rule's own punctuation stays. On a clash a number is added: 2, 3, ...
 */

export interface UsernameInput {
  first: string;
  last: string;
  /** Unix seconds: the year the student is added. */
  now: number;
  /** The extra fields' values by field name. */
  extra?: Readonly<Record<string, string>>;
}

const TOKEN = /\{([^{}]+)\}/g;

/** A name part as a username holds it: no marks, lowercase, only [a-z0-9] (dots, hyphens, apostrophes and spaces dropped). */
export function usernamePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The rule filled in, before any clash is looked at. Unknown tokens are left out. */
export function applyRule(rule: string, input: UsernameInput): string {
  const year = new Date(input.now * 1000).getUTCFullYear();
  const first = usernamePart(input.first);
  const values: Record<string, string> = {
    first,
    last: usernamePart(input.last),
    f: first.slice(0, 1),
    yy: String(year % 100).padStart(2, '0'),
    yyyy: String(year),
  };
  const filled = rule.replace(TOKEN, (_, name: string) => {
    const key = name.trim();
    const builtIn = values[key.toLowerCase()];
    if (builtIn !== undefined) return builtIn;
    return usernamePart(input.extra?.[key] ?? '');
  });
  return tidy(filled.toLowerCase().replace(/[^a-z0-9._-]/g, ''));
}

/** Punctuation cannot start or end a mailbox name, nor repeat (a token left empty would leave `a..b`). */
function tidy(name: string): string {
  return name.replace(/([._-])[._-]+/g, '$1').replace(/^[._-]+|[._-]+$/g, '');
}

function cut(base: string, suffix: string): string {
  return tidy(base.slice(0, MAX_USERNAME_LENGTH - suffix.length)) + suffix;
}

/**
 * The username for a student: the rule filled in, cut to the limit, with 2, 3, ... added while
 * `taken` says it is in use (the school's roster and pending additions). A rule that leaves
 * nothing (a name of only marks, say) falls back to 'student'.
 */
export function makeUsername(rule: string, input: UsernameInput, taken: (name: string) => boolean): string {
  const base = applyRule(rule, input) || 'student';
  let name = cut(base, '');
  for (let n = 2; taken(name); n += 1) name = cut(base, String(n));
  return name;
}

export function studentEmail(username: string, mailDomain: string): string {
  return `${username}@${mailDomain}`;
}

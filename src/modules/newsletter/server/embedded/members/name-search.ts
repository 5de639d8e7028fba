import { MAX_MEMBER_NAME_LENGTH } from '../../../rules';

/** The lowercased name the filter searches (lowercasing may lengthen a name: the column holds twice the name's limit). */
export function nameSearch(name: string): string {
  return Array.from(name.toLowerCase()).slice(0, MAX_MEMBER_NAME_LENGTH * 2).join('');
}

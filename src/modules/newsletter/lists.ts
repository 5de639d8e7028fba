import type { Member } from './contract';

/** A row of the mailing list: the member, keyed by its place on the page (members have no id in the spec's shape). */
export interface MemberRow extends Member {
  key: number;
}

export function toMemberRows(members: readonly Member[]): MemberRow[] {
  return members.map((member, key) => ({ ...member, key }));
}

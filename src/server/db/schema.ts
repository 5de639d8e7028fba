import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table shapes as Kysely sees them. Flags are integers (0/1) and times unix seconds so the
 * same repositories run unchanged on SQLite and PostgreSQL.
 */
export interface DomainTable {
  id: Generated<number>;
  label: string;
  name: string;
  hapara: number;
  newsletter: number;
  builder: number;
  website: number;
  app: number;
  created_at: number;
}

export interface UserTable {
  id: Generated<number>;
  domain_id: number;
  email: string;
  name: string;
  password_hash: string;
  avatar_url: string | null;
  created_at: number;
}

export interface SessionTable {
  id_hash: string;
  user_id: number;
  domain_id: number;
  created_at: number;
  expires_at: number;
}

export interface LoginFailureTable {
  id: Generated<number>;
  email: string;
  ip: string;
  at: number;
}

export interface AnnouncementTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string;
  published_at: number;
}

export interface ChangelogTable {
  id: Generated<number>;
  slug: string;
  title: string;
  text: string;
  published_at: number;
}

export interface Database {
  domains: DomainTable;
  users: UserTable;
  sessions: SessionTable;
  login_failures: LoginFailureTable;
  announcements: AnnouncementTable;
  changelog: ChangelogTable;
}

export type DomainRow = Selectable<DomainTable>;
export type NewDomainRow = Insertable<DomainTable>;
export type UserRow = Selectable<UserTable>;

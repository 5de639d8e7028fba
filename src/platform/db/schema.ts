import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * The foundation's table shapes as Kysely sees them (schools, users, sessions, sign-in failures). Flags are integers (0/1) and times unix seconds so the
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

/**
 * Every table. The foundation's tables are listed here; each module adds its own from its
 * `schema.ts` by declaration merging (`declare module './schema' { interface Database ... }`),
 * so a new module's tables need no edit of this file.
 */
export interface Database {
  domains: DomainTable;
  users: UserTable;
  sessions: SessionTable;
  login_failures: LoginFailureTable;
}

export type DomainRow = Selectable<DomainTable>;
export type NewDomainRow = Insertable<DomainTable>;
export type UserRow = Selectable<UserTable>;

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

export interface WebsitePostTable {
  id: Generated<number>;
  domain_id: number;
  type: 'post' | 'page';
  title: string;
  title_search: string;
  content: string;
  status: 'publish' | 'draft' | 'pending';
  slug: string;
  parent_id: number | null;
  menu_order: number;
  created_at: number;
  modified_at: number;
}

export interface WebsiteCategoryTable {
  id: Generated<number>;
  domain_id: number;
  name: string;
  slug: string;
}

export interface WebsitePostCategoryTable {
  post_id: number;
  category_id: number;
}

export interface WebsiteGalleryTable {
  id: Generated<number>;
  domain_id: number;
  title: string;
  created_at: number;
}

export interface WebsiteMediaTable {
  id: Generated<number>;
  domain_id: number;
  kind: 'image' | 'file';
  file_name: string;
  original_name: string;
  title: string;
  mime_type: string;
  size: number;
  width: number | null;
  height: number | null;
  status: 'pending' | 'attached';
  gallery_id: number | null;
  position: number;
  created_at: number;
}

export interface Database {
  domains: DomainTable;
  users: UserTable;
  sessions: SessionTable;
  login_failures: LoginFailureTable;
  announcements: AnnouncementTable;
  changelog: ChangelogTable;
  website_posts: WebsitePostTable;
  website_categories: WebsiteCategoryTable;
  website_post_categories: WebsitePostCategoryTable;
  website_galleries: WebsiteGalleryTable;
  website_media: WebsiteMediaTable;
}

export type DomainRow = Selectable<DomainTable>;
export type NewDomainRow = Insertable<DomainTable>;
export type UserRow = Selectable<UserTable>;

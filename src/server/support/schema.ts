import type { Generated } from 'kysely';

/** The support module's tables: the provider's announcements (home page) and changelog (drawer). */
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

declare module '../db/schema' {
  interface Database {
    announcements: AnnouncementTable;
    changelog: ChangelogTable;
  }
}

import type { Generated } from 'kysely';

/** The website module's tables: posts and pages, categories, galleries and media, per school. */
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
  /** 1 when the content holds a Locked marker (the contract's `isLockedContent`), else 0; written with the content. */
  locked: Generated<number>;
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
  /** A gallery image's alt text on the public slider; '' means its title (migration 0007). */
  alt: Generated<string>;
  /** A gallery image's caption under it on the public slider; '' for none. */
  caption: Generated<string>;
}

/** A counter per school moved by triggers on every change to what its public site shows (migration 0005). */
export interface WebsiteSiteVersionTable {
  domain_id: number;
  version: number;
}

/** A post's or page's state at one of its saves (migration 0006): the last 25 of each item are kept. */
export interface WebsiteRevisionTable {
  id: Generated<number>;
  domain_id: number;
  post_id: number;
  user_id: number | null;
  title: string;
  content: string;
  /** Posts: category names joined by ', '; null for pages. */
  categories: string | null;
  parent_id: number | null;
  saved_at: number;
}

/** One autosaved draft per school, user, kind and item (`slot`: the item's id, 0 for one not created yet). */
export interface WebsiteAutosaveTable {
  id: Generated<number>;
  domain_id: number;
  user_id: number;
  kind: 'post' | 'page';
  post_id: number | null;
  slot: number;
  title: string;
  content: string;
  saved_at: number;
}

/** What a signed preview link shows: the editor's content when Preview was pressed, until `expires_at`. */
export interface WebsitePreviewTable {
  id: Generated<number>;
  domain_id: number;
  user_id: number;
  kind: 'post' | 'page';
  post_id: number | null;
  title: string;
  content: string;
  categories: string | null;
  created_at: number;
  expires_at: number;
}

declare module '../../../../platform/db/schema' {
  interface Database {
    website_posts: WebsitePostTable;
    website_categories: WebsiteCategoryTable;
    website_post_categories: WebsitePostCategoryTable;
    website_galleries: WebsiteGalleryTable;
    website_media: WebsiteMediaTable;
    website_site_versions: WebsiteSiteVersionTable;
    website_revisions: WebsiteRevisionTable;
    website_autosaves: WebsiteAutosaveTable;
    website_previews: WebsitePreviewTable;
  }
}

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
}

/** A counter per school moved by triggers on every change to what its public site shows (migration 0005). */
export interface WebsiteSiteVersionTable {
  domain_id: number;
  version: number;
}

declare module '../db/schema' {
  interface Database {
    website_posts: WebsitePostTable;
    website_categories: WebsiteCategoryTable;
    website_post_categories: WebsitePostCategoryTable;
    website_galleries: WebsiteGalleryTable;
    website_media: WebsiteMediaTable;
    website_site_versions: WebsiteSiteVersionTable;
  }
}

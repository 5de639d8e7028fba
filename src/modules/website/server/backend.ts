/**
 * The website's backend port: what its calls and screens need, whichever backend holds the
 * school's website, one interface per feature. The embedded one (./embedded/backend.ts) has all
 * of it; the legacy backend (./upstream/backend.ts) has the spec's content, media and gallery calls
 * (no bulk actions, page or gallery deletion, revisions, autosaves or preview: their routes are not mounted there and the
 * screens hide them through the capabilities).
 */
import type { z } from 'zod';
import type {
  BulkPostsRequest,
  Category,
  Gallery,
  GalleryImageTexts,
  ListQuery,
  Media,
  MenuItem,
  Page,
  Post,
  PostsQuery,
  ToggleRequest,
  WebsiteCalls,
  galleryUploadFormSchema,
  mediaUploadFormSchema,
  saveRequestSchema,
} from '../contract';
import type { Autosave, AutosaveQuery, AutosaveRequest, PreviewRequest, RevisionSummary } from '../revisions-contract';
import type { EditorItem, EditorKind } from '../editor';
import type { PostListSort, PostListStatus } from '../rules';
import type { ListLocation } from '../../../lib/lists/location';
import type { CallResult } from '../../../lib/contract/calls';
import type { PortUpload } from '../../../platform/http/port';

export type SaveInput = z.output<typeof saveRequestSchema>;
export type PostList = CallResult<WebsiteCalls['posts']>;
export type PageList = CallResult<WebsiteCalls['pages']>;
export type GalleryList = CallResult<WebsiteCalls['galleries']>;
export type Revision = CallResult<WebsiteCalls['revision']>['revision'];

/** A row of Manage Posts: the list's fields without the content, and whether the editor opens it (spec section 4). */
export type PostSummary = Omit<Post, 'post_content'> & { locked: boolean };
/** A row of Manage Pages, likewise. */
export type PageSummary = Omit<Page, 'post_content'> & { locked: boolean };

/** A list screen's first page. */
export interface ListScreen<Row> {
  rows: Row[];
  /** At least 1; a location past it should show the last page instead. */
  total_pages: number;
  /** Items in the whole list, search applied. */
  total: number;
}

/** Which posts and in what order Manage Posts lists (the posts call's optional `status` and `sort`). */
export interface PostListChoice {
  status?: PostListStatus | undefined;
  sort?: PostListSort | undefined;
}

/** What the editor opens an item with; `locked` as stored (the editor does not open such an item). */
export type EditorScreenItem = EditorItem & { locked: boolean };

/** Posts, pages, categories and the menu, and the reads of their screens. */
export interface ContentPort {
  listCategories(): Promise<Category[]>;
  listPosts(query: PostsQuery): Promise<PostList>;
  getPost(id: number): Promise<Post>;
  /** Pending pages say when they publish, where the backend holds them for review. */
  listPages(query: ListQuery): Promise<PageList>;
  getPage(id: number): Promise<Page & { parent: string | null }>;
  getMenu(): Promise<MenuItem[]>;
  togglePost(input: ToggleRequest): Promise<Post>;
  deletePost(id: number): Promise<void>;
  /** The page, its revisions and autosaves; its child pages move to the top level. */
  deletePage(id: number): Promise<void>;
  bulkPosts(input: BulkPostsRequest): Promise<{ count: number }>;
  createPost(input: SaveInput): Promise<{ id: number; post_url: string }>;
  updatePost(input: SaveInput): Promise<{ id: number; post_url: string }>;
  createPage(input: SaveInput): Promise<{ id: number; post_url: string }>;
  updatePage(input: SaveInput): Promise<{ id: number; post_url: string }>;
  /** Manage Posts' page of WEBSITE_PAGE_SIZE rows, without their content. */
  postsScreen(location: ListLocation, choice: PostListChoice): Promise<ListScreen<PostSummary>>;
  /** Manage Pages' page of WEBSITE_PAGE_SIZE rows, without their content. */
  pagesScreen(location: ListLocation): Promise<ListScreen<PageSummary>>;
  /** The item the editor opens, or null when the school has no such item. */
  editorItem(kind: EditorKind, id: number): Promise<EditorScreenItem | null>;
}

export type MediaUpload = PortUpload<z.output<typeof mediaUploadFormSchema>>;
export type GalleryUpload = PortUpload<z.output<typeof galleryUploadFormSchema>>;

/** The editor's and the builder's uploads. */
export interface MediaPort {
  /** `builder`: the Newsletter Builder's, images only. */
  uploadMedia(upload: MediaUpload, builder: boolean): Promise<Media>;
}

export interface GalleriesPort {
  listGalleries(page: number, limit: number): Promise<GalleryList>;
  listGalleryTitles(): Promise<Array<{ id: number; post_title: string }>>;
  /** One gallery of the school, or null (another school's is not found). */
  findGallery(id: number): Promise<Gallery | null>;
  createGallery(title: string): Promise<{ id: number }>;
  /** An image for the gallery's grid (the form's `galleryID`), pending until the gallery is saved. */
  uploadGalleryImage(upload: GalleryUpload): Promise<CallResult<WebsiteCalls['uploadGalleryImage']>>;
  updateGallery(galleryId: number, uploaded: number[], images: GalleryImageTexts[]): Promise<void>;
  removeGalleryImage(galleryId: number, id: number): Promise<void>;
  /** The gallery and all its images (attached or pending), their files too. */
  deleteGallery(id: number): Promise<void>;
}

/** The editor's safety nets: revisions, the user's autosave, preview links. Times on the school's clock. */
export interface RevisionsPort {
  listRevisions(kind: EditorKind, id: number): Promise<RevisionSummary[]>;
  getRevision(id: number): Promise<Revision>;
  saveAutosave(input: AutosaveRequest): Promise<{ saved_at: string; saved_label: string }>;
  /** The user's autosave of the item worth offering, or null. */
  findAutosave(query: AutosaveQuery): Promise<Autosave | null>;
  discardAutosave(input: { kind: EditorKind; id: number | null }): Promise<void>;
  createPreview(input: PreviewRequest): Promise<{ url: string; expires_at: string }>;
}

export type WebsiteBackend = ContentPort & MediaPort & GalleriesPort & RevisionsPort;

/** Where each call goes (method and path): plain data, imported by both the contract (schemas) and the typed client (./calls.ts). */
import type { Endpoint } from '../../lib/contract/calls';

export const WEBSITE_ENDPOINTS = {
  // Posts, pages, categories and the menu
  categories: { method: 'GET', path: '/api/website/wordpress/categories' },
  posts: { method: 'GET', path: '/api/website/wordpress/posts' },
  post: { method: 'GET', path: '/api/website/wordpress/posts/{id}' },
  pages: { method: 'GET', path: '/api/website/wordpress/pages' },
  page: { method: 'GET', path: '/api/website/wordpress/pages/{id}' },
  menu: { method: 'GET', path: '/api/website/menu' },
  togglePost: { method: 'POST', path: '/api/website/posts/toggle' },
  deletePost: { method: 'POST', path: '/api/website/posts/delete' },
  bulkPosts: { method: 'POST', path: '/api/website/posts/bulk' },
  createPost: { method: 'POST', path: '/api/website/posts/create' },
  updatePost: { method: 'POST', path: '/api/website/posts/update' },
  createPage: { method: 'POST', path: '/api/website/pages/create' },
  updatePage: { method: 'POST', path: '/api/website/pages/update' },
  // Beyond the spec: deleting a page (the embedded backend's; 'website.delete-pages').
  deletePage: { method: 'POST', path: '/api/website/pages/delete' },
  // Media and galleries
  uploadMedia: { method: 'POST', path: '/api/website/media/upload' },
  uploadBuilderMedia: { method: 'POST', path: '/api/website/media/upload/builder' },
  galleries: { method: 'GET', path: '/api/website/wordpress/galleries' },
  galleryTitles: { method: 'GET', path: '/api/website/wordpress/galleries/min' },
  gallery: { method: 'GET', path: '/api/website/wordpress/galleries/{id}' },
  newGallery: { method: 'POST', path: '/api/website/gallery/new' },
  uploadGalleryImage: { method: 'POST', path: '/api/website/gallery/upload' },
  updateGallery: { method: 'POST', path: '/api/website/gallery/update' },
  removeGalleryImage: { method: 'POST', path: '/api/website/gallery/remove' },
  // Beyond the spec: deleting a gallery with its images (the embedded backend's; 'website.delete-galleries').
  deleteGallery: { method: 'POST', path: '/api/website/gallery/delete' },
  // Revisions, autosave, preview
  postRevisions: { method: 'GET', path: '/api/website/wordpress/posts/{id}/revisions' },
  pageRevisions: { method: 'GET', path: '/api/website/wordpress/pages/{id}/revisions' },
  revision: { method: 'GET', path: '/api/website/revisions/{id}' },
  autosave: { method: 'POST', path: '/api/website/autosave' },
  getAutosave: { method: 'GET', path: '/api/website/autosave' },
  discardAutosave: { method: 'POST', path: '/api/website/autosave/discard' },
  preview: { method: 'POST', path: '/api/website/preview' },
} as const satisfies Record<string, Endpoint>;

/**
 * The website's server face to other modules (its browser-safe face is ../index.ts): what the
 * newsletter needs to publish a newsletter as a post in the school's categories, with its
 * attachment as an upload; and an upload's bytes by its public address (the builder's PDF reads
 * the newsletter's images from disk, never over the network). The app lists the posts (the same
 * list as Manage Posts) and sends notifications that open one, its excerpt the first message.
 * All of it is the embedded backend's (./embedded/): the modules that use it run there only.
 */
export { createPost, getPost, listCategories, listPosts } from './embedded/content/service';
export { excerptOf } from './embedded/site/service';
export { storedContent } from './embedded/content/stored-content';
export { cleanFileName, serveUpload, uploadMedia } from './embedded/media/service';

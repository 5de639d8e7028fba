/**
 * The website's face to other modules ("modules call each other's services"): what the
 * newsletter needs to publish a newsletter as a post in the school's categories, with its
 * attachment as an upload; and an upload's bytes by its public address (the builder's PDF reads
 * the newsletter's images from disk, never over the network). The app lists the posts (the same
 * list as Manage Posts) and sends notifications that open one, its excerpt the first message.
 */
export { createPost, getPost, listCategories, listPosts } from './content/service';
export { excerptOf } from './site/service';
export { cleanFileName, serveUpload, uploadMedia } from './media/service';

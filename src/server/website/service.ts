/**
 * The website's face to other modules ("modules call each other's services"): what the
 * newsletter needs to publish a newsletter as a post in the school's categories, with its
 * attachment as an upload.
 */
export { createPost, getPost, listCategories } from './content/service';
export { cleanFileName, uploadMedia } from './media/service';

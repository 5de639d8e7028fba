/**
 * The website's face to other modules ("modules call each other's services"): what the
 * newsletter needs to publish a newsletter as a post, with its attachment as an upload.
 */
export { createPost, getPost } from './content/service';
export { cleanFileName, uploadMedia } from './media/service';

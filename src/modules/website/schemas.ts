/**
 * The website's schemas another module's contract builds on (the app's post list is the posts
 * call's answer and query). Apart from ./index.ts, which browser code imports, so that no island
 * ships zod; browser code of other modules may not import this file.
 */
export { postSchema, postsQuerySchema } from './contract';

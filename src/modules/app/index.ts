/**
 * The app's public face to other modules (browser-safe): the public site's addresses of the
 * app's feed and subscription, which the website's pages link to.
 */
export { siteAppPaths } from './rules';

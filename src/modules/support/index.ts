/**
 * Support's public face to other modules (browser-safe): the provider's updates and service
 * status that the shell's home screen shows, and the calls that fetch them.
 */
export { supportApi } from './calls';
export type { Announcement, ChangelogItem, ServiceStatus } from './contract';

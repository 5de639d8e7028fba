/**
 * Hosts whose players and maps school content may embed in an <iframe>: the sanitiser keeps
 * iframes from these hosts only, and the pages' Content-Security-Policy lets exactly these load.
 */
export const IFRAME_HOSTS = [
  'youtube.com',
  'www.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'docs.google.com',
  'www.google.com',
] as const;

/** Allowed for its /maps pages only (the sanitiser checks the path). */
export const MAPS_ONLY_HOST = 'google.com';

/** The same hosts as CSP sources (embeds are loaded over https). */
export const IFRAME_ORIGINS: readonly string[] = [...IFRAME_HOSTS, MAPS_ONLY_HOST].map((host) => `https://${host}`);

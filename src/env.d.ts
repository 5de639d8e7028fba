/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The portal's settings, in either mode. */
    config: import('./platform/config').Config;
    /** Null only on public pages (/login): the middleware sends signed-out visitors there. */
    session: import('./platform/module/shell-session').ShellSession | null;
    /** Which backend serves the request, with what it gives pages: the embedded runtime and request context, or upstream mode's calls to the legacy backend (src/platform/module/page-locals.ts). */
    backend: import('./platform/module/page-locals').BackendLocals;
    /** A signed-in page's module backends (src/app/backends.ts); null on public pages. */
    backends: import('./app/backends').Backends | null;
    /** What the backend can do: screens hide what it cannot (src/lib/capabilities.ts). */
    capabilities: import('./lib/capabilities').Capabilities;
    /** Whether the backend can show a staff page at this path (menus hide the others). */
    pageAvailable(path: string): boolean;
    /** Set when the path needs a product the school lacks; the not-available page explains which. */
    unavailableProduct?: import('./lib/contract/shell').ProductKey;
    /** Set when the backend cannot show this page (upstream mode, a feature the legacy backend lacks). */
    unavailableHere?: boolean;
  }
}

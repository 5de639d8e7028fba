/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The embedded backend's runtime; not set in upstream mode, whose pages read `config` and `upstream`. */
    runtime: import('./server/runtime').Runtime;
    /** The portal's settings, in either mode. */
    config: import('./server/config').Config;
    /** Null only on public pages (/login): the middleware sends signed-out visitors there. */
    session: import('./server/shell-session').ShellSession | null;
    /** The embedded backend's request context services take first (src/server/context.ts); null when signed out or in upstream mode. */
    ctx: import('./server/context').RequestContext | null;
    /** Upstream mode: the request's calls to the legacy backend (its cookies forwarded); null in embedded mode. */
    upstream: import('./server/upstream/client').UpstreamScope | null;
    /** The signed-in pages' data, from the portal's backend (src/server/page-loaders.ts). */
    loaders: import('./server/page-loaders').PageLoaders;
    /** What the backend can do: screens hide what it cannot (src/lib/capabilities.ts). */
    capabilities: import('./lib/capabilities').Capabilities;
    /** Whether the backend can show a staff page at this path (menus hide the others). */
    pageAvailable(path: string): boolean;
    /** Set when the path needs a product the school lacks; the not-available page explains which. */
    unavailableProduct?: import('./contracts/shell').ProductKey;
    /** Set when the backend cannot show this page (upstream mode, a feature the legacy backend lacks). */
    unavailableHere?: boolean;
  }
}

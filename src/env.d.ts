/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    runtime: import('./server/runtime').Runtime;
    /** Null only on public pages (/login): the middleware sends signed-out visitors there. */
    session: import('./server/auth/sessions').SessionContext | null;
    /** The request context services take first (src/server/context.ts); null when signed out. */
    ctx: import('./server/context').RequestContext | null;
    /** Set when the path needs a product the school lacks; the not-available page explains which. */
    unavailableProduct?: import('./contracts/shell').ProductKey;
  }
}

import type { Hono } from 'hono';
import type { ShellSession } from '../module/shell-session';
import type { UpstreamScope } from './client';
import type { Capability } from '../../lib/capabilities';
import type { Config } from '../config';

/** Hono environment of upstream mode's API: the request's scope, and the session behind requireUpstreamSession. */
export interface UpstreamEnv {
  Bindings: { clientAddress?: string };
  Variables: { upstream: UpstreamScope; session: ShellSession | null };
}

export interface UpstreamAuthedEnv extends UpstreamEnv {
  Variables: { upstream: UpstreamScope; session: ShellSession };
}

/**
 * A module's second implementation (upstream mode): its routes serve the contract's calls the
 * legacy backend has, through the module's upstream service; what it cannot do is left out of
 * `capabilities`, so the screens hide it.
 */
export interface UpstreamModule<Backend = unknown> {
  name: string;
  /** Builds the module's backend port on the legacy backend for one signed-in request; `session()` is the signed-in user. */
  backend(up: UpstreamScope, session: () => ShellSession): Backend;
  mountApi?(api: Hono<UpstreamEnv>): void;
  /** What this module can do against the legacy backend beyond the spec's calls. */
  capabilities: readonly Capability[];
  /** The module's staff pages its upstream service can feed (exact paths); the others are 'not available'. */
  pages: readonly string[];
  /** Pages it shows only with some settings (an external helpdesk's frames), each with its condition. */
  pagesWith?: Readonly<Record<string, (config: Config) => boolean>>;
  /**
   * The legacy GETs a page (by path) loads its first HTML with: upstream mode's page middleware starts
   * them beside the user call, so the page waits one round trip instead of two. Each goes through
   * `scope.once` with the key the page's loader asks, which then gets the same answer.
   */
  warmups?: Readonly<Record<string, (up: UpstreamScope, url: URL) => Promise<unknown>>>;
}

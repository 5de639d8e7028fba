import { Hono } from 'hono';
import { websiteCalls } from '../../../contracts/website';
import { serveUpstream } from '../../upstream/serve';
import type { UpstreamEnv } from '../../upstream/types';
import * as website from './service';

/** The website's calls the legacy backend has, served through the upstream service. */
export const websiteUpstreamRoutes = new Hono<UpstreamEnv>();

serveUpstream(websiteUpstreamRoutes, websiteCalls.posts, (up, { query }) => website.listPosts(up, query));

/**
 * The website's page loaders, whichever backend serves them: the page calls these with its
 * locals, and they ask the embedded service (the request context) or the upstream one (the
 * request's upstream scope). The one place a website page's data source is chosen.
 */
import type { ListLocation } from '../../lib/lists';
import type { PostListChoice } from './content/service';
import * as embedded from './content/service';
import * as upstream from './upstream/service';

type Locals = Pick<App.Locals, 'ctx' | 'upstream'>;

function embeddedContext(locals: Locals) {
  if (!locals.ctx) throw new Error('A signed-in page of the embedded backend has a request context: the middleware builds it.');
  return locals.ctx;
}

export function loadPostsScreen(locals: Locals, location: ListLocation, choice: PostListChoice) {
  return locals.upstream ? upstream.loadPostsScreen(locals.upstream, location) : embedded.loadPostsScreen(embeddedContext(locals), location, choice);
}

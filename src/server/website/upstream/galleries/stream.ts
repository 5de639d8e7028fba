/**
 * Upload calls in upstream mode: the multipart body passes through to the legacy backend as it
 * arrives, never held whole. So the contract's form validation (http/calls.ts reads the form to
 * check it) is not used for them: the route is registered here with the same session check and
 * envelope, the portal's own checks are what it can see without reading the body (multipart, and
 * its size from Content-Length against PORTAL_MAX_UPLOAD_MB), and the legacy backend checks the
 * fields (a refusal comes back as its message).
 */
import type { Context, Hono } from 'hono';
import type { Call, CallResult } from '../../../../contracts/calls';
import { Refusal } from '../../../errors';
import { routePath } from '../../../http/calls';
import { ok } from '../../../http/envelope';
import { MB, MULTIPART_OVERHEAD } from '../../../http/upload-limit';
import { MEDIA_MESSAGES } from '../../../media/errors';
import type { UpstreamScope } from '../../../upstream/client';
import { requireUpstreamSession } from '../../../upstream/serve';
import type { UpstreamAuthedEnv, UpstreamEnv } from '../../../upstream/types';
import type { UploadStream } from './service';

/** The request's body as an upload stream, after the checks the portal can make without reading it. */
export function uploadStream(c: Context<UpstreamAuthedEnv>, limitMb: number = c.get('upstream').maxUploadMb): UploadStream {
  const contentType = c.req.header('content-type') ?? '';
  const body = c.req.raw.body;
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !body) throw new Refusal(400, MEDIA_MESSAGES.notMultipart);
  const length = c.req.header('content-length');
  // Browsers send the length of a form upload; a body of unknown size would have to be counted as it streams.
  if (!length || !/^\d+$/.test(length)) throw new Refusal(400, 'The upload must say its size (Content-Length).');
  if (Number(length) > limitMb * MB + MULTIPART_OVERHEAD) throw new Refusal(413, MEDIA_MESSAGES.tooLarge(limitMb));
  return { body, contentType, contentLength: length };
}

/** Serves an upload call of the contract (its method and path) with the body streamed to `handler`. */
export function serveUpstreamUpload<C extends Call>(
  app: Hono<UpstreamEnv>,
  call: C,
  handler: (up: UpstreamScope, stream: UploadStream, c: Context<UpstreamAuthedEnv>) => Promise<CallResult<C>>,
): void {
  const authed = app as unknown as Hono<UpstreamAuthedEnv>;
  authed.on(call.method, routePath(call.path), requireUpstreamSession, async (c) => ok(c, await handler(c.get('upstream'), uploadStream(c), c)));
}

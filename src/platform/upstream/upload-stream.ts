/**
 * Upload calls in upstream mode: the multipart body passes through to the legacy backend as it
 * arrives, never held whole. So the contract's form validation (http/calls.ts reads the form to
 * check it) is not used for them (./port.ts mounts them with the same session check and
 * envelope): the portal's own checks are what it can see without reading the body (multipart,
 * and its size from Content-Length against PORTAL_MAX_UPLOAD_MB), and the legacy backend checks
 * the fields (a refusal comes back as its message).
 */
import type { Context } from 'hono';
import { Refusal } from '../errors';
import type { PortStream } from '../http/port';
import { MB, MULTIPART_OVERHEAD } from '../http/limits/upload-limit';
import { MEDIA_MESSAGES } from '../media/errors';
import type { UpstreamAuthedEnv } from './types';

/** The request's body as an upload stream, after the checks the portal can make without reading it. */
export function uploadStream(c: Context<UpstreamAuthedEnv>, limitMb: number = c.get('upstream').maxUploadMb): PortStream {
  const contentType = c.req.header('content-type') ?? '';
  const body = c.req.raw.body;
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !body) throw new Refusal(400, 'invalid', MEDIA_MESSAGES.notMultipart);
  const length = c.req.header('content-length');
  // Browsers send the length of a form upload; a body of unknown size would have to be counted as it streams.
  if (!length || !/^\d+$/.test(length)) throw new Refusal(400, 'invalid', 'The upload must say its size (Content-Length).');
  if (Number(length) > limitMb * MB + MULTIPART_OVERHEAD) throw new Refusal(413, 'too_large', MEDIA_MESSAGES.tooLarge(limitMb));
  return { body, contentType, contentLength: length };
}

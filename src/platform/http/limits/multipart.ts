import { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import type { Context } from 'hono';
import type { AuthedEnv } from '../types';
import { MB } from './upload-limit';
import { Refusal } from '../../errors';
import { MEDIA_MESSAGES } from '../../media/errors';

/**
 * Multipart bodies are read as they stream in (busboy), a network chunk at a time: the body of
 * an upload costs the thread that answers every school a little per chunk, never one long parse
 * of the whole body at its end (undici's `formData()`, behind Hono's `parseBody`, held it about
 * a second per 19 MB file).
 */

/** Text fields of a form; beyond these, a body is not one of our forms. */
const MAX_FIELDS = 50;

export interface MultipartBody {
  /** Text fields (the last value of a repeated name). */
  fields: Record<string, string>;
  /** The file of the named field, when one was chosen (a browser sends an empty, nameless part when none was). */
  file?: File;
}

/**
 * Reads the request's multipart (or urlencoded) body: its text fields and the one file of
 * `fileField` (other files are skipped as they stream). A file or field over PORTAL_MAX_UPLOAD_MB
 * is a 413, a body that is not a form a 400.
 */
export async function readMultipartBody(c: Context<AuthedEnv>, fileField: string): Promise<MultipartBody> {
  const maxMb = c.get('runtime').config.PORTAL_MAX_UPLOAD_MB;
  const maxBytes = maxMb * MB;
  const request = c.req.raw;
  const contentType = request.headers.get('content-type') ?? '';
  if (!request.body) throw new Refusal(400, 'invalid', MEDIA_MESSAGES.notMultipart);
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({ headers: { 'content-type': contentType }, limits: { fields: MAX_FIELDS, fieldSize: maxBytes, fileSize: maxBytes } });
  } catch {
    throw new Refusal(400, 'invalid', MEDIA_MESSAGES.notMultipart);
  }
  const tooLarge = () => new Refusal(413, 'too_large', MEDIA_MESSAGES.tooLarge(maxMb));
  const body = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);
  try {
    return await new Promise<MultipartBody>((resolve, reject) => {
      const result: MultipartBody = { fields: {} };
      const fail = (error: unknown) => {
        body.unpipe(parser);
        body.destroy();
        reject(error);
      };
      parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
        if (valueTruncated) fail(tooLarge());
        else result.fields[name] = value;
      });
      parser.on('file', (name, stream, filename, _encoding, mimeType) => {
        stream.on('error', fail);
        if (name !== fileField) {
          stream.resume();
          return;
        }
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => fail(tooLarge()));
        stream.on('end', () => {
          const file = new File([Buffer.concat(chunks)], filename, { type: mimeType });
          if (file.size > 0 || filename !== '') result.file = file;
        });
      });
      parser.on('error', fail);
      parser.on('finish', () => resolve(result));
      body.on('error', fail);
      body.pipe(parser);
    });
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(400, 'invalid', MEDIA_MESSAGES.notMultipart);
  }
}

/**
 * A call's multipart body with at most one file (the simple send's attachment, a CSV import): its text
 * fields, and the file of `fileField` when one was chosen, for the call's form schema to check.
 * `required`: no file is refused with 'Choose a file to upload.' (400), whatever the schema would say.
 */
export function readFormWithFile(fileField: string, { required = false }: { required?: boolean } = {}) {
  return async (c: Context<AuthedEnv>): Promise<Record<string, string | File>> => {
    const { fields, file } = await readMultipartBody(c, fileField);
    if (!file && required) throw new Refusal(400, 'invalid', MEDIA_MESSAGES.noFile);
    return file ? { ...fields, [fileField]: file } : { ...fields };
  };
}

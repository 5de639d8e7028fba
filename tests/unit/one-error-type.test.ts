import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { Refusal } from '../../src/platform/errors';
import { answerError } from '../../src/platform/http/middleware';
import { defineTask, settle, unsettle } from '../../src/platform/work/task';
import { REFUSAL_CODES } from '../../src/lib/contract/refusal-codes';

/**
 * Issue 27, one error type: a reason the user can act on is a `Refusal` (status, code, message,
 * field), anything else a plain `Error` (a bug, a 500). No other error class may appear in src.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mjs|js|astro)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('one error type', () => {
  it('has no error class in src but Refusal', () => {
    // `class X extends Error`, or of any other *Error / Refusal: a subclass would be a second type too.
    const declaration = /\bclass\s+(\w+)(?:<[^>{]*>)?\s+extends\s+(\w*Error|Refusal)\b/g;
    const found = sourceFiles(path.join(ROOT, 'src')).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(declaration)].map((match) => `${path.relative(ROOT, file)}: ${match[1] ?? ''}`),
    );
    expect(found).toEqual(['src/platform/errors.ts: Refusal']);
  });

  it('lists each refusal code once', () => {
    expect(new Set(REFUSAL_CODES).size).toBe(REFUSAL_CODES.length);
  });

  it('answers a Refusal with its status, code, message and field', async () => {
    const app = new Hono();
    app.onError(answerError);
    app.get('/refused', () => {
      throw new Refusal(400, 'unknown_class', 'Please choose one of your school’s classes.', 'class');
    });
    const res = await app.request('/refused');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, isAuthFailed: false, code: 'unknown_class', message: 'Please choose one of your school’s classes.', field: 'class' });
  });

  it('answers a service’s zod error as a route’s: 400 invalid, the first issue named, and its field', async () => {
    const app = new Hono();
    app.onError(answerError);
    const schema = z.object({ images: z.array(z.object({ alt: z.string().max(3, 'The alt text can be at most 3 characters.') })) });
    app.get('/zod', () => {
      schema.parse({ images: [{ alt: 'too long' }] });
      return new Response('parsed');
    });
    const res = await app.request('/zod');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      isAuthFailed: false,
      code: 'invalid',
      message: 'images.0.alt: The alt text can be at most 3 characters.',
      field: 'images.0.alt',
    });
  });

  it('answers anything else 500, logged', async () => {
    const app = new Hono();
    app.onError(answerError);
    app.get('/bug', () => {
      throw new Error('a bug');
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await app.request('/bug');
    expect(res.status).toBe(500);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it('carries a refusal back from a worker thread whole: status, code, message and field', async () => {
    const task = defineTask('test.refuse', (): string => {
      throw new Refusal(413, 'too_large', 'The content is too large.', 'content');
    });
    const outcome = await settle(task, undefined);
    // What crosses the thread boundary is cloned: plain data only.
    const crossed = structuredClone(outcome);
    expect(() => unsettle(crossed)).toThrow(expect.objectContaining({ name: 'Refusal', status: 413, code: 'too_large', message: 'The content is too large.', field: 'content' }));
    expect(() => unsettle(crossed)).toThrow(Refusal);
  });
});

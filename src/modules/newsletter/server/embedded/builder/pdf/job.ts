import { z } from 'zod';
import type { Runtime } from '../../../../../../platform/runtime';
import { Refusal } from '../../../../../../platform/errors';
import { countJobs, enqueue } from '../../../../../../platform/jobs';
import { lockInTransaction } from '../../../../../../platform/db';
import { inTransaction, type RequestContext } from '../../../../../../platform/context';
import { mailTransportOf, type OutgoingMail } from '../../../../../../platform/mail';
import { isRefusal } from '../../../../../../platform/errors';
import { findSchoolByLabel } from '../../../../../account/server';
import { serveUpload } from '../../../../../website/server';
import { PDF_FAILED, PDFS_HOURLY_LIMITED, PDFS_PENDING_LIMITED, PDFS_PENDING_PER_SCHOOL, PDFS_PER_HOUR } from '../../../../builder-contract';
import { chromiumPath } from './chromium';
import { printPdf } from './print';

/**
 * The builder's PDF export (`send/builder/download {html}`): the call only checks that Chromium
 * is there and enqueues the durable `newsletter-builder-pdf` job (a 200 says the PDF is on its
 * way); the job prints the HTML (./print.ts) and mails the PDF to the user who asked, through the
 * mail transport. A lost worker's job runs again (its user may then get the PDF twice).
 *
 * Each print is a whole Chromium for seconds: a worker prints one at a time (its other slots stay
 * for mail), stops one after PDF_TIMEOUT_SECONDS, and a school has at most PDFS_PENDING_PER_SCHOOL
 * on their way and PDFS_PER_HOUR an hour (429 beyond, nothing enqueued).
 */
export const PDF_JOB = 'newsletter-builder-pdf';
/** PDFs one worker prints at once. */
export const PDF_CONCURRENCY = 1;
/** A print still running after this is stopped (Chromium closed) and counts as failed. */
export const PDF_TIMEOUT_SECONDS = 60;
/** Chromium that crashed or hung is worth another go, not five; a document it could not print is not (it fails again). */
const PDF_MAX_ATTEMPTS = 2;

export const pdfJobPayload = z.object({
  domainId: z.number().int().positive(),
  label: z.string(),
  email: z.string(),
  html: z.string(),
  /** Origins whose /uploads/<label>/ addresses are the school's files (the portal's, the sites'). */
  origins: z.array(z.string()).min(1),
});
export type PdfJobPayload = z.infer<typeof pdfJobPayload>;

export async function requestPdf(ctx: RequestContext, config: Runtime['config'], html: string, origins: string[]): Promise<Record<string, never>> {
  if (!chromiumPath(config)) throw new Refusal(409, 'pdf_unavailable', PDF_FAILED);
  const payload: PdfJobPayload = {
    domainId: ctx.domain.id,
    label: ctx.domain.label,
    email: ctx.user.email,
    html,
    origins: [...new Set(origins)],
  };
  await inTransaction(ctx, async (trx) => {
    // The school's requests take turns: two at once cannot both take the last one allowed.
    await lockInTransaction(trx.db, `${PDF_JOB}:${ctx.domain.id}`);
    const schoolPdfs = { domainId: ctx.domain.id, name: PDF_JOB };
    if ((await countJobs(trx.db, { ...schoolPdfs, pending: true })) >= PDFS_PENDING_PER_SCHOOL) throw new Refusal(429, 'rate_limited', PDFS_PENDING_LIMITED);
    if ((await countJobs(trx.db, { ...schoolPdfs, since: ctx.now - 60 * 60 })) >= PDFS_PER_HOUR) throw new Refusal(429, 'rate_limited', PDFS_HOURLY_LIMITED);
    await enqueue(trx.db, {
      name: PDF_JOB,
      payload,
      now: ctx.now,
      maxAttempts: PDF_MAX_ATTEMPTS,
      domainId: ctx.domain.id,
    });
  });
  return {};
}

const UPLOAD_PATH = /^\/uploads\/([^/]+)\/([^/]+)$/;

/** The school's own upload behind an address, read from disk; null for anything else. */
async function readUpload(rt: Runtime, job: PdfJobPayload, url: URL): Promise<{ body: Buffer; contentType: string } | null> {
  if (!job.origins.includes(url.origin) || url.search) return null;
  const match = UPLOAD_PATH.exec(url.pathname);
  if (!match || decodeURIComponent(match[1]!) !== job.label) return null;
  const res = await serveUpload(rt.db, rt.config.PORTAL_DATA_DIR, job.label, decodeURIComponent(match[2]!));
  if (!res) return null;
  return {
    body: Buffer.from(await res.arrayBuffer()),
    contentType: res.headers.get('Content-Type') ?? 'application/octet-stream',
  };
}

export function pdfMail(job: PdfJobPayload, schoolName: string, pdf: Buffer): OutgoingMail {
  const text = 'Your newsletter is attached to this message as a PDF, ready to print or share.';
  return {
    kind: 'system',
    domainId: job.domainId,
    fromName: schoolName,
    to: { address: job.email },
    subject: 'Your newsletter as a PDF',
    html: `<p>${text}</p>`,
    text,
    attachments: [
      {
        filename: 'newsletter.pdf',
        content: pdf,
        contentType: 'application/pdf',
      },
    ],
  };
}

export async function runPdfJob(rt: Runtime, job: PdfJobPayload, signal: AbortSignal): Promise<void> {
  const executablePath = chromiumPath(rt.config);
  if (!executablePath) throw new Error(`No Chromium for the PDF export (set PORTAL_CHROMIUM_PATH).`);
  const documentUrl = `${job.origins[0]!.replace(/\/+$/, '')}/newsletter/send/builder/pdf`;
  // An unprintable document is a Refusal: the job fails at once.
  const pdf = await printPdf({
    executablePath,
    html: job.html,
    documentUrl,
    readUpload: (url) => readUpload(rt, job, url),
    signal,
  });
  const school = await findSchoolByLabel(rt.db, job.label);
  let result;
  try {
    result = await mailTransportOf(rt).send(pdfMail(job, school?.name ?? job.label, pdf));
  } catch (err) {
    // A header that cannot be written (an impossible address) will not get better.
    if (isRefusal(err, 'mail_header')) return;
    throw err;
  }
  if (!result.ok && !result.permanent) throw new Error(`The mail server will take the PDF later: ${result.response}`);
}

import { z } from 'zod';
import type { Runtime } from '../../../runtime';
import type { RequestContext } from '../../../context';
import { Refusal } from '../../../errors';
import { enqueue } from '../../../jobs';
import { mailTransportOf, MailHeaderError, type OutgoingMail } from '../../../mail';
import { findSchoolByLabel } from '../../../account/service';
import { serveUpload } from '../../../website/service';
import { PDF_FAILED } from '../../../../contracts/newsletter-builder';
import { chromiumPath } from './chromium';
import { printPdf } from './print';

/**
 * The builder's PDF export (`send/builder/download {html}`): the call only checks that Chromium
 * is there and enqueues the durable `newsletter-builder-pdf` job (a 200 says the PDF is on its
 * way); the job prints the HTML (./print.ts) and mails the PDF to the user who asked, through the
 * mail transport. A lost worker's job runs again (its user may then get the PDF twice).
 */
export const PDF_JOB = 'newsletter-builder-pdf';
/** Chromium that crashes or hangs is worth another go or two, not five. */
const PDF_MAX_ATTEMPTS = 3;

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
  if (!chromiumPath(config)) throw new Refusal(409, PDF_FAILED, 'pdf_unavailable');
  const payload: PdfJobPayload = {
    domainId: ctx.domain.id,
    label: ctx.domain.label,
    email: ctx.user.email,
    html,
    origins: [...new Set(origins)],
  };
  await enqueue(ctx.db, {
    name: PDF_JOB,
    payload,
    now: ctx.now,
    maxAttempts: PDF_MAX_ATTEMPTS,
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

function pdfMail(job: PdfJobPayload, schoolName: string, pdf: Buffer): OutgoingMail {
  const text = 'Your newsletter is attached to this message as a PDF, ready to print or share.';
  return {
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

export async function runPdfJob(rt: Runtime, job: PdfJobPayload): Promise<void> {
  const executablePath = chromiumPath(rt.config);
  if (!executablePath) throw new Error(`No Chromium for the PDF export (set PORTAL_CHROMIUM_PATH).`);
  const documentUrl = `${job.origins[0]!.replace(/\/+$/, '')}/newsletter/send/builder/pdf`;
  const pdf = await printPdf({
    executablePath,
    html: job.html,
    documentUrl,
    readUpload: (url) => readUpload(rt, job, url),
  });
  const school = await findSchoolByLabel(rt.db, job.label);
  let result;
  try {
    result = await mailTransportOf(rt).send(pdfMail(job, school?.name ?? job.label, pdf));
  } catch (err) {
    // A header that cannot be written (an impossible address) will not get better.
    if (err instanceof MailHeaderError) return;
    throw err;
  }
  if (!result.ok && !result.permanent) throw new Error(`The mail server will take the PDF later: ${result.response}`);
}

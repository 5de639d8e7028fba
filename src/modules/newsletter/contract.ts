import { z } from 'zod';
import { emptyResponseSchema, successSchema } from '../../lib/contract/envelope';
import { defineCalls } from '../../lib/contract/calls';
import { NEWSLETTER_ENDPOINTS } from './endpoints';
import { idParamsSchema, listQuerySchema } from '../../lib/contract/params';
import {
  FIELDS_REQUIRED,
  INVALID_EMAIL,
  MAX_EMAIL_LENGTH,
  MAX_FROM_NAME_LENGTH,
  MAX_MEMBER_NAME_LENGTH,
  MAX_SUBJECT_LENGTH,
  REPLY_TO_INVALID,
  ATTACHMENT_MODES,
  SEND_FIELDS_REQUIRED,
  SIGNUP_FIELDS_REQUIRED,
  SIGNUP_INVALID_EMAIL,
  STOPPED_REASONS,
  MAX_TEST_ADDRESSES,
  TEST_ADDRESSES_REQUIRED,
  TEST_ADDRESSES_TOO_MANY,
  splitTestAddresses,
  testAddressInvalid,
} from './rules';
import { HTML_LIMIT_MESSAGES, MAX_HTML_LENGTH } from '../../lib/contract/html-limits';

export * from './rules';

/** Spec section 3: a mailing-list member. */
export const memberSchema = z.object({
  address: z.string(),
  name: z.string(),
  subscribed: z.boolean(),
  /** Beyond the spec: why an unsubscribed member is no longer mailed when it was not their own choice. */
  stopped: z.enum(STOPPED_REASONS).optional(),
});
export type Member = z.infer<typeof memberSchema>;

/** GET /api/newsletter/manage/list/load: every member (the spec's call), newest first. */
export const membersResponseSchema = successSchema({ members: z.array(memberSchema) });

/** GET /api/newsletter/manage/list/page?page=&limit=&query=: a page of them (beyond the spec: the screen's paging and filter). */
export const membersPageResponseSchema = successSchema({
  members: z.array(memberSchema),
  total_pages: z.number().int(),
  total: z.number().int().nonnegative(),
});

// Names end up in mail headers (To): no line breaks or other control characters.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** An address as staff type it: required, trimmed, a valid address, kept as typed. */
const emailField = z
  .string({ error: FIELDS_REQUIRED })
  .trim()
  .min(1, FIELDS_REQUIRED)
  .max(MAX_EMAIL_LENGTH, `An email address can be at most ${MAX_EMAIL_LENGTH} characters.`)
  .pipe(z.email({ error: INVALID_EMAIL }));

/** POST /api/newsletter/manage/add (spec section 5: both fields required). */
export const addMemberRequestSchema = z.object({
  fullname: z
    .string({ error: FIELDS_REQUIRED })
    .trim()
    .min(1, FIELDS_REQUIRED)
    .max(MAX_MEMBER_NAME_LENGTH, `A name can be at most ${MAX_MEMBER_NAME_LENGTH} characters.`)
    .refine((name) => !CONTROL_CHARACTERS.test(name), 'A name cannot contain line breaks or control characters.'),
  email: emailField,
});
export type AddMemberRequest = z.infer<typeof addMemberRequestSchema>;
export const addMemberResponseSchema = successSchema({ member: memberSchema });

/**
 * The public site's sign-up form (a page's form post, no API call): name and address like a
 * member's, with texts for visitors. `website` is the honeypot: a field people never see.
 */
export const signupFormSchema = z.object({
  name: z
    .string({ error: SIGNUP_FIELDS_REQUIRED })
    .trim()
    .min(1, SIGNUP_FIELDS_REQUIRED)
    .max(MAX_MEMBER_NAME_LENGTH, `A name can be at most ${MAX_MEMBER_NAME_LENGTH} characters.`)
    .refine((name) => !CONTROL_CHARACTERS.test(name), 'A name cannot contain line breaks or control characters.'),
  email: z
    .string({ error: SIGNUP_FIELDS_REQUIRED })
    .trim()
    .min(1, SIGNUP_FIELDS_REQUIRED)
    .max(MAX_EMAIL_LENGTH, `An email address can be at most ${MAX_EMAIL_LENGTH} characters.`)
    .pipe(z.email({ error: SIGNUP_INVALID_EMAIL })),
  website: z.string().optional(),
});
export type SignupForm = z.infer<typeof signupFormSchema>;

/** POST /api/newsletter/manage/delete: the address as listed (compared as emailKey does). */
export const deleteMemberRequestSchema = z.object({
  email: z.string({ error: 'email is required.' }).trim().min(1, 'email is required.').max(MAX_EMAIL_LENGTH, `email can be at most ${MAX_EMAIL_LENGTH} characters.`),
});

/** A header line of a message (from name, subject): required (spec section 5), one line. */
export function headerText(max: number, what: string) {
  return z
    .string({ error: SEND_FIELDS_REQUIRED })
    .trim()
    .min(1, SEND_FIELDS_REQUIRED)
    .max(max, `The ${what} can be at most ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `The ${what} cannot contain line breaks or control characters.`);
}

/** The website categories of a newsletter's post: a JSON map of category id to name (spec section 7). */
export const categoryMapField = z
  .string()
  .default('{}')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'category must be a JSON map of category id to name.' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .record(z.string(), z.string({ error: 'category names are text.' }))
      .refine((map) => Object.keys(map).every((key) => /^\d+$/.test(key)), 'category keys are category ids.'),
  );

/** A send's reply-to address: optional (empty is none), one email address. */
export const replyToField = z
  .string()
  .trim()
  .max(MAX_EMAIL_LENGTH, REPLY_TO_INVALID)
  .default('')
  .pipe(z.union([z.literal(''), z.email({ error: REPLY_TO_INVALID })]))
  .transform((value) => value || undefined);

/** POST /api/newsletter/send/simple: multipart from, subject, reply_to (optional), message (HTML), attachment (optional file), attachment_mode (link, the default, or attach), category. */
export const simpleSendFormSchema = z.object({
  from: headerText(MAX_FROM_NAME_LENGTH, 'from name'),
  subject: headerText(MAX_SUBJECT_LENGTH, 'subject'),
  reply_to: replyToField,
  message: z.string().max(MAX_HTML_LENGTH, HTML_LIMIT_MESSAGES.length).default(''),
  category: categoryMapField,
  attachment: z.file().optional(),
  /** How families get the attachment: a link in the email to the school's upload (small emails) or the file in every copy. */
  attachment_mode: z.enum(ATTACHMENT_MODES, { error: 'attachment_mode must be link or attach.' }).default('link'),
});
export type SimpleSendForm = z.infer<typeof simpleSendFormSchema>;
/** The send (its id and audience size) and the website post it published. */
export const simpleSendResponseSchema = successSchema({ id: z.number().int(), total: z.number().int(), post_url: z.string() });

/**
 * Where a test goes (issue 29 §2): one text of up to five addresses (commas, spaces or new
 * lines between them), each an email address; remembered for the user. Absent: the addresses
 * the user used last, or their own.
 */
const anEmail = z.email();
export const testAddressesField = z
  .string()
  .max(MAX_TEST_ADDRESSES * (MAX_EMAIL_LENGTH + 2), TEST_ADDRESSES_TOO_MANY)
  .transform(splitTestAddresses)
  .pipe(
    z
      .array(z.string())
      .min(1, TEST_ADDRESSES_REQUIRED)
      .max(MAX_TEST_ADDRESSES, TEST_ADDRESSES_TOO_MANY)
      // One issue for the whole field (not one per place in the list), naming the first address that is none.
      .superRefine((addresses, ctx) => {
        const bad = addresses.find((address) => address.length > MAX_EMAIL_LENGTH || !anEmail.safeParse(address).success);
        if (bad !== undefined) ctx.addIssue({ code: 'custom', message: testAddressInvalid(bad) });
      }),
  );

/** POST /api/newsletter/send/simple/test: the Simple Newsletter's fields (no categories: no post is made) and test_to. */
export const simpleTestFormSchema = simpleSendFormSchema.omit({ category: true }).extend({ test_to: testAddressesField.optional() });
export type SimpleTestForm = z.infer<typeof simpleTestFormSchema>;
/** Whom the test went to. */
export const simpleTestResponseSchema = successSchema({ total: z.number().int(), to: z.array(z.string()) });

/** POST /api/newsletter/send/simple/preview {message, subject?, from?}: the email as a member would get it, and its size (Gmail clips past 102 KB). */
export const simplePreviewRequestSchema = z.object({
  from: z.string().trim().max(MAX_FROM_NAME_LENGTH, `The from name can be at most ${MAX_FROM_NAME_LENGTH} characters.`).optional(),
  message: z.string().max(MAX_HTML_LENGTH, HTML_LIMIT_MESSAGES.length).default(''),
  subject: z.string().trim().max(MAX_SUBJECT_LENGTH, `The subject can be at most ${MAX_SUBJECT_LENGTH} characters.`).optional(),
});
export const simplePreviewResponseSchema = successSchema({ html: z.string(), bytes: z.number().int() });

/* ---- CSV import (a dry run first, then the import) ---- */

/** POST /api/newsletter/manage/import: multipart `file` (CSV, UTF-8) and `dryRun` ('true' checks only). */
export const importFormSchema = z.object({
  file: z.file({ error: 'Choose a CSV file to import.' }),
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false.' })
    .default('true')
    .transform((value) => value === 'true'),
});

/** A row the import leaves out, and why (rows are numbered as a spreadsheet shows them, the header being row 1). */
export const importProblemSchema = z.object({ row: z.number().int(), reason: z.string() });
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importSummarySchema = z.object({
  /** Member rows read (the header not counted). */
  rows: z.number().int(),
  /** Addresses new to the list: added by the import (or, in a dry run, to be added). */
  added: z.number().int(),
  /** Addresses already on the list (left as they are). */
  existing: z.number().int(),
  /** Addresses that unsubscribed: never added back. */
  suppressed: z.number().int(),
  /** Rows left out for a reason of their own, counted; the first of them listed. */
  invalid: z.number().int(),
  problems: z.array(importProblemSchema),
  dryRun: z.boolean(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
export const importResponseSchema = successSchema({ summary: importSummarySchema });

/* ---- Sent newsletters (beyond the spec: every send, its progress, pause, resume, cancel) ---- */

export const sendStatusSchema = z.enum(['sending', 'paused', 'cancelled', 'done']);
export type SendStatus = z.infer<typeof sendStatusSchema>;

/** How many deliveries of a send are in each state. */
export const deliveryCountsSchema = z.object({
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  suppressed: z.number().int(),
  cancelled: z.number().int(),
});
export type DeliveryCounts = z.infer<typeof deliveryCountsSchema>;

/** Copies that came back as bounces, or that their recipient marked as spam (issue 28), each counted once. */
export const bounceCountsSchema = z.object({ bounced: z.number().int(), complained: z.number().int() });

/** A send as the list shows it; times are unix seconds. */
export const sendSummarySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  from: z.string(),
  status: sendStatusSchema,
  total: z.number().int(),
  counts: deliveryCountsSchema,
  bounces: bounceCountsSchema,
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type SendSummary = z.infer<typeof sendSummarySchema>;

/** GET /api/newsletter/sends?page=: newest first, 10 a page; `outbox` says mail is kept, not sent (no MAIL_URL). */
export const sendsResponseSchema = successSchema({
  sends: z.array(sendSummarySchema),
  total_pages: z.number().int(),
  total: z.number().int().nonnegative(),
  outbox: z.boolean(),
});

export const failedDeliverySchema = z.object({ email: z.string(), response: z.string() });

/** A bounce or complaint about a copy of a send: the address, what came back, when (unix seconds). */
export const sendBounceSchema = z.object({ email: z.string(), kind: z.enum(['hard', 'soft', 'complaint']), detail: z.string(), at: z.number().int() });

/** GET /api/newsletter/sends/{id}: the send, its message as composed, and the failed addresses with the server's answers. */
export const sendDetailResponseSchema = successSchema({
  send: sendSummarySchema.extend({ html: z.string(), text: z.string(), attachment: z.string().nullable() }),
  failures: z.array(failedDeliverySchema),
  bounces: z.array(sendBounceSchema),
  outbox: z.boolean(),
});
export type SendDetail = z.infer<typeof sendDetailResponseSchema>;

/** POST /api/newsletter/sends/{id}/pause|resume|cancel: the send's progress after the change. */
export const sendChangeResponseSchema = successSchema({ send: sendSummarySchema });

/* ---- The outbox (no MAIL_URL): every message a send would have mailed, as it would have gone out ---- */

/** Messages of a send a page of 'In the outbox' shows. */
export const OUTBOX_PAGE_SIZE = 10;

/** ?page= of a send's messages. */
export const outboxPageQuerySchema = listQuerySchema.pick({ page: true });

/** One recipient's copy of a send; `outbox_id` is null when the copy is not in the outbox (it went through a mail server). */
export const sendMessageSchema = z.object({
  outbox_id: z.number().int().nullable(),
  recipient: z.string(),
  name: z.string(),
  subject: z.string(),
  /** When it was kept (unix seconds), null when it is not in the outbox. */
  created_at: z.number().int().nullable(),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

/** GET /api/newsletter/sends/{id}/messages?page=: the send's delivered copies, in its audience's order, 10 a page. */
export const sendMessagesResponseSchema = successSchema({
  messages: z.array(sendMessageSchema),
  total_pages: z.number().int(),
  total: z.number().int().nonnegative(),
});

/** A message of the outbox whole: its headers in order ([name, value], unfolded and decoded), both bodies and the MIME source. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  /** The send that delivered it. */
  send_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The Date header as written (RFC 5322), and when it was kept (unix seconds). */
  date: z.string().nullable(),
  created_at: z.number().int(),
  message_id: z.string(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  html: z.string().nullable(),
  text: z.string().nullable(),
  raw: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** GET /api/newsletter/outbox/{id}: one message of a send of the school, as it would have gone out. */
export const outboxMessageResponseSchema = successSchema({ message: outboxMessageSchema });

/** The newsletter's calls: endpoints (./newsletter-endpoints.ts) joined with their schemas. */
export const newsletterCalls = defineCalls(NEWSLETTER_ENDPOINTS, {
  members: { response: membersResponseSchema },
  membersPage: { query: listQuerySchema, response: membersPageResponseSchema },
  addMember: { body: addMemberRequestSchema, response: addMemberResponseSchema },
  deleteMember: { body: deleteMemberRequestSchema, response: emptyResponseSchema },
  importMembers: { form: importFormSchema, response: importResponseSchema },
  // Its size limit is the runtime's (PORTAL_MAX_UPLOAD_MB), set by the route.
  sendSimple: { form: simpleSendFormSchema, response: simpleSendResponseSchema },
  sendSimpleTest: { form: simpleTestFormSchema, response: simpleTestResponseSchema },
  previewSimple: { body: simplePreviewRequestSchema, response: simplePreviewResponseSchema, maxBytes: 4 * MAX_HTML_LENGTH },
  sends: { query: listQuerySchema, response: sendsResponseSchema },
  send: { params: idParamsSchema, response: sendDetailResponseSchema },
  pauseSend: { params: idParamsSchema, response: sendChangeResponseSchema },
  resumeSend: { params: idParamsSchema, response: sendChangeResponseSchema },
  cancelSend: { params: idParamsSchema, response: sendChangeResponseSchema },
  sendMessages: { params: idParamsSchema, query: outboxPageQuerySchema, response: sendMessagesResponseSchema },
  outboxMessage: { params: idParamsSchema, response: outboxMessageResponseSchema },
});
export type NewsletterCalls = typeof newsletterCalls;

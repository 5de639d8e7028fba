/**
 * The newsletter's backend port: what its calls and screens need, whichever backend serves it.
 * The embedded one (./embedded/backend.ts) has it all; the legacy backend (./upstream/backend.ts)
 * has the mailing list only, without the CSV import and export.
 */
import type { ListLocation } from '../../../lib/lists/location';
import type { PortFile } from '../../../platform/http/port';
import type { Category } from '../../website';
import type { Build, BuilderSendForm, ProviderTemplateKey, SaveFrameRequest, StoredBuild, Template } from '../builder-contract';
import type { Frame as BuilderFrame } from '../builder-rules';
import type {
  AddMemberRequest,
  ImportSummary,
  Member,
  OutboxMessage,
  SendDetail,
  SendMessage,
  SendSummary,
  SimpleSendForm,
  SimpleTestForm,
} from '../contract';
import type { SendQuota } from '../sends';

export interface MembersPage {
  members: Member[];
  /** At least 1. */
  total_pages: number;
  /** Members in the whole list, filter applied. */
  total: number;
}

/** The mailing list (spec section 7, Newsletter `manage/*`, and the paged list). */
export interface MailingListBackend {
  /** Every member, newest first: the spec's `list/load`. */
  listAllMembers(): Promise<Member[]>;
  /** A page of the list, filtered by address or name. */
  listMembersPage(location: Pick<ListLocation, 'page' | 'query'>, limit: number): Promise<MembersPage>;
  /** Adds a subscribed member; refuses an address already listed or one that unsubscribed. */
  addMember(input: AddMemberRequest): Promise<Member>;
  /** Removes the member with this address. */
  deleteMember(email: string): Promise<void>;
  /** The CSV import: a dry run answers what would happen, else the members are added. */
  importMembers(file: File, dryRun: boolean): Promise<ImportSummary>;
  /** Export: the whole list as a CSV file. */
  exportMembers(): Promise<PortFile>;
}

/** What a send form offers: the website categories of its post, the audience, the From field's first value, the daily quota. */
export interface SendForm {
  categories: Category[];
  /** How many members the send would reach now. */
  audience: number;
  /** The school's name. */
  schoolName: string;
  /** The Reply-To field's first value: the one the school's last send used ('' when none did). */
  replyTo: string;
  quota: SendQuota;
  /** Where the user's tests go: the addresses they used last, or their own. */
  testAddresses: string[];
}

/** A page of Sent Newsletters; `outbox`: mail is kept in the outbox, not sent (no MAIL_URL). */
export interface SendsPage {
  sends: SendSummary[];
  total_pages: number;
  total: number;
  outbox: boolean;
}

export type SendDetailView = Omit<SendDetail, 'success' | 'isAuthFailed'>;

export interface SendMessagesPage {
  messages: SendMessage[];
  total_pages: number;
  total: number;
}

/** Sending (spec section 7, Newsletter `send/simple`) and the sends that follow, with their outbox. */
export interface SendsBackend {
  loadSendForm(): Promise<SendForm>;
  /** The school's daily send quota now. */
  sendQuota(): Promise<SendQuota>;
  /** Publishes the website post and starts the send to the list. */
  sendSimple(form: SimpleSendForm): Promise<{ id: number; total: number; post_url: string }>;
  /** The Simple Newsletter as a test: to the test addresses given (remembered) or the user's; no post, no send. */
  sendSimpleTest(form: SimpleTestForm): Promise<{ total: number; to: string[] }>;
  /** The Simple Newsletter's email as a member gets it, and its size. */
  previewSimple(input: { message: string; subject?: string | undefined; from?: string | undefined }): Promise<{ html: string; bytes: number }>;
  /** Newest first, a page at a time. */
  listSends(page: number): Promise<SendsPage>;
  /** One send (404 when the school has none of this id). */
  sendDetail(id: number): Promise<SendDetailView>;
  pauseSend(id: number): Promise<SendSummary>;
  resumeSend(id: number): Promise<SendSummary>;
  cancelSend(id: number): Promise<SendSummary>;
  /** A page of a send's delivered copies, each with its outbox message when there is one. */
  listSendMessages(sendId: number, page: number): Promise<SendMessagesPage>;
  /** One message of the outbox that a send of the school delivered (404 otherwise). */
  outboxMessage(id: number): Promise<OutboxMessage>;
}

/** The school's header and footer (builder-rules.ts `Frame`): HTML, and their blocks unless the frame is HTML. */
export type { Frame as BuilderFrame } from '../builder-rules';

/** The builder's send form as its schema reads it (builder-contract.ts). */
export type { BuilderSendForm } from '../builder-contract';

export interface BuilderSendResult {
  /** The send on Sent Newsletters (null for a test). */
  id: number | null;
  total: number;
  /** The website post (null for a test). */
  post_url: string | null;
}

/** The newsletter builder (spec section 7, `send/builder*`). */
export interface BuilderBackend {
  /** The school's header and footer that frame every build. */
  builderFrame(): Promise<BuilderFrame>;
  /** Saves them sanitised: the answer is what is kept. */
  saveBuilderFrame(frame: SaveFrameRequest): Promise<BuilderFrame>;
  /** The build last saved (a new one when the school has none) and the templates. */
  loadBuilder(): Promise<{ build: StoredBuild; templates: Template[] }>;
  /** One of the school's builds (404 otherwise). */
  loadBuild(id: number): Promise<StoredBuild>;
  /** A new build: the starter document, or a copy of a provider template's. */
  newBuild(name: string, provider?: ProviderTemplateKey): Promise<StoredBuild>;
  saveBuild(id: number, build: Build): Promise<{ id: number; updated_at: number }>;
  /** The email a build makes, framed, and its size. */
  renderBuild(build: Build): Promise<{ html: string; bytes: number }>;
  /** An image or attachment for a block: its address and name. */
  uploadBuilderFile(file: File): Promise<{ url: string; text: string }>;
  /** A test to the user's test addresses, or the website post and the send to the list. */
  sendBuild(form: BuilderSendForm): Promise<BuilderSendResult>;
  /** The rendered build as a website post. */
  publishBuild(form: { subject: string; build: Build; category: Record<string, string> }): Promise<{ post_url: string }>;
  /** The PDF export: made and mailed to the user later. */
  requestPdf(html: string, subject?: string): Promise<void>;
}

export interface NewsletterBackend extends MailingListBackend, SendsBackend, BuilderBackend {}

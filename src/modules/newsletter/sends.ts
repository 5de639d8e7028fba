import type { SendStatus, SendSummary } from './contract';
import { formatDayMonthYearTime } from '../../lib/dates';

/** What Sent newsletters says of a send's state. */
export const SEND_STATUS_LABELS: Record<SendStatus, string> = { sending: 'Sending', paused: 'Paused', cancelled: 'Cancelled', done: 'Sent' };

/** A row of Sent newsletters: the send, its local date and its progress in words. */
export interface SendRow extends SendSummary {
  date: { iso: string; text: string };
  /** Deliveries finished (sent, failed, suppressed), of the total. */
  finished: number;
  /** 0 to 100. */
  percent: number;
  progressText: string;
}

export function toSendRow(send: SendSummary, timeZone: string): SendRow {
  const { sent, failed, suppressed, cancelled } = send.counts;
  const finished = sent + failed + suppressed;
  const percent = send.total === 0 ? 100 : Math.floor(((finished + cancelled) / send.total) * 100);
  const parts = [`${sent} of ${send.total} sent`];
  if (failed) parts.push(`${failed} failed`);
  if (suppressed) parts.push(`${suppressed} unsubscribed`);
  if (cancelled) parts.push(`${cancelled} cancelled`);
  // Bounces and complaints arrive after the copies went out: said beside the progress, not in it.
  if (send.bounces.bounced) parts.push(`${send.bounces.bounced} bounced`);
  if (send.bounces.complained) parts.push(`${send.bounces.complained} marked as spam`);
  const created = new Date(send.created_at * 1000);
  return { ...send, date: { iso: created.toISOString(), text: formatDayMonthYearTime(created, timeZone) }, finished, percent, progressText: parts.join(', ') };
}

/** A send whose numbers may still move: worth asking again. */
export function isLive(send: Pick<SendSummary, 'status'>): boolean {
  return send.status === 'sending';
}

/** The outbox banner (no MAIL_URL): what happens to mail, said plainly. */
export const OUTBOX_NOTICE =
  'Mail is not configured on this server, so nothing is sent: every message is kept in the outbox, exactly as it would have gone out. Ask your provider to set MAIL_URL to send newsletters.';

export const SENT_PATH = '/newsletter/sent';
export const sendViewHref = (id: number) => `${SENT_PATH}/view?id=${id}`;

/** A school's daily send quota as the send screens show it: its size, and how many emails are left now. */
export interface SendQuota {
  limit: number;
  left: number;
}

/** A number of emails as the quota's texts write it: 20,000. */
export const emailCount = (n: number) => n.toLocaleString('en-GB');

/** The send screens' notice once under a tenth of the quota is left (or none at all), else null. */
export function sendQuotaNotice(quota: SendQuota): { title: string; text: string } | null {
  if (quota.left > 0 && quota.left * 10 >= quota.limit) return null;
  return {
    title: `${emailCount(quota.left)} of ${emailCount(quota.limit)} emails left today`,
    text: `Your school may send ${emailCount(quota.limit)} newsletter emails in 24 hours. A send to more members than are left is refused until earlier sends are a day old.`,
  };
}

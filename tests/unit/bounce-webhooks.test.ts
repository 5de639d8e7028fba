import { createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readWebhook, type WebhookOutcome, type WebhookProvider, type WebhookRequest, type WebhookSecrets } from '../../src/platform/mail/bounces/webhooks';

/**
 * The mail providers' bounce and complaint webhooks, read with real signatures (ECDSA P-256 for
 * SendGrid, HMAC-SHA256 for Mailgun) from payloads shaped like each provider's documented examples.
 */

const NOW = 1_700_000_000;
const SECRET = 'hook-secret-7f3a';
const WRONG = { ok: false, status: 401 };

function request(body: string, options: { url?: string; headers?: Record<string, string>; method?: string } = {}): WebhookRequest {
  return { method: options.method ?? 'POST', url: options.url ?? 'https://portal.example.org/api/mail/webhooks/x', headers: new Headers(options.headers ?? {}), body };
}

const basic = (user: string, password: string): Record<string, string> => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

function read(provider: WebhookProvider, req: WebhookRequest, secrets: Partial<WebhookSecrets> = {}): WebhookOutcome {
  return readWebhook(provider, req, { now: NOW, ...secrets });
}

function reportsOf(outcome: WebhookOutcome) {
  if (!outcome.ok) throw new Error(`Refused: ${outcome.status} ${outcome.reason}`);
  return outcome.reports;
}

describe('Amazon SES through SNS', () => {
  const mail = {
    timestamp: '2016-01-27T14:59:38.237Z',
    source: 'Bounce+N7K2Q@mail.example.org',
    sourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/example.org',
    sendingAccountId: '123456789012',
    messageId: '00000138111222aa-33322211-cccc-cccc-cccc-ddddaaaa0680-000000',
    destination: ['jane@example.com', 'richard@example.com'],
    headersTruncated: false,
    headers: [
      { name: 'From', value: '"Green Hill School" <news@example.org>' },
      { name: 'To', value: 'jane@example.com, richard@example.com' },
      { name: 'Message-ID', value: '<1f2e3d4c-0001@portal.example.org>' },
    ],
    commonHeaders: { from: ['Green Hill School <news@example.org>'], to: ['jane@example.com'], messageId: '<1f2e3d4c-0001@portal.example.org>', subject: 'Newsletter' },
  };

  const bounce = {
    notificationType: 'Bounce',
    bounce: {
      bounceType: 'Permanent',
      bounceSubType: 'General',
      bouncedRecipients: [
        { emailAddress: 'jane@example.com', status: '5.1.1', action: 'failed', diagnosticCode: 'smtp; 550 5.1.1 <jane@example.com>... User unknown' },
        { emailAddress: 'richard@example.com', status: '5.1.1', action: 'failed', diagnosticCode: 'smtp; 550 5.1.1 <richard@example.com>... User unknown' },
      ],
      timestamp: '2016-01-27T14:59:38.237Z',
      feedbackId: '00000138111222aa-33322211-cccc-cccc-cccc-ddddaaaa068a-000000',
      reportingMTA: 'dns; email.example.com',
      remoteMtaIp: '127.0.2.0',
    },
    mail,
  };

  const complaint = {
    notificationType: 'Complaint',
    complaint: {
      userAgent: 'AnyCompany Feedback Loop (V0.01)',
      complainedRecipients: [{ emailAddress: 'richard@example.com' }],
      complaintFeedbackType: 'abuse',
      arrivalDate: '2016-01-27T14:59:38.237Z',
      timestamp: '2016-01-27T14:59:38.238Z',
      feedbackId: '000001378603177f-18c07c78-fa81-4a58-9dd1-fedc3cb8f49a-000000',
    },
    // No VERP in the source: the Return-Path header still names it.
    mail: { ...mail, source: 'news@example.org', headers: [...mail.headers, { name: 'Return-Path', value: '<bounce+n7k2q@mail.example.org>' }] },
  };

  const envelope = (fields: Record<string, unknown>): string =>
    JSON.stringify({
      Type: 'Notification',
      MessageId: '22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324',
      TopicArn: 'arn:aws:sns:us-east-1:123456789012:ses-bounces',
      Timestamp: '2016-01-27T15:00:00.000Z',
      SignatureVersion: '1',
      Signature: 'EXAMPLEpH+..',
      SigningCertURL: 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-0000000000000000000000.pem',
      UnsubscribeURL: 'https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=arn:aws:sns:us-east-1:123456789012:ses-bounces:1',
      ...fields,
    });

  const notification = (event: unknown): string => envelope({ Message: JSON.stringify(event) });

  it('reads a permanent bounce as one hard report per recipient (secret as the basic-auth password)', () => {
    const outcome = read('ses', request(notification(bounce), { headers: basic('sns', SECRET) }), { secret: SECRET });
    expect(outcome).toEqual({
      ok: true,
      reports: [
        {
          kind: 'hard',
          source: 'ses',
          recipient: 'jane@example.com',
          tag: 'n7k2q',
          messageId: '1f2e3d4c-0001@portal.example.org',
          detail: '5.1.1 smtp; 550 5.1.1 <jane@example.com>... User unknown',
          eventId: 'ses:00000138111222aa-33322211-cccc-cccc-cccc-ddddaaaa068a-000000:jane@example.com',
          at: 1453906778,
        },
        {
          kind: 'hard',
          source: 'ses',
          recipient: 'richard@example.com',
          tag: 'n7k2q',
          messageId: '1f2e3d4c-0001@portal.example.org',
          detail: '5.1.1 smtp; 550 5.1.1 <richard@example.com>... User unknown',
          eventId: 'ses:00000138111222aa-33322211-cccc-cccc-cccc-ddddaaaa068a-000000:richard@example.com',
          at: 1453906778,
        },
      ],
    });
  });

  it('reads a complaint, the tag from the Return-Path header (secret as a query parameter)', () => {
    const outcome = read('ses', request(notification(complaint), { url: `https://portal.example.org/api/mail/webhooks/ses?secret=${SECRET}` }), { secret: SECRET });
    expect(reportsOf(outcome)).toEqual([
      {
        kind: 'complaint',
        source: 'ses',
        recipient: 'richard@example.com',
        tag: 'n7k2q',
        messageId: '1f2e3d4c-0001@portal.example.org',
        detail: 'Spam complaint (abuse)',
        eventId: 'ses:000001378603177f-18c07c78-fa81-4a58-9dd1-fedc3cb8f49a-000000:richard@example.com',
        at: 1453906778,
      },
    ]);
  });

  it('reads a configuration-set event: a transient bounce is soft, the portal_delivery tag wins, no time means the envelope time', () => {
    const event = {
      eventType: 'Bounce',
      bounce: { bounceType: 'Transient', bounceSubType: 'MailboxFull', bouncedRecipients: [{ emailAddress: 'jane@example.com' }], feedbackId: 'fb-2' },
      mail: { ...mail, source: 'news@example.org', tags: { 'ses:configuration-set': ['portal'], portal_delivery: ['D42-Abc'] } },
    };
    expect(reportsOf(read('ses', request(notification(event), { headers: basic('', SECRET) }), { secret: SECRET }))).toEqual([
      {
        kind: 'soft',
        source: 'ses',
        recipient: 'jane@example.com',
        tag: 'd42-abc',
        messageId: '1f2e3d4c-0001@portal.example.org',
        detail: 'Transient bounce (MailboxFull)',
        eventId: 'ses:fb-2:jane@example.com',
        at: 1453906800,
      },
    ]);
  });

  it('reads an Undetermined bounce as soft, and a message without our tag or VERP address as tagless', () => {
    const event = { ...bounce, bounce: { ...bounce.bounce, bounceType: 'Undetermined', bouncedRecipients: [bounce.bounce.bouncedRecipients[0]] }, mail: { ...mail, source: 'xbounce+n7k2q@mail.example.org' } };
    const [report] = reportsOf(read('ses', request(notification(event), { headers: basic('sns', SECRET) }), { secret: SECRET }));
    expect(report).toMatchObject({ kind: 'soft', tag: null });
  });

  it('reads the event itself under raw message delivery', () => {
    expect(reportsOf(read('ses', request(JSON.stringify(complaint), { headers: basic('sns', SECRET) }), { secret: SECRET }))).toHaveLength(1);
  });

  it('records nothing for a delivery, an unsubscribe confirmation or SES\'s plain-text test message', () => {
    const delivery = { notificationType: 'Delivery', mail, delivery: { timestamp: '2016-01-27T14:59:38.237Z', recipients: ['jane@example.com'], smtpResponse: '250 ok' } };
    const headers = basic('sns', SECRET);
    expect(read('ses', request(notification(delivery), { headers }), { secret: SECRET })).toEqual({ ok: true, reports: [] });
    expect(read('ses', request(envelope({ Type: 'UnsubscribeConfirmation', Message: 'You have chosen to deactivate…' }), { headers }), { secret: SECRET })).toEqual({ ok: true, reports: [] });
    expect(read('ses', request(envelope({ Message: 'Successfully validated SNS topic for Amazon SES event publishing.' }), { headers }), { secret: SECRET })).toEqual({ ok: true, reports: [] });
  });

  it('hands back the SubscribeURL of a subscription confirmation only when it is SNS\'s', () => {
    const confirmation = (url: string) =>
      read('ses', request(envelope({ Type: 'SubscriptionConfirmation', Token: '2336412f37', Message: 'You have chosen to subscribe…', SubscribeURL: url }), { headers: basic('sns', SECRET) }), { secret: SECRET });
    const sns = 'https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=arn:aws:sns:us-east-1:123456789012:ses-bounces&Token=2336412f37';
    expect(confirmation(sns)).toEqual({ ok: true, reports: [], confirmUrl: sns });
    expect(confirmation('https://sns.cn-north-1.amazonaws.com.cn/?Action=ConfirmSubscription&Token=1')).toMatchObject({ ok: true, confirmUrl: 'https://sns.cn-north-1.amazonaws.com.cn/?Action=ConfirmSubscription&Token=1' });
    for (const url of [
      'https://attacker.example.net/?Action=ConfirmSubscription',
      'http://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription',
      'https://sns.us-east-1.amazonaws.com.attacker.example.net/',
      'https://sns.us-east-1.amazonaws.com:8443/',
      'https://user@sns.us-east-1.amazonaws.com/',
      'not a url',
    ]) {
      expect(confirmation(url), url).toMatchObject({ ok: false, status: 400 });
    }
  });

  it('refuses a wrong or missing secret, an unconfigured webhook and a body that is not SNS\'s', () => {
    const body = notification(bounce);
    expect(read('ses', request(body, { headers: basic('sns', 'guess') }), { secret: SECRET })).toMatchObject(WRONG);
    expect(read('ses', request(body, { url: 'https://portal.example.org/hook?secret=guess' }), { secret: SECRET })).toMatchObject(WRONG);
    expect(read('ses', request(body, { headers: basic('sns', `${SECRET}x`) }), { secret: SECRET })).toMatchObject(WRONG);
    expect(read('ses', request(body), { secret: SECRET })).toMatchObject(WRONG);
    expect(read('ses', request(body, { headers: basic('sns', SECRET) }))).toEqual({ ok: false, status: 403, reason: 'This webhook is not configured.' });
    expect(read('ses', request(body, { headers: basic('sns', SECRET) }), { secret: '  ' })).toMatchObject({ ok: false, status: 403 });
    expect(read('ses', request('{"Type":"Notification",', { headers: basic('sns', SECRET) }), { secret: SECRET })).toMatchObject({ ok: false, status: 400 });
    expect(read('ses', request(JSON.stringify({ Type: 'Notification', MessageId: 'm', Message: JSON.stringify({ notificationType: 'Bounce', mail }) }), { headers: basic('sns', SECRET) }), { secret: SECRET })).toMatchObject({
      ok: false,
      status: 400,
    });
  });
});

describe('SendGrid Signed Event Webhook', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const KEY = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const common = { timestamp: 1513299569, 'smtp-id': '<14c5d75ce93.dfd.64b469@portal.example.org>', category: 'newsletter', sg_message_id: '14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.000000000000000000000' };

  const batch = JSON.stringify([
    { ...common, email: 'jane@example.com', event: 'processed', sg_event_id: 'rbtnWrG1DVDGGGFHFyun0A==' },
    { ...common, email: 'jane@example.com', event: 'bounce', sg_event_id: '6g4ZI7SA-xmRDv57GoPIPw==', reason: '550 5.1.1 The email account that you tried to reach does not exist', status: '5.1.1', type: 'bounce', portal_delivery: 'D42-7' },
    { ...common, email: 'ann@example.com', event: 'bounce', sg_event_id: 'blocked-1', reason: '554 5.7.1 Service unavailable; client host blocked', status: '5.7.1', type: 'blocked' },
    { ...common, email: 'old@example.com', event: 'bounce', sg_event_id: 'legacy-1', reason: '452 4.2.2 Mailbox full', status: '4.2.2' },
    { ...common, email: 'gone@example.com', event: 'dropped', sg_event_id: 'zmzJhfJgAfUSOW80yEbPyw==', reason: 'Bounced Address', status: '5.0.0' },
    { ...common, email: 'left@example.com', event: 'dropped', sg_event_id: 'dropped-unsub', reason: 'Unsubscribed Address', status: '5.0.0' },
    { ...common, email: 'richard@example.com', event: 'spamreport', sg_event_id: '37nvH5QBz858KGVYCM4uOA==' },
    { ...common, email: 'mia@example.com', event: 'delivered', sg_event_id: 'delivered-1', response: '250 OK' },
    { ...common, email: 'mia@example.com', event: 'open', sg_event_id: 'open-1', useragent: 'Mozilla/4.0', ip: '255.255.255.255' },
  ]);

  function signed(body: string, timestamp = String(NOW - 30), key: KeyObject = privateKey): WebhookRequest {
    const signature = sign('sha256', Buffer.from(timestamp + body), { key, dsaEncoding: 'der' }).toString('base64');
    return request(body, { headers: { 'X-Twilio-Email-Event-Webhook-Signature': signature, 'X-Twilio-Email-Event-Webhook-Timestamp': timestamp, 'content-type': 'application/json' } });
  }

  it('reads bounces, blocks, bounced-address drops and spam reports from a batch, and nothing else', () => {
    const base = { source: 'sendgrid', messageId: '14c5d75ce93.dfd.64b469@portal.example.org', at: 1513299569 };
    expect(read('sendgrid', signed(batch), { sendgridPublicKey: KEY })).toEqual({
      ok: true,
      reports: [
        { ...base, kind: 'hard', recipient: 'jane@example.com', tag: 'd42-7', detail: '5.1.1 550 5.1.1 The email account that you tried to reach does not exist', eventId: 'sendgrid:6g4ZI7SA-xmRDv57GoPIPw==' },
        { ...base, kind: 'soft', recipient: 'ann@example.com', tag: null, detail: '5.7.1 554 5.7.1 Service unavailable; client host blocked', eventId: 'sendgrid:blocked-1' },
        { ...base, kind: 'soft', recipient: 'old@example.com', tag: null, detail: '4.2.2 452 4.2.2 Mailbox full', eventId: 'sendgrid:legacy-1' },
        { ...base, kind: 'hard', recipient: 'gone@example.com', tag: null, detail: 'Dropped: Bounced Address', eventId: 'sendgrid:zmzJhfJgAfUSOW80yEbPyw==' },
        { ...base, kind: 'complaint', recipient: 'richard@example.com', tag: null, detail: 'Spam report', eventId: 'sendgrid:37nvH5QBz858KGVYCM4uOA==' },
      ],
    });
  });

  it('takes the key as PEM too', () => {
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(reportsOf(read('sendgrid', signed(batch), { sendgridPublicKey: pem }))).toHaveLength(5);
  });

  it('refuses a wrong signature, a body changed after signing, a stale or missing timestamp', () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    expect(read('sendgrid', signed(batch, undefined, other), { sendgridPublicKey: KEY })).toMatchObject(WRONG);

    const tampered = signed(batch);
    expect(read('sendgrid', { ...tampered, body: batch.replace('gone@example.com', 'head@example.com') }, { sendgridPublicKey: KEY })).toMatchObject(WRONG);

    // Signed correctly, but eleven minutes ago (a replay), or eleven minutes ahead.
    expect(read('sendgrid', signed(batch, String(NOW - 660)), { sendgridPublicKey: KEY })).toMatchObject(WRONG);
    expect(read('sendgrid', signed(batch, String(NOW + 660)), { sendgridPublicKey: KEY })).toMatchObject(WRONG);
    expect(read('sendgrid', signed(batch, String(NOW - 590)), { sendgridPublicKey: KEY })).toMatchObject({ ok: true });

    const unsigned = signed(batch);
    unsigned.headers.delete('X-Twilio-Email-Event-Webhook-Timestamp');
    expect(read('sendgrid', unsigned, { sendgridPublicKey: KEY })).toMatchObject(WRONG);
    expect(read('sendgrid', request(batch), { sendgridPublicKey: KEY })).toMatchObject(WRONG);
  });

  it('refuses without a key (403), with a key that is not P-256 (403), and a signed body that is not an event batch (400)', () => {
    expect(read('sendgrid', signed(batch), { secret: SECRET })).toEqual({ ok: false, status: 403, reason: 'This webhook is not configured.' });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(read('sendgrid', signed(batch), { sendgridPublicKey: rsa })).toMatchObject({ ok: false, status: 403 });
    expect(read('sendgrid', signed(batch), { sendgridPublicKey: 'not a key' })).toMatchObject({ ok: false, status: 403 });
    expect(read('sendgrid', signed('[{"event":"bounce",'), { sendgridPublicKey: KEY })).toMatchObject({ ok: false, status: 400 });
    expect(read('sendgrid', signed('{"event":"bounce"}'), { sendgridPublicKey: KEY })).toMatchObject({ ok: false, status: 400 });
    expect(read('sendgrid', signed('[{"event":"spamreport","email":"a@example.com"}]'), { sendgridPublicKey: KEY })).toMatchObject({ ok: false, status: 400 });
  });
});

describe('Postmark bounce and spam complaint webhooks', () => {
  const hardBounce = {
    RecordType: 'Bounce',
    MessageStream: 'outbound',
    // Postmark's documented example is 4323372036854775807, more than a double holds: json() writes it.
    ID: 4323372036854776000,
    Type: 'HardBounce',
    TypeCode: 1,
    Name: 'Hard bounce',
    Tag: 'newsletter',
    MessageID: '883953f4-6105-42a2-a16a-77a8eac79483',
    Metadata: { portal_delivery: 'D42-9', school: 'green-hill' },
    ServerID: 23,
    Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
    Details: 'smtp;550 5.1.1 The email account that you tried to reach does not exist. Ref 12345678901234567890',
    Email: 'john@example.com',
    From: 'news@example.org',
    BouncedAt: '2019-11-05T16:33:54.9070259Z',
    DumpAvailable: true,
    Inactive: true,
    CanActivate: true,
    Subject: 'Newsletter',
    Content: '<Full dump of bounce>',
  };
  // The ID written as Postmark sends it, with all its digits.
  const json = (record: Record<string, unknown>): string => JSON.stringify(record).replace('"ID":4323372036854776000', '"ID":4323372036854775807');
  const withSecret = (body: string) => request(body, { headers: basic('postmark', SECRET) });

  it('reads a hard bounce: its full 64-bit ID, the metadata tag, no Message-ID', () => {
    expect(read('postmark', withSecret(json(hardBounce)), { secret: SECRET })).toEqual({
      ok: true,
      reports: [
        {
          kind: 'hard',
          source: 'postmark',
          recipient: 'john@example.com',
          tag: 'd42-9',
          messageId: null,
          detail: 'HardBounce: smtp;550 5.1.1 The email account that you tried to reach does not exist. Ref 12345678901234567890',
          eventId: 'postmark:4323372036854775807',
          at: 1572971634,
        },
      ],
    });
  });

  it('reads a soft bounce and a spam complaint', () => {
    const soft = { ...hardBounce, ID: 692560173, Type: 'SoftBounce', TypeCode: 4096, Name: 'Soft bounce', Metadata: {}, Details: '', Description: 'Unable to temporarily deliver this email.', BouncedAt: '2014-08-01T13:28:10.2735393-04:00' };
    expect(reportsOf(read('postmark', withSecret(json(soft)), { secret: SECRET }))).toEqual([
      { kind: 'soft', source: 'postmark', recipient: 'john@example.com', tag: null, messageId: null, detail: 'SoftBounce: Unable to temporarily deliver this email.', eventId: 'postmark:692560173', at: 1406914090 },
    ]);
    const spam = { ...hardBounce, RecordType: 'SpamComplaint', ID: 42, Type: 'SpamComplaint', TypeCode: 100001, Name: 'Spam complaint', Description: '', Details: 'Test spam complaint details', BouncedAt: undefined };
    expect(reportsOf(read('postmark', request(json(spam), { url: `https://portal.example.org/hook?secret=${SECRET}` }), { secret: SECRET }))).toEqual([
      { kind: 'complaint', source: 'postmark', recipient: 'john@example.com', tag: 'd42-9', messageId: null, detail: 'SpamComplaint: Test spam complaint details', eventId: 'postmark:42', at: NOW },
    ]);
  });

  it('records nothing for bounce types that say nothing of the address, and for other records', () => {
    for (const Type of ['AutoResponder', 'Unsubscribe', 'AddressChange', 'ChallengeVerification', 'Unknown', 'SomethingNew']) {
      expect(read('postmark', withSecret(json({ ...hardBounce, ID: 7, Type })), { secret: SECRET }), Type).toEqual({ ok: true, reports: [] });
    }
    const delivery = { RecordType: 'Delivery', ServerID: 23, MessageStream: 'outbound', MessageID: '883953f4', Recipient: 'john@example.com', DeliveredAt: '2019-11-05T16:33:54Z', Details: 'Test delivery webhook details' };
    expect(read('postmark', withSecret(JSON.stringify(delivery)), { secret: SECRET })).toEqual({ ok: true, reports: [] });
  });

  it('refuses a wrong secret, an unconfigured webhook and a body that is not a record', () => {
    expect(read('postmark', request(json(hardBounce), { headers: basic('postmark', 'guess') }), { secret: SECRET })).toMatchObject(WRONG);
    expect(read('postmark', request(json(hardBounce)), { secret: SECRET })).toMatchObject(WRONG);
    expect(read('postmark', withSecret(json(hardBounce)), { mailgunSigningKey: 'k' })).toMatchObject({ ok: false, status: 403 });
    expect(read('postmark', withSecret('RecordType=Bounce'), { secret: SECRET })).toMatchObject({ ok: false, status: 400 });
    expect(read('postmark', withSecret(JSON.stringify({ RecordType: 'Bounce', Type: 'HardBounce', ID: 1 })), { secret: SECRET })).toMatchObject({ ok: false, status: 400 });
  });
});

describe('Mailgun webhooks', () => {
  const KEY = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0';

  function signedBody(eventData: Record<string, unknown>, timestamp = String(NOW - 5), token = 'a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0'): string {
    const signature = createHmac('sha256', KEY).update(timestamp + token).digest('hex');
    return JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': eventData });
  }

  const message = { headers: { to: 'Alice <alice@example.com>', 'message-id': '<20130503182626.18666.16540@portal.example.org>', from: 'Green Hill <news@example.org>', subject: 'Newsletter' }, attachments: [], size: 111 };

  const permanent = {
    event: 'failed',
    id: 'G9Bn5sl1TC6nu79C8C0bwg',
    timestamp: 1529006854.329574,
    'log-level': 'error',
    severity: 'permanent',
    reason: 'bounce',
    envelope: { sender: 'bounce+d42-11@mg.example.org', transport: 'smtp', targets: 'alice@example.com' },
    flags: { 'is-routed': false, 'is-authenticated': true, 'is-system-test': false, 'is-test-mode': false },
    'recipient-domain': 'example.com',
    message,
    recipient: 'alice@example.com',
    'delivery-status': { 'attempt-no': 1, message: '', code: 550, description: '5.1.1 The email account that you tried to reach does not exist.', 'session-seconds': 0.5, 'mx-host': 'mx.example.com' },
    'user-variables': { portal_delivery: 'D42-11', school: 'green-hill' },
    campaigns: [],
    tags: ['newsletter'],
  };

  const temporary = {
    ...permanent,
    id: 'Fs7-5t81S2ilmfx9eDsYhw',
    timestamp: 1529006855.1,
    severity: 'temporary',
    reason: 'generic',
    'delivery-status': { 'attempt-no': 1, message: '4.2.2 The email account that you tried to reach is over quota.', code: 452, description: '' },
    'user-variables': {},
  };

  const complained = {
    event: 'complained',
    id: '-Agny091SquKnsrW2NEKUA',
    timestamp: 1521233123.501324,
    'log-level': 'warn',
    envelope: { 'sending-ip': '173.193.210.33' },
    flags: { 'is-test-mode': false },
    message,
    recipient: 'alice@example.com',
    campaigns: [],
    'user-variables': { portal_delivery: 'd42-12' },
  };

  it('reads a permanent failure as hard, a temporary one as soft, a complaint as a complaint', () => {
    const messageId = '20130503182626.18666.16540@portal.example.org';
    expect(read('mailgun', request(signedBody(permanent)), { mailgunSigningKey: KEY })).toEqual({
      ok: true,
      reports: [
        { kind: 'hard', source: 'mailgun', recipient: 'alice@example.com', tag: 'd42-11', messageId, detail: '550 5.1.1 The email account that you tried to reach does not exist.', eventId: 'mailgun:G9Bn5sl1TC6nu79C8C0bwg', at: 1529006854 },
      ],
    });
    expect(reportsOf(read('mailgun', request(signedBody(temporary)), { mailgunSigningKey: KEY }))).toEqual([
      { kind: 'soft', source: 'mailgun', recipient: 'alice@example.com', tag: null, messageId, detail: '452 4.2.2 The email account that you tried to reach is over quota.', eventId: 'mailgun:Fs7-5t81S2ilmfx9eDsYhw', at: 1529006855 },
    ]);
    expect(reportsOf(read('mailgun', request(signedBody(complained)), { mailgunSigningKey: KEY }))).toEqual([
      { kind: 'complaint', source: 'mailgun', recipient: 'alice@example.com', tag: 'd42-12', messageId, detail: 'Spam complaint', eventId: 'mailgun:-Agny091SquKnsrW2NEKUA', at: 1521233123 },
    ]);
  });

  it('records nothing for a delivery', () => {
    const delivered = { event: 'delivered', id: 'hK7mQVt1QtqRiOfQXta4sw', timestamp: 1529692199.626182, recipient: 'alice@example.com', message, 'delivery-status': { code: 250, message: 'OK' } };
    expect(read('mailgun', request(signedBody(delivered)), { mailgunSigningKey: KEY })).toEqual({ ok: true, reports: [] });
  });

  it('refuses a wrong signature, a stale timestamp, an unconfigured webhook and a malformed body', () => {
    const good = JSON.parse(signedBody(permanent)) as { signature: { timestamp: string; token: string; signature: string } };
    const forged = JSON.stringify({ ...good, signature: { ...good.signature, token: 'another-token' } });
    expect(read('mailgun', request(forged), { mailgunSigningKey: KEY })).toMatchObject(WRONG);
    expect(read('mailgun', request(signedBody(permanent)), { mailgunSigningKey: 'another-key' })).toMatchObject(WRONG);
    expect(read('mailgun', request(JSON.stringify({ 'event-data': permanent })), { mailgunSigningKey: KEY })).toMatchObject(WRONG);
    expect(read('mailgun', request(signedBody(permanent, String(NOW - 601))), { mailgunSigningKey: KEY })).toMatchObject(WRONG);
    expect(read('mailgun', request(signedBody(permanent)), { secret: SECRET })).toEqual({ ok: false, status: 403, reason: 'This webhook is not configured.' });
    expect(read('mailgun', request('signature=abc&token=def'), { mailgunSigningKey: KEY })).toMatchObject({ ok: false, status: 400 });
    expect(read('mailgun', request(signedBody({ event: 'failed', severity: 'permanent', recipient: 'alice@example.com' })), { mailgunSigningKey: KEY })).toMatchObject({ ok: false, status: 400 });
  });
});

describe('readWebhook', () => {
  it('refuses anything but a POST, and a provider it does not know, without throwing', () => {
    expect(read('postmark', request('{}', { method: 'GET', headers: basic('postmark', SECRET) }), { secret: SECRET })).toMatchObject({ ok: false, status: 400 });
    expect(read('nobody' as WebhookProvider, request('{}'), { secret: SECRET })).toMatchObject({ ok: false, status: 400 });
  });
});

import { z } from 'zod';
import { mailFromAddress, mailTransportOf } from '../../platform/mail';
import type { Runtime } from '../../platform/runtime';
import { usageError } from '../../platform/cli/command';

/**
 * `mail-test --to ADDRESS`: one system message through the configured transport, so an operator
 * sees the relay's answer (or the outbox) before a school's first newsletter. Exit 1 when the
 * relay refused it, with its answer.
 */
export async function sendTestMail(runtime: Runtime, to: string, print: (line: string) => void): Promise<void> {
  const address = z.email().safeParse(to.trim());
  if (!address.success) throw usageError(`--to must be an email address, not "${to}".`);
  const { config } = runtime;
  const transport = mailTransportOf(runtime);
  try {
    const result = await transport.send({
      kind: 'system',
      domainId: null,
      fromName: config.PORTAL_PROVIDER_NAME,
      to: { address: address.data },
      subject: `${config.PORTAL_PROVIDER_NAME}: test message`,
      html: '<p>This is a test message from the Staff Portal: its mail settings work.</p>',
      text: 'This is a test message from the Staff Portal: its mail settings work.',
    });
    print(`From ${mailFromAddress(config)} to ${address.data} via ${transport.kind === 'smtp' ? 'MAIL_URL' : 'the outbox (MAIL_URL is not set)'}.`);
    if (!result.ok) throw new Error(`The mail server refused it: ${result.response}`);
    print(`Sent: ${result.response}`);
  } finally {
    transport.close();
  }
}

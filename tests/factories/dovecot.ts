import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ImapFlow } from 'imapflow';
import { makeTempDir } from './runtime';

/**
 * A real Dovecot (Debian's dovecot-imapd and dovecot-pop3d; .ci/run installs them) for the bounce
 * mailbox tests: a config of its own in a temp folder (its base_dir, log and maildirs there),
 * listening on 127.0.0.1 only, on free ports: IMAPS and POP3S, and IMAP and POP3 with STARTTLS
 * (`ssl = required`: no login before TLS). Its certificate is signed by a CA made for it
 * (`caFile`, for MAIL_BOUNCES_URL's `?ca_file=`). Users log in with a {PLAIN} password from a
 * passwd-file; their mail is a maildir that IMAP and POP3 share.
 */
export const DOVECOT = '/usr/sbin/dovecot';

export type MailboxProtocol = 'imaps' | 'imap' | 'pop3s' | 'pop3';

export interface TestDovecot {
  ports: Record<MailboxProtocol, number>;
  /** The PEM of the CA that signed the server's certificate. */
  caFile: string;
  /** A MAIL_BOUNCES_URL for the user (`?ca_file=` added unless `query` is given). */
  url(protocol: MailboxProtocol, user: string, options?: { password?: string; folder?: string; query?: string }): string;
  /** An IMAP session of the user (over IMAPS), for putting messages in and looking at what is left. */
  imap(user: string): Promise<ImapFlow>;
  /** Appends the messages to the user's folder (INBOX by default) through IMAP. */
  append(user: string, messages: (string | Buffer)[], folder?: string): Promise<void>;
  /** Dovecot's log so far (for a failing test's message). */
  log(): string;
  stop(): Promise<void>;
}

const run = promisify(execFile);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A CA and a server certificate for 127.0.0.1 and localhost that it signed (openssl CLI, EC keys: fast). */
async function makeCertificates(dir: string): Promise<{ ca: string; cert: string; key: string }> {
  const file = (name: string) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await run('openssl', ['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=Staff Portal test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  await run('openssl', ['req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=127.0.0.1']);
  fs.writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  await run('openssl', ['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial',
    '-out', file('server.pem'), '-days', '2', '-extfile', file('server.ext')]);
  return { ca: file('ca.pem'), cert: file('server.pem'), key: file('server.key') };
}

/** Who owns the mail: as root, `nobody` (Dovecot refuses mail access as root); otherwise the user running the tests, who then also runs Dovecot's own processes. */
async function mailOwner(): Promise<{ uid: number; gid: number; internalUser: string; loginUser: string }> {
  if (process.getuid?.() !== 0) {
    const me = os.userInfo();
    return { uid: me.uid, gid: me.gid, internalUser: me.username, loginUser: me.username };
  }
  const [uid, gid] = await Promise.all([run('id', ['-u', 'nobody']), run('id', ['-g', 'nobody'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()), internalUser: 'dovecot', loginUser: 'dovenull' };
}

async function waitUntilListening(child: ChildProcess, ports: number[], logFile: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  const log = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Dovecot exited (${child.exitCode ?? child.signalCode}) at startup:\n${log()}`);
    if ((await Promise.all(ports.map(accepts))).every(Boolean)) return;
    if (Date.now() > deadline) throw new Error(`Dovecot did not listen on ${ports.join(', ')} within 15 s:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts a Dovecot with the users given (name: password); `stop()` ends it and removes its folder. */
export async function startDovecot(users: Record<string, string>): Promise<TestDovecot> {
  if (!fs.existsSync(DOVECOT)) throw new Error(`${DOVECOT} is missing: apt-get install dovecot-imapd dovecot-pop3d (.ci/run does)`);
  const dir = makeTempDir('portal-dovecot-');
  // Dovecot's unprivileged processes (auth workers, logins, the mail processes as `nobody`) reach their files through it.
  fs.chmodSync(dir, 0o755);
  const owner = await mailOwner();
  const [certs, ...portList] = await Promise.all([makeCertificates(dir), freePort(), freePort(), freePort(), freePort()]);
  const [imaps = 0, imap = 0, pop3s = 0, pop3 = 0] = portList;
  const ports: Record<MailboxProtocol, number> = { imaps, imap, pop3s, pop3 };
  const home = path.join(dir, 'home');
  fs.mkdirSync(home, { mode: 0o755 });
  fs.chownSync(home, owner.uid, owner.gid);
  const passwd = path.join(dir, 'passwd');
  fs.writeFileSync(passwd, Object.entries(users).map(([user, password]) => `${user}:{PLAIN}${password}\n`).join(''), { mode: 0o644 });
  const logFile = path.join(dir, 'dovecot.log');
  const config = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(
    config,
    [
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `instance_name = portal-test-${path.basename(dir)}`,
      'listen = 127.0.0.1',
      'protocols = imap pop3',
      `log_path = ${logFile}`,
      `default_internal_user = ${owner.internalUser}`,
      `default_login_user = ${owner.loginUser}`,
      'first_valid_uid = 1',
      'ssl = required',
      `ssl_cert = <${certs.cert}`,
      `ssl_key = <${certs.key}`,
      // A wrong password is answered at once, and slows no later login (the tests try one on purpose): no failure delay, no auth penalty.
      'auth_failure_delay = 0',
      'auth_mechanisms = plain login',
      `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN ${passwd}\n}`,
      `userdb {\n  driver = static\n  args = uid=${owner.uid} gid=${owner.gid} home=${home}/%u\n}`,
      'mail_location = maildir:~/Maildir',
      `service imap-login {\n  chroot =\n  inet_listener imap {\n    port = ${imap}\n  }\n  inet_listener imaps {\n    port = ${imaps}\n    ssl = yes\n  }\n}`,
      `service pop3-login {\n  chroot =\n  inet_listener pop3 {\n    port = ${pop3}\n  }\n  inet_listener pop3s {\n    port = ${pop3s}\n    ssl = yes\n  }\n}`,
      'service anvil {\n  chroot =\n  unix_listener anvil-auth-penalty {\n    mode = 0\n  }\n}',
      '',
    ].join('\n'),
  );
  const child = spawn(DOVECOT, ['-F', '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await waitUntilListening(child, Object.values(ports), logFile);
  } catch (err) {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}\n${stderr}`, { cause: err });
  }

  const ca = fs.readFileSync(certs.ca, 'utf8');
  const dovecot: TestDovecot = {
    ports,
    caFile: certs.ca,
    url(protocol, user, options = {}) {
      const password = encodeURIComponent(options.password ?? users[user] ?? '');
      const folder = options.folder ? `/${encodeURIComponent(options.folder)}` : '';
      return `${protocol}://${encodeURIComponent(user)}:${password}@127.0.0.1:${ports[protocol]}${folder}?${options.query ?? `ca_file=${certs.ca}`}`;
    },
    async imap(user) {
      const client = new ImapFlow({
        host: '127.0.0.1',
        port: imaps,
        secure: true,
        auth: { user, pass: users[user] ?? '' },
        tls: { ca },
        logger: false,
        disableAutoIdle: true,
      });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    },
    async append(user, messages, folder = 'INBOX') {
      const client = await dovecot.imap(user);
      try {
        if (folder !== 'INBOX') await client.mailboxCreate(folder).catch(() => undefined);
        // As an MTA delivers them: CRLF line ends.
        for (const message of messages) {
          const bytes = typeof message === 'string' ? Buffer.from(message, 'utf8') : message;
          await client.append(folder, Buffer.from(bytes.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1'));
        }
      } finally {
        await client.logout();
      }
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return dovecot;
}

// A real OpenSSH server on 127.0.0.1 for deploy tests: Debian's sshd on a free
// port with a throw-away host key and a throw-away system user with a password
// (useradd + chpasswd, removed again by stop()). SFTP is OpenSSH's sftp-server
// logging every file operation at INFO to a file, so a test can see on
// the server side which files a deploy wrote. Needs root (sshd checks
// passwords only when it runs as root); `sshSkipReason` says why not otherwise.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SSHD = '/usr/sbin/sshd';

export const sshSkipReason: string | undefined =
  process.getuid?.() !== 0
    ? 'deploy tests against OpenSSH need root (to add a throw-away user with a password); not root here'
    : !existsSync(SSHD)
      ? `deploy tests need Debian openssh-server (${SSHD} missing)`
      : undefined;
if (sshSkipReason) console.warn(`SKIP: ${sshSkipReason}`);

export interface SshServerHandle {
  host: string;
  port: number;
  username: string;
  password: string;
  /** the user's home, where relative paths point */
  home: string;
  pid: number;
  /** sshd and sftp log lines so far */
  log(): string[];
  /** files opened for writing (paths as the client named them) since `mark`, a count of sftp log lines (sftpLines()) */
  sftpLines(): number;
  writesSince(mark: number): string[];
  /** kills every session process of this sshd (cuts all connections), keeps the listener */
  cutSessions(): void;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

async function waitForPort(port: number, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const ok = await new Promise<boolean>((res) => {
      const c = connect(port, '127.0.0.1', () => (c.end(), res(true)));
      c.once('error', () => res(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`sshd did not listen on ${port}`);
}

/** Descendant pids of `pid` (from /proc): sshd's per-connection monitor and the session process under it both hold the connection. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  const parents = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(d), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const walk = (p: number) => {
    for (const [c, pp] of parents) {
      if (pp !== p) continue;
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

export async function startSshServer(): Promise<SshServerHandle> {
  const dir = mkdtempSync(join(tmpdir(), 'sshd-'));
  chmodSync(dir, 0o755);
  const username = `sd${process.pid.toString(36)}${Math.random().toString(36).slice(2, 7)}`.slice(0, 16);
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const home = join(dir, 'home');
  mkdirSync('/run/sshd', { recursive: true });
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_key')]);
  execFileSync('useradd', ['-M', '-d', home, '-s', '/bin/sh', username]);
  execFileSync('chpasswd', { input: `${username}:${password}\n` });
  mkdirSync(home);
  const ids = execFileSync('id', ['-u', username], { encoding: 'utf8' }).trim();
  const gids = execFileSync('id', ['-g', username], { encoding: 'utf8' }).trim();
  chownSync(home, Number(ids), Number(gids));
  const sftpLog = join(dir, 'sftp.log');
  writeFileSync(sftpLog, '');
  chownSync(sftpLog, Number(ids), Number(gids));
  const port = await freePort();
  const config = join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(dir, 'host_key')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      'PasswordAuthentication yes',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication no',
      'UsePAM no',
      'PermitRootLogin no',
      'StrictModes no',
      `AllowUsers ${username}`,
      'LogLevel INFO',
      // the subsystem runs through the user's shell: its log (stderr) goes to a file the test reads
      `Subsystem sftp /usr/lib/openssh/sftp-server -e -l INFO 2>>${sftpLog}`,
      'MaxStartups 50',
      'MaxSessions 50',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  const lines: string[] = [];
  let partial = '';
  child.stderr!.on('data', (d: Buffer) => {
    partial += d.toString();
    const parts = partial.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  await waitForPort(port);
  const pid = child.pid!;
  return {
    host: '127.0.0.1',
    port,
    username,
    password,
    home,
    pid,
    log: () => [...lines, ...readFileSync(sftpLog, 'utf8').split('\n')],
    writesSince(mark: number) {
      // sftp-server: open "<path>" flags WRITE,CREATE,TRUNCATE mode 0666
      return readFileSync(sftpLog, 'utf8')
        .split('\n')
        .slice(mark)
        .map((l) => /open "([^"]+)" flags [A-Z,]*WRITE/.exec(l)?.[1])
        .filter((x): x is string => Boolean(x));
    },
    sftpLines: () => readFileSync(sftpLog, 'utf8').split('\n').length - 1,
    cutSessions() {
      for (const c of childrenOf(pid)) {
        try {
          process.kill(c, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        for (const c of childrenOf(pid)) {
          try {
            process.kill(c, 'SIGKILL');
          } catch {
            // already gone
          }
        }
        child.kill('SIGTERM');
        await gone;
      }
      try {
        execFileSync('userdel', [username]);
      } catch {
        // removed already
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

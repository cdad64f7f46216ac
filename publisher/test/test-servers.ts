import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Protocol } from '../transports/index.ts';
import type { Credentials, DeployTarget } from '../session.ts';
import { fingerprint } from '../known-hosts.ts';
import { passiveBeside, startFtpd, type FtpdOptions, type RunningFtpd } from './ftpd.ts';
import { startSshd, type RunningSshd } from './sshd.ts';
import { startSlowLine, type SlowLine } from './throttle.ts';
import { startVsftpd } from './vsftpd.ts';

/**
 * The publisher's test servers as one table, so that every guarantee is shown by the same test on
 * each transport: Debian's OpenSSH, pure-ftpd and vsftpd on loopback, each with a slow line in
 * front of it.
 */

/**
 * A slow line's rate (one SFTP write request well within the test's idle limit), for a file that
 * takes longer than the lock's stale time to go up.
 */
export const SLOW_BYTES_PER_SECOND = 32 * 1024;

/** A login the server or the command turns down: how to ask, and the one line it must answer. */
export interface Refusal {
  name: string;
  address: string;
  env: Record<string, string>;
  message: string | RegExp;
}

/** One test server: where a folder below its root is, as a target, and how to log in. */
export interface Server {
  protocol: Protocol;
  root: string;
  username: string;
  target(folder: string, slow?: boolean): DeployTarget;
  credentials: Credentials;
  /** The environment `npm run deploy` needs for it. */
  env(slow?: boolean): Record<string, string>;
  address(folder: string, slow?: boolean): string;
  /** The user the server writes files as. */
  uid: number;
  /** The logins this transport must turn down, each with its message; `work` is for their files. */
  refusals(folder: string, work: string): Refusal[];
  /** Kills the server and its sessions at once, as a crash or a cut line would. */
  kill(): Promise<void>;
  restart(): Promise<void>;
  /** Stops all traffic on the slow line where it stands; the returned function cuts it. */
  freezeSlowLine(): () => void;
  /** The OpenSSH server itself, for what only SFTP has. */
  sshd?: RunningSshd;
  stop(): Promise<void>;
}

async function sftpServer(root: string): Promise<Server> {
  const sshd = await startSshd();
  const slow: SlowLine = await startSlowLine(sshd.port, SLOW_BYTES_PER_SECOND);
  // The slow line is another port: the server's key is listed for it too.
  const knownHosts = join(root, '..', 'known_hosts');
  writeFileSync(
    knownHosts,
    `${readFileSync(sshd.knownHosts, 'utf8')}[127.0.0.1]:${slow.port} ${sshd.hostKey}\n`,
  );
  const port = (slowLine?: boolean) => (slowLine ? slow.port : sshd.port);
  const address = (folder: string, slowLine?: boolean) =>
    `sftp://${sshd.username}@127.0.0.1:${port(slowLine)}${join(root, folder)}`;
  return {
    protocol: 'sftp',
    root,
    username: sshd.username,
    target: (folder, slowLine) => ({
      protocol: 'sftp',
      username: sshd.username,
      host: '127.0.0.1',
      port: port(slowLine),
      path: join(root, folder),
    }),
    credentials: { keyFile: sshd.userKey, knownHosts },
    env: () => ({
      SSH_AUTH_SOCK: '',
      DEPLOY_SSH_KEY: sshd.userKey,
      DEPLOY_KNOWN_HOSTS: knownHosts,
    }),
    address,
    uid: process.getuid?.() ?? 0,
    refusals: (folder, work): Refusal[] => {
      const empty = join(work, 'empty_known_hosts');
      writeFileSync(empty, '');
      const other = join(work, 'other_known_hosts');
      const otherKey = readFileSync(`${sshd.strangerKey}.pub`, 'utf8').split(' ').slice(0, 2);
      writeFileSync(other, `[127.0.0.1]:${sshd.port} ${otherKey.join(' ')}\n`);
      const shown = `ssh-ed25519 ${fingerprint(Buffer.from(sshd.hostKey.split(' ')[1]!, 'base64'))}`;
      const at = address(folder);
      return [
        {
          name: 'a key the server does not list',
          address: at,
          env: { DEPLOY_SSH_KEY: sshd.strangerKey },
          message: `refused the login as ${sshd.username} with ${sshd.strangerKey}.`,
        },
        {
          name: 'an unknown host key',
          address: at,
          env: { DEPLOY_KNOWN_HOSTS: empty },
          message: `is unknown: ${shown}`,
        },
        {
          name: 'a changed host key',
          address: at,
          env: { DEPLOY_KNOWN_HOSTS: other },
          message: `has CHANGED: it showed ${shown}`,
        },
        {
          name: 'a DEPLOY_KNOWN_HOSTS that does not exist',
          address: at,
          env: { DEPLOY_KNOWN_HOSTS: join(work, 'nope') },
          message: `DEPLOY_KNOWN_HOSTS names ${join(work, 'nope')}, which does not exist`,
        },
      ];
    },
    kill: () => sshd.kill(),
    restart: () => sshd.restart(),
    freezeSlowLine: () => slow.freeze(),
    sshd,
    stop: async () => {
      await slow.stop();
      await sshd.stop();
    },
  };
}

/** An FTPS server, and the same account on 127.0.0.2 behind a slow line: control and data. */
async function ftpsServer(
  root: string,
  startServer: (root: string, options?: FtpdOptions) => Promise<RunningFtpd>,
): Promise<Server> {
  const ftpd = await startServer(root);
  const far = await startServer(root, {
    host: '127.0.0.2',
    password: ftpd.password,
    certificate: ftpd,
    passive: passiveBeside(ftpd.passive[0]),
  });
  const [first, last] = far.passive;
  const ports = [
    far.port,
    ...Array.from({ length: last - first + 1 }, (_, index) => first + index),
  ];
  const slow = await startSlowLine(far.port, SLOW_BYTES_PER_SECOND, { host: '127.0.0.2', ports });
  const port = (slowLine?: boolean) => (slowLine ? slow.port : ftpd.port);
  const address = (folder: string, slowLine?: boolean) =>
    `ftps://${ftpd.username}@127.0.0.1:${port(slowLine)}/~/${folder}`;
  return {
    protocol: 'ftps',
    root,
    username: ftpd.username,
    target: (folder, slowLine) => ({
      protocol: 'ftps',
      username: ftpd.username,
      host: '127.0.0.1',
      port: port(slowLine),
      path: folder,
    }),
    credentials: {
      password: ftpd.password,
      trustedCertificate: readFileSync(ftpd.certificate, 'utf8'),
    },
    env: () => ({ DEPLOY_PASSWORD: ftpd.password, NODE_EXTRA_CA_CERTS: ftpd.certificate }),
    address,
    uid: ftpd.uid,
    refusals: (folder): Refusal[] => [
      {
        name: 'plain ftp://',
        address: address(folder).replace('ftps://', 'ftp://'),
        env: {},
        message: 'password across the network unencrypted',
      },
      {
        name: 'a wrong password',
        address: address(folder),
        env: { DEPLOY_PASSWORD: 'not-the-password' },
        message: `refused the login as ${ftpd.username} with DEPLOY_PASSWORD`,
      },
      {
        name: 'an untrusted certificate',
        address: address(folder),
        env: { NODE_EXTRA_CA_CERTS: '' },
        message:
          /The TLS certificate of 127\.0\.0\.1:\d+ is self-signed, and this machine does not trust it \(DEPTH_ZERO_SELF_SIGNED_CERT\)/,
      },
      {
        name: 'no password',
        address: address(folder),
        env: { DEPLOY_PASSWORD: '' },
        message: 'set DEPLOY_PASSWORD',
      },
    ],
    kill: () => ftpd.kill(),
    restart: () => ftpd.restart(),
    freezeSlowLine: () => slow.freeze(),
    stop: async () => {
      await slow.stop();
      await Promise.all([ftpd.stop(), far.stop()]);
    },
  };
}

export const SERVERS: { name: string; protocol: Protocol; start(root: string): Promise<Server> }[] =
  [
    { name: 'SFTP (OpenSSH)', protocol: 'sftp', start: sftpServer },
    { name: 'FTPS (pure-ftpd)', protocol: 'ftps', start: (root) => ftpsServer(root, startFtpd) },
    { name: 'FTPS (vsftpd)', protocol: 'ftps', start: (root) => ftpsServer(root, startVsftpd) },
  ];

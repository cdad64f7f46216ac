import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, chown, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { systemTool, toolPath } from '../../system-tools/system-tools.ts';
import { killTree, makeTestCertificate, startListening } from '../../testing/servers.ts';
import { ftpSettings, PASSIVE_RANGE, type FtpdOptions, type RunningFtpd } from './ftpd.ts';

/**
 * Debian's vsftpd on 127.0.0.1, set up as a host would: explicit TLS required for the login and
 * every data connection (each resuming the control connection's TLS session), a certificate of
 * its own, one virtual user (checked by `pam_userdb`) locked into its folder. It has no `MFMT`.
 */

export const VSFTPD_BINARY = toolPath(systemTool('vsftpd'));
/** The local account the virtual user writes as: the web server's, whose home exists. */
const ACCOUNT = 'www-data';

/** The account's uid, gid and home folder, from the system's user list. */
function account(name: string): { uid: number; gid: number; home: string } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  const [, , uid, gid, , home] = line?.split(':') ?? [];
  if (!line || !home) throw new Error(`The vsftpd test needs the system account ${name}.`);
  return { uid: Number(uid), gid: Number(gid), home };
}

/** Serves `root` (which must exist) to one user over FTPS; vsftpd needs root to start. */
export async function startVsftpd(root: string, options: FtpdOptions = {}): Promise<RunningFtpd> {
  if (!existsSync(VSFTPD_BINARY)) {
    throw new Error(
      `The FTPS deploy test needs ${VSFTPD_BINARY}: run npx tsx scripts/system-tools.ts`,
    );
  }
  const user = account(ACCOUNT);
  // vsftpd enters the account's home before the user's folder, and stops when it is missing.
  if (!existsSync(user.home)) {
    throw new Error(`The vsftpd test needs ${ACCOUNT}'s home folder, ${user.home}.`);
  }
  const { work, port, host, passive, username, password } = await ftpSettings('vsftpd', options);
  await chown(root, user.uid, user.gid);
  // vsftpd enters the folder as the account, so every folder above it must let others through.
  for (let folder = dirname(root); folder !== dirname(folder); folder = dirname(folder)) {
    // oxlint-disable-next-line no-await-in-loop -- a handful of folders, each checked once
    const { mode } = await stat(folder);
    // oxlint-disable-next-line no-await-in-loop -- a handful of folders, each checked once
    if ((mode & 0o001) === 0) await chmod(folder, (mode & 0o7777) | 0o001);
  }

  // pam_userdb reads a Berkeley DB of user and password, which db_load makes from pairs of lines.
  const users = join(work, 'users');
  await writeFile(`${users}.txt`, `${username}\n${password}\n`, { mode: 0o600 });
  execFileSync('db_load', ['-T', '-t', 'hash', '-f', `${users}.txt`, `${users}.db`]);
  await rm(`${users}.txt`);
  // PAM finds a service only in /etc/pam.d; a name of its own, removed on stop.
  const service = `deploy-test-${work.split('-').at(-1)!.toLowerCase()}`;
  const pam = join('/etc/pam.d', service);
  let child: ChildProcess | undefined;
  const killOnExit = () => {
    child?.kill('SIGKILL');
    rmSync(pam, { force: true });
  };
  process.on('exit', killOnExit);
  const remove = async () => {
    process.removeListener('exit', killOnExit);
    await rm(pam, { force: true });
    await rm(work, { recursive: true, force: true });
  };
  await writeFile(
    pam,
    `auth required pam_userdb.so db=${users}\naccount required pam_userdb.so db=${users}\n`,
  );
  // The folder vsftpd locks its sessions into before the login: empty, and not writable.
  const empty = join(work, 'empty');
  await mkdir(empty, { mode: 0o755 });
  const { certificate, key } = options.certificate ?? (await makeTestCertificate(work));

  const config = join(work, 'vsftpd.conf');
  await writeFile(
    config,
    [
      'listen=YES',
      'listen_ipv6=NO',
      `listen_address=${host}`,
      `listen_port=${port}`,
      'background=NO',
      'anonymous_enable=NO',
      'local_enable=YES',
      'write_enable=YES',
      'local_umask=022',
      // The virtual user is the local account, with its rights, in its folder.
      'guest_enable=YES',
      `guest_username=${ACCOUNT}`,
      'virtual_use_local_privs=YES',
      `local_root=${root}`,
      'chroot_local_user=YES',
      // The deploy writes into the folder it is locked into, as on a host.
      'allow_writeable_chroot=YES',
      `pam_service_name=${service}`,
      `secure_chroot_dir=${empty}`,
      'ssl_enable=YES',
      'force_local_logins_ssl=YES',
      'force_local_data_ssl=YES',
      'require_ssl_reuse=YES',
      // Debian's default allows one cipher, for RSA keys only: a TLS 1.2 client could not use
      // the test's EC key.
      'ssl_ciphers=HIGH',
      `rsa_cert_file=${certificate}`,
      `rsa_private_key_file=${key}`,
      `pasv_min_port=${passive}`,
      `pasv_max_port=${passive + PASSIVE_RANGE - 1}`,
      'pasv_address=127.0.0.1',
      '',
    ].join('\n'),
  );

  const start = async () => {
    child = await startListening('vsftpd', VSFTPD_BINARY, [config], port, host);
  };
  const kill = () => killTree(child);

  await start().catch(async (error: unknown) => {
    await remove();
    throw error;
  });
  return {
    port,
    passive: [passive, passive + PASSIVE_RANGE - 1],
    username,
    password,
    uid: user.uid,
    certificate,
    key,
    kill,
    restart: start,
    stop: async () => {
      await kill();
      await remove();
    },
  };
}

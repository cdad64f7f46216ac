/**
 * `npm run deploy -- sftp://USER@HOST[:PORT]/PATH` (or `ftps://…`): builds the site and publishes
 * dist/ to the web space over SFTP or FTP with TLS. hosting/README.md says how to set it up;
 * `--help` lists the options.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { deploy, type Progress } from '../publisher/deploy.ts';
import { LOCK_WAIT_MS } from '../publisher/lock.ts';
import { describeTarget, maskAddress, parseTarget } from '../publisher/target.ts';

const HELP = `npm run deploy -- [options] sftp://USER@HOST[:PORT]/PATH
npm run deploy -- [options] ftps://USER@HOST[:PORT]/PATH

Builds the site and publishes dist/ to PATH on the host over SFTP (SSH) or FTP with TLS (explicit
FTPS; plain ftp:// is refused, it would send the password unencrypted): new files first, the
pages last, each file renamed into place; only what changed goes up.

Only one deploy publishes to a target at a time: a second one waits for the first (up to
${LOCK_WAIT_MS / 60_000} minutes), then stops. What the server holds decides what goes up: a file deleted or cut short
there goes up again.

Options:
  --no-build   publish dist/ as it is
  --dry-run    list what would be uploaded, deleted and created; changes nothing (it logs in to
               read what the server holds)
  --verify     also read back every file of the release and compare its content
  --force      delete even more old files than the build holds (the limit stops a wrong target)
  --dir DIR    publish DIR instead of dist/ (implies --no-build)
  --no-check   do not check the live site afterwards (npm run check:live)
  --check-url URL  check the live site at URL instead of siteUrl

Environment:
  DEPLOY_TARGET               the target, when none is given
  DEPLOY_SSH_KEY              the key file to log in with (else the SSH agent, else ~/.ssh/id_*)
  DEPLOY_SSH_KEY_PASSPHRASE   its passphrase, if it is encrypted
  DEPLOY_PASSWORD             a password, for hosts without keys (FTPS: always)
  DEPLOY_KNOWN_HOSTS          the known_hosts file (else ~/.ssh/known_hosts)
  NODE_EXTRA_CA_CERTS         a file of certificates to trust besides the system's (FTPS)
  DEPLOY_IDLE_LIMIT_MS        how long a transfer may go without progress; the lock's waits follow
`;

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'no-build': { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      verify: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      dir: { type: 'string' },
      'no-check': { type: 'boolean', default: false },
      'check-url': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const address = positionals[0] ?? process.env.DEPLOY_TARGET;
  if (!address || positionals.length > 1) {
    console.error(`Name one target (or set DEPLOY_TARGET):\n\n${HELP}`);
    return 2;
  }
  const target = parseTarget(address);
  const where = describeTarget(target);
  const source = values.dir ?? 'dist';
  const dryRun = values['dry-run'];
  if (!values['no-build'] && !values.dir) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('The build failed (see above); nothing was uploaded.');
      return 1;
    }
  }

  const { env } = process;
  const live = process.stdout.isTTY;
  let lastStage = '';
  const onProgress = (progress: Progress) => {
    const line =
      `${progress.stage}: ${progress.files}/${progress.totalFiles} files, ` +
      `${kilobytes(progress.bytes)} of ${kilobytes(progress.totalBytes)}`;
    if (live) process.stdout.write(`\r${line}\u001b[K`);
    // Without a terminal, one line as each stage starts and one at the end.
    else if (progress.stage !== lastStage || progress.files === progress.totalFiles) {
      console.log(line);
    }
    lastStage = progress.stage;
  };
  // Ctrl-C ends the transfer and gives the lock back; a second one ends at once, saying what is left.
  const interrupt = new AbortController();
  const onInterrupt = () => {
    if (interrupt.signal.aborted) {
      console.error(
        `Stopped by a second Ctrl-C before the lock was given back: ${where} may still hold ` +
          '.deploy-lock and temporary files (.*.deploying); the live pages are whole. The next ' +
          'deploy from this machine takes the lock over at once, one from another machine once ' +
          'it has watched it unchanged for a while, and removes the temporaries.',
      );
      process.exit(130);
    }
    interrupt.abort();
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  const { plan, uploadedBytes, newFolders, mismatched } = await deploy({
    source,
    target,
    dryRun,
    onProgress,
    verify: values.verify,
    force: values.force,
    signal: interrupt.signal,
    // The one setting every limit and wait derives from; the tests shorten it.
    idleLimit: Number(env.DEPLOY_IDLE_LIMIT_MS) || undefined,
    onNotice: (line) => {
      if (live && lastStage) process.stdout.write('\n');
      console.log(line);
    },
    credentials: {
      keyFile: env.DEPLOY_SSH_KEY || undefined,
      passphrase: env.DEPLOY_SSH_KEY_PASSPHRASE || undefined,
      agent: env.SSH_AUTH_SOCK || undefined,
      password: env.DEPLOY_PASSWORD || undefined,
      knownHosts: env.DEPLOY_KNOWN_HOSTS || undefined,
    },
  }).finally(() => {
    if (live && lastStage) process.stdout.write('\n');
    process.removeListener('SIGINT', onInterrupt);
    process.removeListener('SIGTERM', onInterrupt);
  });
  for (const path of mismatched) console.log(`differs on the server: ${path} (uploaded again)`);
  if (dryRun) {
    for (const folder of newFolders) console.log(`create folder ${folder || where}`);
    for (const file of plan.uploads) console.log(`upload ${file.path} (${file.size} bytes)`);
    for (const path of plan.deletions) console.log(`delete ${path}`);
    console.log(
      `Dry run: would upload ${plan.uploads.length} files, delete ${plan.deletions.length} ` +
        `and create ${newFolders.length} folders on ${where}; nothing was changed.`,
    );
  } else if (plan.uploads.length === 0 && plan.deletions.length === 0) {
    console.log(`Nothing to upload: ${where} has this build already.`);
  } else {
    console.log(
      `Published to ${where}: ${plan.uploads.length} files uploaded ` +
        `(${kilobytes(uploadedBytes)}), ${plan.deletions.length} old files deleted.`,
    );
  }
  // The live site against what was just published, unless told not to or siteUrl is a placeholder.
  const { checkAfterDeploy } = await import('../publisher/live-check/after-deploy.ts');
  const { business } = await import('../src/content/business.ts');
  return checkAfterDeploy({
    siteUrl: business.siteUrl,
    checkUrl: values['check-url'],
    noCheck: values['no-check'],
    dryRun,
    source,
  });
}

/** The message with every secret of the environment masked, whatever part of it echoed one. */
function withoutSecrets(message: string): string {
  const secrets = [process.env.DEPLOY_PASSWORD, process.env.DEPLOY_SSH_KEY_PASSPHRASE];
  let masked = maskAddress(message);
  for (const secret of secrets) if (secret) masked = masked.split(secret).join('***');
  return masked;
}

// Whatever any part of the deploy writes to the terminal or a log passes the mask first.
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream) as (chunk: string, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) =>
    write(withoutSecrets(Buffer.from(chunk).toString('utf8')), ...rest)) as typeof stream.write;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    // A wrong target or a failed deploy: the message is the one line that names the cause.
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);

import { hasControlCharacter } from './plan.ts';
import type { DeployTarget } from './session.ts';
import { isProtocol, transportFor, TRANSPORTS } from './transports/index.ts';

const SCHEMES = Object.keys(TRANSPORTS).map((protocol) => `${protocol}://`);
const EXAMPLE = `${SCHEMES.join('USER@HOST[:PORT]/PATH (or ')}…), e.g. sftp://web123@ssh.example.net/var/www/site`;

/**
 * The address as it may be shown: a password in it is masked, so that no message, however
 * malformed the rest, prints it back.
 */
export function maskAddress(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/[^/@:\s]*):[^/@\s]*@/gi, '$1:***@');
}

/** The percent-decoded `part` of the address, or a message naming that part. */
function decodePart(raw: string, part: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new Error(
      `The deploy target's ${part} has a % that is not followed by two hex digits; write % as %25.`,
    );
  }
  if (hasControlCharacter(decoded)) {
    throw new Error(`The deploy target's ${part} holds a control character (such as %00).`);
  }
  return decoded;
}

/** Reads the target, or throws a message that names what is wrong with it. */
export function parseTarget(text: string): DeployTarget {
  const shown = maskAddress(text);
  const givenPort = /^[a-z][a-z0-9+.-]*:\/\/[^/]*?:(\d+)(?:\/|$)/i.exec(
    text.replace(/\/\/[^/@]*@/, '//'),
  );
  if (givenPort && (Number(givenPort[1]) < 1 || Number(givenPort[1]) > 65_535)) {
    throw new Error(
      `The deploy target's port ${givenPort[1]} is not a port (1 to 65535; ${Object.entries(
        TRANSPORTS,
      )
        .map(([protocol, { defaultPort }]) => `${protocol.toUpperCase()} is usually ${defaultPort}`)
        .join(', ')}).`,
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`The deploy target "${shown}" is no address; it reads ${EXAMPLE}.`);
  }
  if (url.protocol === 'ftp:') {
    throw new Error(
      'The deploy target starts with ftp://, which would send the password across the network ' +
        'unencrypted; nothing was uploaded. Use ftps:// (FTP with TLS: ask the host to turn it on ' +
        'if it is off) or sftp://.',
    );
  }
  const protocol = url.protocol.slice(0, -1);
  if (!isProtocol(protocol)) {
    throw new Error(
      `The deploy target must start with ${SCHEMES.join(' or ')} (got ${url.protocol}//); ${EXAMPLE}.`,
    );
  }
  // A password in the address would land in the shell's history and in process lists.
  if (url.password) {
    throw new Error(
      'The deploy target holds a password; remove it and set DEPLOY_PASSWORD instead (or use a key).',
    );
  }
  const username = decodePart(url.username, 'user name');
  if (!username) throw new Error(`The deploy target names no user; it reads ${EXAMPLE}.`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new Error(`The deploy target names no host; it reads ${EXAMPLE}.`);
  let path = decodePart(url.pathname, 'folder');
  // `/~/www` (the SFTP address convention) is `www` in the login folder.
  if (path === '/~' || path.startsWith('/~/')) path = path.slice(3) || '.';
  path = path.replace(/(.)\/+$/, '$1');
  if (path === '' || path === '/') {
    throw new Error(
      `The deploy target names no folder; give the web space's folder after the host: ${EXAMPLE}.`,
    );
  }
  if (url.search || url.hash) {
    throw new Error(`The deploy target has a ? or # part, which it cannot use; ${EXAMPLE}.`);
  }
  const port = url.port ? Number(url.port) : TRANSPORTS[protocol].defaultPort;
  return { protocol, username, host, port, path };
}

/** The target as it is shown in messages, without anything secret (there is none in it). */
export function describeTarget(target: DeployTarget): string {
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  const port = target.port === transportFor(target.protocol).defaultPort ? '' : `:${target.port}`;
  const path = target.path.startsWith('/') ? target.path : `/~/${target.path}`;
  return `${target.protocol}://${target.username}@${host}${port}${path}`;
}

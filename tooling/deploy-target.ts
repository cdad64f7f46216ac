/** Where `npm run deploy` publishes: `sftp://USER@HOST[:PORT]/PATH`. */
export interface DeployTarget {
  username: string;
  host: string;
  port: number;
  /** The folder on the server: absolute, or relative to the login folder (`/~/www`). */
  path: string;
}

const DEFAULT_PORT = 22;

/** Reads the target, or throws a message that names what is wrong with it. */
export function parseTarget(text: string): DeployTarget {
  const example = 'sftp://USER@HOST[:PORT]/PATH, e.g. sftp://web123@ssh.example.net/var/www/site';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`The deploy target "${text}" is no address; it reads ${example}.`);
  }
  if (url.protocol !== 'sftp:') {
    throw new Error(
      `The deploy target must start with sftp:// (got ${url.protocol}//); ${example}.`,
    );
  }
  // A password in the address would land in the shell's history and in process lists.
  if (url.password) {
    throw new Error(
      'The deploy target holds a password; remove it and set DEPLOY_PASSWORD instead (or use a key).',
    );
  }
  const username = decodeURIComponent(url.username);
  if (!username) throw new Error(`The deploy target names no user; it reads ${example}.`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new Error(`The deploy target names no host; it reads ${example}.`);
  const port = url.port ? Number(url.port) : DEFAULT_PORT;
  let path = decodeURIComponent(url.pathname);
  // `/~/www` (the SFTP address convention) is `www` in the login folder.
  if (path === '/~' || path.startsWith('/~/')) path = path.slice(3) || '.';
  path = path.replace(/(.)\/+$/, '$1');
  if (path === '' || path === '/') {
    throw new Error(
      `The deploy target names no folder; give the web space's folder after the host: ${example}.`,
    );
  }
  if (url.search || url.hash) {
    throw new Error(`The deploy target has a ? or # part, which it cannot use; ${example}.`);
  }
  return { username, host, port, path };
}

/** The target as it is shown in messages, without anything secret (there is none in it). */
export function describeTarget(target: DeployTarget): string {
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  const port = target.port === DEFAULT_PORT ? '' : `:${target.port}`;
  const path = target.path.startsWith('/') ? target.path : `/~/${target.path}`;
  return `sftp://${target.username}@${host}${port}${path}`;
}

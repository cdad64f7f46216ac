import { createHash, createHmac } from 'node:crypto';

/**
 * OpenSSH's known_hosts, read the way `ssh` reads it: plain and hashed (`|1|salt|hash`) host
 * names, `[host]:port` for other ports than 22, patterns with `*`, `?` and `!`, and the
 * `@revoked` marker. Certificate authorities (`@cert-authority`) are not supported and are skipped.
 */

export interface KnownHostEntry {
  /** The comma-separated patterns, or the hashed name. */
  hosts: { kind: 'patterns'; patterns: string[] } | { kind: 'hashed'; salt: Buffer; hash: Buffer };
  marker: 'revoked' | 'cert-authority' | undefined;
  /** The key's algorithm name, as written (`ssh-ed25519`). */
  type: string;
  /** The public key blob (the base64 field decoded). */
  key: Buffer;
}

export function parseKnownHosts(text: string): KnownHostEntry[] {
  const entries: KnownHostEntry[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split(/\s+/);
    let marker: KnownHostEntry['marker'];
    if (fields[0] === '@revoked' || fields[0] === '@cert-authority') {
      marker = fields.shift() === '@revoked' ? 'revoked' : 'cert-authority';
    }
    const [hostField, type, base64] = fields;
    // A line ssh would skip as malformed is skipped here too.
    if (!hostField || !type || !base64) continue;
    const key = Buffer.from(base64, 'base64');
    if (key.length === 0) continue;
    let hosts: KnownHostEntry['hosts'];
    if (hostField.startsWith('|1|')) {
      const [, , salt, hash] = hostField.split('|');
      if (!salt || !hash) continue;
      hosts = {
        kind: 'hashed',
        salt: Buffer.from(salt, 'base64'),
        hash: Buffer.from(hash, 'base64'),
      };
    } else {
      hosts = { kind: 'patterns', patterns: hostField.split(',') };
    }
    entries.push({ hosts, marker, type, key });
  }
  return entries;
}

/** The name known_hosts keeps for a host: `host`, or `[host]:port` for another port than 22. */
export function knownHostName(host: string, port: number): string {
  const name = host.toLowerCase();
  return port === 22 ? name : `[${name}]:${port}`;
}

function wildcardMatch(pattern: string, name: string): boolean {
  const expression = pattern
    .toLowerCase()
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${expression}$`).test(name);
}

/** Whether the entry is about the host: a negated pattern that matches excludes it. */
export function entryMatches(entry: KnownHostEntry, host: string, port: number): boolean {
  const name = knownHostName(host, port);
  if (entry.hosts.kind === 'hashed') {
    const digest = createHmac('sha1', entry.hosts.salt).update(name).digest();
    return digest.equals(entry.hosts.hash);
  }
  let matched = false;
  for (const pattern of entry.hosts.patterns) {
    const negated = pattern.startsWith('!');
    if (wildcardMatch(negated ? pattern.slice(1) : pattern, name)) {
      if (negated) return false;
      matched = true;
    }
  }
  return matched;
}

/** The fingerprint `ssh-keygen -l` and `ssh` print: `SHA256:` and the unpadded base64 digest. */
export function fingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/** The algorithm name a public key blob starts with (`ssh-ed25519`). */
export function keyType(key: Buffer): string {
  if (key.length < 4) return 'unknown';
  const length = key.readUInt32BE(0);
  return key.subarray(4, 4 + length).toString('latin1');
}

export type HostKeyVerdict =
  | { verdict: 'known' }
  | { verdict: 'unknown' | 'changed' | 'revoked'; fingerprint: string; type: string };

/** What known_hosts says of the key the server showed. */
export function checkHostKey(
  entries: readonly KnownHostEntry[],
  host: string,
  port: number,
  key: Buffer,
): HostKeyVerdict {
  const about = entries.filter((entry) => entry.marker !== 'cert-authority');
  const details = { fingerprint: fingerprint(key), type: keyType(key) };
  if (about.some((entry) => entry.marker === 'revoked' && entry.key.equals(key))) {
    return { verdict: 'revoked', ...details };
  }
  const known = about.filter((entry) => !entry.marker && entryMatches(entry, host, port));
  if (known.some((entry) => entry.key.equals(key))) return { verdict: 'known' };
  return { verdict: known.length > 0 ? 'changed' : 'unknown', ...details };
}

/** The host key algorithms that can show a key of each type. */
const ALGORITHMS_OF_TYPE: Record<string, string[]> = {
  'ssh-rsa': ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'],
};

/**
 * The host key algorithms to offer, those of the keys known for the host first: a server with an
 * Ed25519 and an ECDSA key shows the one the client prefers, and it must be the known one.
 */
export function hostKeyAlgorithms(
  entries: readonly KnownHostEntry[],
  host: string,
  port: number,
  supported: readonly string[],
): string[] {
  const knownTypes = new Set(
    entries
      .filter((entry) => !entry.marker && entryMatches(entry, host, port))
      .flatMap((entry) => ALGORITHMS_OF_TYPE[entry.type] ?? [entry.type]),
  );
  const first = supported.filter((algorithm) => knownTypes.has(algorithm));
  return [...first, ...supported.filter((algorithm) => !first.includes(algorithm))];
}

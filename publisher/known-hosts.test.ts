import { describe, expect, it } from 'vitest';
import {
  checkHostKey,
  entryMatches,
  fingerprint,
  hostKeyAlgorithms,
  keyType,
  knownHostName,
  parseKnownHosts,
} from './known-hosts.ts';

// A key and two lines hashed by `ssh-keygen -H` (for `[127.0.0.1]:2222` and `example.net`), and
// the fingerprint `ssh-keygen -l` printed for the key.
const KEY = 'AAAAC3NzaC1lZDI1NTE5AAAAINRzMy4IrO1ej+dyOqrIdj3gZqFnUOH42CxaqGs3KpRJ';
const KEY_FINGERPRINT = 'SHA256:wNEPLUHRBbxi9NXitWKnYpaKlEfX6NyOMqInvcjz7Q0';
const HASHED = `|1|5uhUYjBQY+h08hL29cIQPhExOfE=|IlGKsTID7inBA2Z5JBqAJLEMa/g= ssh-ed25519 ${KEY}
|1|cbLqD9Phg4BCjja61cMy3UzWNQU=|C7blTeNsY/hHCYu2xEsxeHU3ls8= ssh-ed25519 ${KEY}
`;
const blob = Buffer.from(KEY, 'base64');
const otherBlob = Buffer.from(
  'AAAAC3NzaC1lZDI1NTE5AAAAIBdI3fVEl3MkOTWDMW0l5w8yJ6hGrV5wkQfGxwWkJWFq',
  'base64',
);

describe('known_hosts', () => {
  it('prints the fingerprint and type ssh prints', () => {
    expect(fingerprint(blob)).toBe(KEY_FINGERPRINT);
    expect(keyType(blob)).toBe('ssh-ed25519');
  });

  it('names a host on another port than 22 as [host]:port', () => {
    expect(knownHostName('Example.NET', 22)).toBe('example.net');
    expect(knownHostName('127.0.0.1', 2222)).toBe('[127.0.0.1]:2222');
  });

  it('matches hashed names, and only the host and port they hash', () => {
    const entries = parseKnownHosts(HASHED);
    expect(entries).toHaveLength(2);
    expect(checkHostKey(entries, '127.0.0.1', 2222, blob)).toEqual({ verdict: 'known' });
    expect(checkHostKey(entries, 'example.net', 22, blob)).toEqual({ verdict: 'known' });
    expect(checkHostKey(entries, '127.0.0.1', 22, blob).verdict).toBe('unknown');
    expect(checkHostKey(entries, 'example.org', 22, blob).verdict).toBe('unknown');
  });

  it('calls another key for a known host changed, with its fingerprint', () => {
    const entries = parseKnownHosts(HASHED);
    expect(checkHostKey(entries, 'example.net', 22, otherBlob)).toEqual({
      verdict: 'changed',
      type: 'ssh-ed25519',
      fingerprint: fingerprint(otherBlob),
    });
  });

  it('reads plain patterns with wildcards, negations, comments and markers', () => {
    const entries = parseKnownHosts(
      `# a comment\n\n*.example.com,!evil.example.com ssh-ed25519 ${KEY} comment words\n` +
        `[sftp.host.de]:2200 ssh-ed25519 ${KEY}\n` +
        `@cert-authority *.example.org ssh-ed25519 ${KEY}\n` +
        `@revoked * ssh-ed25519 ${otherBlob.toString('base64')}\n` +
        'malformed-line-without-key\n',
    );
    expect(entries).toHaveLength(4);
    const [wildcard] = entries;
    expect(entryMatches(wildcard!, 'www.example.com', 22)).toBe(true);
    expect(entryMatches(wildcard!, 'evil.example.com', 22)).toBe(false);
    expect(entryMatches(wildcard!, 'www.example.com', 2200)).toBe(false);
    expect(checkHostKey(entries, 'sftp.host.de', 2200, blob)).toEqual({ verdict: 'known' });
    // A certificate authority line vouches for no plain key.
    expect(checkHostKey(entries, 'a.example.org', 22, blob).verdict).toBe('unknown');
    expect(checkHostKey(entries, 'www.example.com', 22, otherBlob).verdict).toBe('revoked');
  });

  it('offers the known key type first, so the server shows the key that is known', () => {
    const entries = parseKnownHosts(`host.de ssh-rsa ${KEY}\nother.de ssh-ed25519 ${KEY}\n`);
    const supported = ['ssh-ed25519', 'ecdsa-sha2-nistp256', 'rsa-sha2-512', 'rsa-sha2-256'];
    expect(hostKeyAlgorithms(entries, 'host.de', 22, supported)).toEqual([
      'rsa-sha2-512',
      'rsa-sha2-256',
      'ssh-ed25519',
      'ecdsa-sha2-nistp256',
    ]);
    expect(hostKeyAlgorithms(entries, 'unknown.de', 22, supported)).toEqual(supported);
  });
});

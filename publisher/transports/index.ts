import type { Transport } from '../session.ts';

/**
 * The protocols `npm run deploy` publishes over, by the scheme of the target's address. A
 * transport's module loads only when a deploy uses it, so that each needs its own client library
 * alone.
 */
export const TRANSPORTS = {
  /** SFTP, the file transfer of SSH. */
  sftp: {
    defaultPort: 22,
    open: async (...args) => (await import('./sftp.ts')).openSftpSession(...args),
  },
  /** FTP with explicit TLS on both channels. */
  ftps: {
    defaultPort: 21,
    open: async (...args) => (await import('./ftps.ts')).openFtpsSession(...args),
  },
} satisfies Record<string, Transport>;

export type Protocol = keyof typeof TRANSPORTS;

export const isProtocol = (name: string): name is Protocol => Object.hasOwn(TRANSPORTS, name);

/** The transport of a target's protocol; the address's reader lets no other through. */
export function transportFor(protocol: string): Transport {
  if (!isProtocol(protocol)) throw new Error(`No transport for ${protocol}://`);
  return TRANSPORTS[protocol];
}

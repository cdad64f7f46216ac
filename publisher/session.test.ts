import { describe, expect, it } from 'vitest';
import {
  DeployError,
  LOGIN_ATTEMPTS,
  LOGIN_RETRY_PAUSE_MS,
  LoginTurnedAway,
  openSession,
  type DeploySession,
  type Transport,
} from './session.ts';

const target = { protocol: 'sftp', username: 'owner', host: 'example.org', port: 22, path: '' };
const session = { target } as unknown as DeploySession;

/** A transport whose logins fail with `failures` in turn, then succeed. */
function transportFailing(failures: Error[]) {
  const logins: number[] = [];
  const transport: Transport = {
    defaultPort: 22,
    open: () => {
      logins.push(logins.length + 1);
      const failure = failures[logins.length - 1];
      return failure ? Promise.reject(failure) : Promise.resolve(session);
    },
  };
  return { transport, logins };
}

describe('openSession', () => {
  it('tries a login the server turned away again, after pauses that grow', async () => {
    const pauses: number[] = [];
    const turnedAway = Array.from(
      { length: LOGIN_ATTEMPTS - 1 },
      () => new LoginTurnedAway('dropped'),
    );
    const { transport, logins } = transportFailing(turnedAway);
    const opened = await openSession(transport, target, {}, undefined, async (ms) => {
      pauses.push(ms);
    });
    expect(opened).toBe(session);
    expect(logins).toHaveLength(LOGIN_ATTEMPTS);
    expect(pauses).toEqual(turnedAway.map((_, index) => LOGIN_RETRY_PAUSE_MS * (index + 1)));
  });

  it('gives up after the last attempt with the server’s own answer', async () => {
    const { transport, logins } = transportFailing(
      Array.from({ length: LOGIN_ATTEMPTS }, (_, index) => new LoginTurnedAway(`dropped ${index}`)),
    );
    await expect(openSession(transport, target, {}, undefined, async () => {})).rejects.toThrow(
      `dropped ${LOGIN_ATTEMPTS - 1}`,
    );
    expect(logins).toHaveLength(LOGIN_ATTEMPTS);
  });

  it('does not try again when the login was refused', async () => {
    const { transport, logins } = transportFailing([new DeployError('refused the login')]);
    await expect(openSession(transport, target, {}, undefined, async () => {})).rejects.toThrow(
      'refused the login',
    );
    expect(logins).toHaveLength(1);
  });
});

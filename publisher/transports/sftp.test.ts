import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authMethods } from './sftp.ts';

const plainKey = () => ssh2.utils.generateKeyPairSync('ed25519').private;
const lockedKey = () =>
  ssh2.utils.generateKeyPairSync('ed25519', {
    passphrase: 'secret',
    cipher: 'aes256-ctr',
    rounds: 1,
  }).private;

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'deploy-auth-'));
  await mkdir(join(home, '.ssh'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

const kinds = (methods: ReturnType<typeof authMethods>) =>
  methods.map((method) => `${method.type} ${method.what}`);

describe('the login methods', () => {
  it('use the named key file alone, then a password', async () => {
    const named = join(home, 'website');
    await writeFile(named, plainKey());
    await writeFile(join(home, '.ssh/id_ed25519'), plainKey());
    const methods = authMethods('web1', {
      home,
      keyFile: named,
      agent: '/run/agent.sock',
      password: 'pw',
    });
    expect(kinds(methods)).toEqual([`publickey ${named}`, 'password DEPLOY_PASSWORD']);
    expect(methods.every((method) => method.username === 'web1')).toBe(true);
  });

  it('without a named key: the agent, then the default keys in ssh order', async () => {
    await writeFile(
      join(home, '.ssh/id_rsa'),
      ssh2.utils.generateKeyPairSync('rsa', { bits: 1024 }).private,
    );
    await writeFile(join(home, '.ssh/id_ed25519'), plainKey());
    const methods = authMethods('web1', { home, agent: '/run/agent.sock' });
    expect(kinds(methods)).toEqual([
      'agent the SSH agent',
      `publickey ${join(home, '.ssh/id_ed25519')}`,
      `publickey ${join(home, '.ssh/id_rsa')}`,
    ]);
  });

  it('skips a default key it cannot open, as ssh does without a terminal', async () => {
    await writeFile(join(home, '.ssh/id_ed25519'), lockedKey());
    expect(authMethods('web1', { home })).toEqual([]);
  });

  it('opens an encrypted named key with its passphrase, and names the fix without one', async () => {
    const named = join(home, 'website');
    await writeFile(named, lockedKey());
    expect(kinds(authMethods('web1', { home, keyFile: named, passphrase: 'secret' }))).toEqual([
      `publickey ${named}`,
    ]);
    expect(() => authMethods('web1', { home, keyFile: named })).toThrow(
      /DEPLOY_SSH_KEY_PASSPHRASE or add the key to the SSH agent/,
    );
    expect(() => authMethods('web1', { home, keyFile: join(home, 'missing') })).toThrow(
      /Cannot read the key file/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { describeTarget, parseTarget } from './deploy-target.ts';

describe('the deploy target', () => {
  it('reads user, host, port and folder', () => {
    expect(parseTarget('sftp://web123@ssh.example.net/var/www/site')).toEqual({
      username: 'web123',
      host: 'ssh.example.net',
      port: 22,
      path: '/var/www/site',
    });
    expect(parseTarget('sftp://u@[::1]:2222/srv/www/')).toEqual({
      username: 'u',
      host: '::1',
      port: 2222,
      path: '/srv/www',
    });
  });

  it('reads /~/ as a folder in the login folder', () => {
    expect(parseTarget('sftp://u@host/~/html').path).toBe('html');
    expect(describeTarget(parseTarget('sftp://u@host:2200/~/html'))).toBe(
      'sftp://u@host:2200/~/html',
    );
  });

  it('refuses a password in the address, naming DEPLOY_PASSWORD', () => {
    expect(() => parseTarget('sftp://u:secret@host/www')).toThrow(/DEPLOY_PASSWORD/);
  });

  it.each([
    ['ftp://u@host/www', /sftp:\/\//],
    ['sftp://host/www', /no user/],
    ['sftp://u@host', /no folder/],
    ['sftp://u@host/', /no folder/],
    ['host:/www', /sftp:\/\//],
    ['not an address', /no address/],
  ])('refuses %s, saying what is wrong', (text, message) => {
    expect(() => parseTarget(text)).toThrow(message);
  });
});

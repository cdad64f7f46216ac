import { describe, expect, it } from 'vitest';
import { describeTarget, parseTarget } from './target.ts';

describe('the deploy target', () => {
  it('reads user, host, port and folder', () => {
    expect(parseTarget('sftp://web123@ssh.example.net/var/www/site')).toEqual({
      protocol: 'sftp',
      username: 'web123',
      host: 'ssh.example.net',
      port: 22,
      path: '/var/www/site',
    });
    expect(parseTarget('sftp://u@[::1]:2222/srv/www/')).toEqual({
      protocol: 'sftp',
      username: 'u',
      host: '::1',
      port: 2222,
      path: '/srv/www',
    });
  });

  it('reads an FTPS address, port 21 unless named', () => {
    expect(parseTarget('ftps://web123@ftp.example.net/html')).toEqual({
      protocol: 'ftps',
      username: 'web123',
      host: 'ftp.example.net',
      port: 21,
      path: '/html',
    });
    expect(describeTarget(parseTarget('ftps://u@host:2121/~/www'))).toBe(
      'ftps://u@host:2121/~/www',
    );
  });

  it('refuses plain ftp://, saying why and what to ask for', () => {
    expect(() => parseTarget('ftp://u@host/www')).toThrow(
      /password across the network unencrypted.*Use ftps:\/\//,
    );
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

  it('never prints a password back, however malformed the address', () => {
    for (const text of [
      'sftp://u:hunter2@host:99999/x',
      'sftp://u:hunter2@ho st/x',
      'sftp://u:hunter2@host/%zz',
      'sftp://u:hunter2@host:0/x',
    ]) {
      const message = (() => {
        try {
          parseTarget(text);
          return 'accepted';
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(message).not.toBe('accepted');
      expect(message).not.toContain('hunter2');
    }
  });

  it.each([
    ['sftp://u@host:0/www', /port 0 is not a port/],
    ['sftp://u@host:99999/www', /port 99999 is not a port/],
    ['sftp://u@host/www%zz', /folder has a % that is not followed by two hex digits/],
    ['sftp://u%e0@host/www', /user name has a %/],
    ['sftp://u@host/www%00x', /folder holds a control character/],
    ['sftp://u%00@host/www', /user name holds a control character/],
    ['http://u@host/www', /sftp:\/\/ or ftps:\/\//],
    ['sftp://host/www', /no user/],
    ['sftp://u@host', /no folder/],
    ['sftp://u@host/', /no folder/],
    ['host:/www', /sftp:\/\//],
    ['not an address', /no address/],
  ])('refuses %s, saying what is wrong', (text, message) => {
    expect(() => parseTarget(text)).toThrow(message);
  });
});

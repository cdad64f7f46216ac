import { describe, expect, it } from 'vitest';
import { headerPolicy } from './header-policy.ts';
import { gradeOf, observatoryGrade, type Headers } from './observatory-score.ts';

const csp =
  "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'unsafe-inline'; object-src 'none'; frame-ancestors 'none'";

/** The headers the site's policy sends, as a server sends them (names in lower case). */
const siteHeaders: Headers = Object.fromEntries(
  headerPolicy(csp).security.map(({ name, value }) => [name.toLowerCase(), value]),
);
const withoutHsts = { ...siteHeaders, 'strict-transport-security': undefined };
const redirect = { status: 301, headers: { location: 'https://www.example.com/' } };
const html = '<script src="./assets/index-AbCd1234.js"></script>';

const resultOf = (grade: ReturnType<typeof observatoryGrade>, test: string) =>
  grade.modifiers.find((modifier) => modifier.test === test);

describe('observatoryGrade', () => {
  it("gives the site's policy A+ over HTTPS with a redirect from HTTP", () => {
    const grade = observatoryGrade({
      https: siteHeaders,
      html,
      http: redirect,
      host: 'www.example.com',
    });
    expect(grade).toMatchObject({ score: 110, grade: 'A+' });
    expect(resultOf(grade, 'referrer-policy')).toMatchObject({ score: 5 });
    expect(resultOf(grade, 'x-frame-options')).toMatchObject({
      result: 'x-frame-options-implemented-via-csp',
      score: 5,
    });
    expect(resultOf(grade, 'content-security-policy')?.result).toBe(
      'csp-implemented-with-unsafe-inline-in-style-src-only',
    );
  });

  it('gives the same headers C+ over plain HTTP without a redirect, with no bonus', () => {
    const grade = observatoryGrade({
      https: undefined,
      html,
      http: { status: 200, headers: siteHeaders },
      host: 'www.example.com',
    });
    expect(grade).toMatchObject({ score: 60, grade: 'C+' });
    expect(resultOf(grade, 'redirection')?.result).toBe('redirection-missing');
    expect(resultOf(grade, 'strict-transport-security')?.result).toBe(
      'hsts-not-implemented-no-https',
    );
  });

  it('takes 20 for HTTPS without Strict-Transport-Security', () => {
    const grade = observatoryGrade({
      https: withoutHsts,
      html,
      http: redirect,
      host: 'www.example.com',
    });
    expect(grade).toMatchObject({ score: 80, grade: 'B+' });
  });

  it('scores a bare server F', () => {
    const grade = observatoryGrade({
      https: {},
      html,
      http: { status: 200, headers: {} },
      host: 'example.com',
    });
    expect(grade.score).toBe(100 - 25 - 20 - 20 - 5 - 20);
    expect(grade.grade).toBe('F');
  });

  it.each([
    ["default-src 'self'; script-src 'self' 'unsafe-inline'", 'csp-implemented-with-unsafe-inline'],
    ["default-src 'self'; script-src 'self' https:", 'csp-implemented-with-unsafe-inline'],
    ["script-src 'self'", 'csp-implemented-with-unsafe-inline'],
    ["default-src 'self'; script-src 'self' 'unsafe-eval'", 'csp-implemented-with-unsafe-eval'],
    ["default-src 'self'; img-src http://cdn.example", 'csp-implemented-with-insecure-scheme'],
    ["default-src 'self'", 'csp-implemented-with-no-unsafe'],
    ["default-src 'none'; script-src 'self'", 'csp-implemented-with-no-unsafe-default-src-none'],
  ])('classifies the policy %s as %s', (policy, result) => {
    const grade = observatoryGrade({
      https: { ...siteHeaders, 'content-security-policy': policy },
      http: redirect,
      host: 'www.example.com',
    });
    expect(resultOf(grade, 'content-security-policy')?.result).toBe(result);
  });

  it('takes 5 for a redirect to another host, 10 for one to HTTP', () => {
    const base = { https: siteHeaders, html };
    const offHost = observatoryGrade({ ...base, http: redirect, host: 'example.com' });
    expect(resultOf(offHost, 'redirection')).toMatchObject({
      result: 'redirection-off-host-from-http',
      score: -5,
    });
    const toHttp = observatoryGrade({
      ...base,
      http: { status: 301, headers: { location: 'http://www.example.com/x' } },
      host: 'www.example.com',
    });
    expect(resultOf(toHttp, 'redirection')?.score).toBe(-10);
  });

  it('takes 10 for a Strict-Transport-Security shorter than six months', () => {
    const grade = observatoryGrade({
      https: { ...siteHeaders, 'strict-transport-security': 'max-age=86400' },
      http: redirect,
      host: 'www.example.com',
    });
    expect(resultOf(grade, 'strict-transport-security')?.score).toBe(-10);
  });

  it('takes 5 for external scripts without integrity', () => {
    const grade = observatoryGrade({
      https: siteHeaders,
      html: '<script src="https://cdn.example/x.js"></script>',
      http: redirect,
      host: 'www.example.com',
    });
    expect(resultOf(grade, 'subresource-integrity')?.score).toBe(-5);
  });
});

describe('gradeOf', () => {
  it.each([
    [135, 'A+'],
    [100, 'A+'],
    [99, 'A'],
    [85, 'A-'],
    [64, 'C+'],
    [60, 'C+'],
    [59, 'C'],
    [25, 'D-'],
    [24, 'F'],
    [0, 'F'],
  ])('%i is %s', (score, grade) => {
    expect(gradeOf(score)).toBe(grade);
  });
});

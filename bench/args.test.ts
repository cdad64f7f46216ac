import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './args.ts';

describe('parseBenchArgs', () => {
  it('measures everything three times after a build by default', () => {
    expect(parseBenchArgs([])).toEqual({
      build: true,
      runs: 3,
      routes: ['home', 'imprint', 'privacy'],
      languages: ['de', 'en'],
      formFactors: ['mobile', 'desktop'],
      isFullSet: true,
      out: 'bench-results/lighthouse.json',
      dist: 'dist',
    });
  });

  it('takes routes as names or hash addresses, and marks a subset', () => {
    const options = parseBenchArgs(['--no-build', '--runs', '1', '--routes', '#/home, /imprint']);
    expect(options).toMatchObject({ build: false, runs: 1, routes: ['home', 'imprint'] });
    expect(options.isFullSet).toBe(false);
  });

  it('names a wrong value', () => {
    expect(() => parseBenchArgs(['--languages', 'fr'])).toThrow(
      '--languages: unknown value "fr", expected some of de, en',
    );
    expect(() => parseBenchArgs(['--runs', '0'])).toThrow('--runs must be a positive integer');
  });
});

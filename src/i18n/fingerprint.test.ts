import { describe, expect, it } from 'vitest';
import { fingerprint } from './fingerprint.ts';

describe('fingerprint', () => {
  it('is the same for the same texts, and eight hex digits', () => {
    expect(fingerprint({ a: 'Hallo', b: { c: 'Welt' } })).toBe(
      fingerprint(JSON.parse('{"a":"Hallo","b":{"c":"Welt"}}')),
    );
    expect(fingerprint({ a: 'Hallo' })).toMatch(/^[\da-f]{8}$/);
  });

  it('changes with one letter, and with an empty dictionary', () => {
    expect(fingerprint({ a: 'Hallo' })).not.toBe(fingerprint({ a: 'Hallö' }));
    expect(fingerprint({})).not.toBe(fingerprint({ a: '' }));
  });
});

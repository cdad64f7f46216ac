import { describe, expect, it } from 'vitest';
import { failingMessages, isAllowedMessage, type CheckerMessage } from './html-validity.ts';

const error = (message: string): CheckerMessage => ({ type: 'error', message });
const fragment = (href: string) =>
  error(
    `Bad value “${href}” for attribute “href” on element “a”: Illegal character in fragment. “#” is not allowed.`,
  );

describe('the HTML check', () => {
  it('allows the hash route with an anchor that the specification requires', () => {
    expect(isAllowedMessage(fragment('#/home#contact'))).toBe(true);
    expect(isAllowedMessage(fragment('#/home#intro'))).toBe(true);
  });

  it('allows nothing broader: other links, other elements, other messages', () => {
    expect(isAllowedMessage(fragment('https://example.com/#a#b'))).toBe(false);
    expect(isAllowedMessage(fragment('#/home#contact" onclick="x'))).toBe(false);
    expect(
      isAllowedMessage(
        error(
          'Bad value “#/home#contact” for attribute “src” on element “img”: Illegal character in fragment. “#” is not allowed.',
        ),
      ),
    ).toBe(false);
    expect(isAllowedMessage(error('Duplicate ID “contact”.'))).toBe(false);
    expect(isAllowedMessage({ type: 'info', message: fragment('#/home#contact').message })).toBe(
      false,
    );
  });

  it('fails on every other error and on fatal ones, not on warnings', () => {
    const messages: CheckerMessage[] = [
      fragment('#/home#contact'),
      error('Duplicate ID “contact”.'),
      { type: 'info', subType: 'warning', message: 'Consider adding a “lang” attribute.' },
      { type: 'error', subType: 'fatal', message: 'Stray end tag.' },
      { type: 'non-document-error', message: 'File not found.' },
    ];
    expect(failingMessages(messages).map((message) => message.message)).toEqual([
      'Duplicate ID “contact”.',
      'Stray end tag.',
      'File not found.',
    ]);
  });
});

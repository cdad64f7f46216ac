/** One message of the W3C Nu HTML Checker's JSON output (`vnu.jar --format json`). */
export interface CheckerMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
}

/**
 * The one error the specification makes unavoidable: its routes put an anchor inside a hash route
 * (`#/home#contact`), and a second `#` is not allowed in a URL's fragment. Exactly that message,
 * for exactly such a link (a route of letters, then an anchor of letters and hyphens); nothing else.
 */
const HASH_ROUTE_ANCHOR =
  /^Bad value “#\/[a-z]+#[a-z][a-z-]*” for attribute “href” on element “a”: Illegal character in fragment\. “#” is not allowed\.$/;

export const isAllowedMessage = (message: CheckerMessage): boolean =>
  message.type === 'error' && HASH_ROUTE_ANCHOR.test(message.message);

/** The messages that fail the check: every error and fatal message but the allowed one. */
export const failingMessages = (messages: readonly CheckerMessage[]): CheckerMessage[] =>
  messages.filter(
    (message) =>
      (['error', 'non-document-error'].includes(message.type) || message.subType === 'fatal') &&
      !isAllowedMessage(message),
  );

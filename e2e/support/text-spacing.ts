/** WCAG 1.4.12's text spacing, as the W3C's test bookmarklet sets it: a visitor's own style sheet. */
export const TEXT_SPACING = `* {
  line-height: 1.5 !important;
  letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important;
}
p { margin-block-end: 2em !important; }`;

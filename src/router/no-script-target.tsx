/**
 * Where a link to `to` (`/home#contact`) leads in a browser without JavaScript, which scrolls to
 * the element whose id is the link's fragment (`#/home#contact` → the id `/home#contact`, `to`
 * itself). Placed just before what the link names. Inside
 * `<noscript>`, so that it exists only there: with scripts the app places the page (and focus)
 * itself, and the browser must not scroll to a target of its own first.
 */
export function NoScriptTarget({ to }: { to: string }) {
  return (
    <noscript>
      <span id={to} />
    </noscript>
  );
}

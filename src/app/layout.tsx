import { useEffect, useMemo } from 'react';
import { SiteFooter } from '../components/site-footer/site-footer.tsx';
import { SiteHeader } from '../components/site-header/site-header.tsx';
import { SkipLink } from '../components/skip-link/skip-link.tsx';
import { DocumentMeta } from './document-meta.tsx';
import { DocumentTitle } from './document-title.tsx';
import { APP_READY_MARK, INTERACTIVE_ATTRIBUTE } from './prerendered-view.ts';
import { PAGES, useTitleMarker } from './pages.tsx';
import { NoScriptTarget } from '../router/no-script-target.tsx';
import { useRouteFocus } from '../router/route-focus.ts';
import { useScrollRestoration } from '../router/scroll-restoration.ts';
import { scrollKey } from './scroll-key.ts';
import { HOME_PATH, HOME_ROUTE } from '../content/routes.ts';

const MAIN_ID = 'main';

/** The frame around every page: title, skip link, header, the page itself, footer. */
export function Layout() {
  const marker = useTitleMarker();
  const Page = PAGES[marker];
  // A section link on the same page changes the location, not the page: it is not rendered again.
  const page = useMemo(() => <Page />, [Page]);
  useScrollRestoration(scrollKey);
  useRouteFocus(scrollKey);
  // The prerendered page is now the app's: links route, buttons answer. Tests wait for this mark.
  useEffect(() => {
    document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, '');
    performance.mark(APP_READY_MARK);
  }, []);
  return (
    <>
      <DocumentTitle marker={marker} />
      <DocumentMeta />
      {/* The links home (the brand) lead to the top without JavaScript too. */}
      <NoScriptTarget to={HOME_PATH} />
      <SkipLink targetId={MAIN_ID} />
      <SiteHeader brandIsHeading={marker === HOME_ROUTE} />
      <main id={MAIN_ID} tabIndex={-1}>
        {page}
      </main>
      <SiteFooter />
    </>
  );
}

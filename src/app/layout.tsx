import { Outlet, ScrollRestoration } from 'react-router';
import { SiteFooter } from '../components/site-footer/site-footer';
import { SiteHeader } from '../components/site-header/site-header';
import { SkipLink } from '../components/skip-link/skip-link';
import { DocumentMeta } from './document-meta';
import { DocumentTitle } from './document-title';
import { useTitleMarker } from './route-handle';
import { scrollKey } from './scroll-key';

const MAIN_ID = 'main';

/** The frame around every page: title, skip link, header, the page itself, footer. */
export function Layout() {
  const marker = useTitleMarker();
  return (
    <>
      <DocumentTitle marker={marker} />
      <DocumentMeta />
      <SkipLink targetId={MAIN_ID} />
      <SiteHeader brandIsHeading={marker === 'home'} />
      <main id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}

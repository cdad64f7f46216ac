import type { Business } from './business-schema';

/**
 * Every fact about the business that the site shows: header, contact block, footer, imprint and
 * privacy statement all read it from here. Edit the values, keep the field names; the build checks
 * each value and stops with a message naming the field when one is malformed.
 *
 * The values below are fictitious examples.
 */
export const business = {
  name: 'Muster IT',
  legalForm: 'GmbH',
  owner: 'Max Mustermann',
  phone: '+49 30 1234567',
  email: 'kontakt@example.com',
  street: 'Musterstraße 1',
  postalCode: '12345',
  town: 'Musterstadt',
  vatId: 'DE123456789',
  registerCourt: 'Amtsgericht Musterstadt',
  registerNumber: 'HRB 12345',
  /** The address where visitors reach the site (search engines and link previews use it). */
  siteUrl: 'https://www.example.com/',
  /**
   * The look: the accent colour of links, buttons and focus rings in the light and the dark theme
   * (`#rrggbb`), and the one or two letters of the logo mark. The build checks every colour made
   * from them against WCAG AA and stops naming the colour and its contrast when one falls short.
   */
  brand: {
    accent: '#0b5cad',
    accentDark: '#7ab8f5',
    mark: 'M',
  },
} as const satisfies Business;

/** `+49 30 1234567` → `tel:+49301234567`: a dialable link needs the digits alone. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
export const phoneHref = telHref(business.phone);
export const emailHref = `mailto:${business.email}`;
export const legalName = `${business.name} ${business.legalForm}`;

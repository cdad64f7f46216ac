/**
 * The countries of the EU and the rest of the EEA, by ISO code: a provider seated in one of them
 * needs no safeguard for the data it receives (Chapter V GDPR applies to transfers beyond them).
 * Its own module, read by the facts' schema and by pages/privacy/hosting-paragraphs.ts, which
 * imports no schema.
 */
export const EU_EEA_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IS IT LI LT LU LV MT NL NO PL PT RO SE SI SK'.split(
    ' ',
  ),
);

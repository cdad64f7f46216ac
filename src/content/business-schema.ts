import { z } from 'zod';
import { EU_EEA_COUNTRIES } from './eu-eea.ts';

const text = (what: string) => z.string().trim().min(1, `must not be empty (${what})`);

/** An absolute https address of a folder: a host with a dot, no credentials, query or fragment. */
function isSiteUrl(value: string): boolean {
  if (!value.endsWith('/') || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    url.protocol === 'https:' &&
    url.hostname.includes('.') &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    !value.includes('#')
  );
}

/** An absolute https address, such as a supervisory authority's home page. */
function isHttpsUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname.includes('.') && url.username === '';
}

/** A real calendar day written as `YYYY-MM-DD` (`2026-02-30` is not one). */
function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * The rules for the facts in `business.ts`. Only the build runs them (see `vite.config.ts`), so zod
 * never reaches the visitor's browser; the app imports the type alone.
 */
const hexColour = (what: string) =>
  z.string().regex(/^#[0-9a-fA-F]{6}$/, `must be a colour written as "#rrggbb" (${what})`);

export const brandSchema = z.strictObject({
  accent: hexColour('the accent of the light theme, e.g. "#0b5cad"'),
  accentDark: hexColour('the accent of the dark theme, e.g. "#7ab8f5"'),
  mark: z
    .string()
    .regex(/^\p{Lu}[\p{L}\d]?$/u, 'must be one or two letters, the first a capital, e.g. "M"'),
});

const providerName = text('the hosting provider\'s company name, e.g. "Beispiel Hosting GmbH"');
const providerAddress = text("the hosting provider's postal address in one line");
const countryCode = 'must be the two-letter code of the provider\'s country (ISO 3166), e.g. "US"';
const policyUrl =
  'must be the address of the provider\'s privacy policy, which says how long it keeps its logs, starting with "https://"';

/**
 * Where the site is served from; the privacy statement's hosting paragraphs follow from it.
 * `server`: a server of the owner's own or a rented one in the EU/EEA, whose access logs are kept
 * for the owner's stated number of days. `cdn`: a content delivery network such as Cloudflare
 * Pages, which decides how long it keeps its logs; seated outside the EU/EEA, it needs the
 * safeguard of the transfer (Art. 44–46 GDPR).
 */
const hostingSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('server'),
      name: providerName,
      address: providerAddress,
      accessLogRetentionDays: z
        .number('must be a number of days, e.g. 14')
        .int('must be a whole number of days, e.g. 14')
        .min(1, 'must be at least 1 day')
        .max(
          365,
          'must be at most 365 days; servers keep access logs for days or weeks, not years',
        ),
    }),
    z
      .strictObject({
        kind: z.literal('cdn'),
        name: providerName,
        address: providerAddress,
        country: z.string(countryCode).regex(/^[A-Z]{2}$/, countryCode),
        transferSafeguard: z
          .enum(
            ['eu-us-data-privacy-framework', 'adequacy-decision', 'standard-contractual-clauses'],
            'must be "eu-us-data-privacy-framework", "adequacy-decision" or "standard-contractual-clauses"',
          )
          .optional(),
        privacyPolicyUrl: z.string(policyUrl).refine(isHttpsUrl, policyUrl),
      })
      .superRefine((cdn, context) => {
        const inEurope = EU_EEA_COUNTRIES.has(cdn.country);
        if (!inEurope && cdn.transferSafeguard === undefined) {
          context.addIssue({
            code: 'custom',
            path: ['transferSafeguard'],
            message:
              'must say what allows the transfer to a country outside the EU/EEA: "eu-us-data-privacy-framework" (a US provider certified under it), "adequacy-decision" or "standard-contractual-clauses"',
          });
        }
        if (inEurope && cdn.transferSafeguard !== undefined) {
          context.addIssue({
            code: 'custom',
            path: ['transferSafeguard'],
            message: `must be left out: a provider in the EU/EEA (${cdn.country}) needs no safeguard`,
          });
        }
        if (cdn.transferSafeguard === 'eu-us-data-privacy-framework' && cdn.country !== 'US') {
          context.addIssue({
            code: 'custom',
            path: ['transferSafeguard'],
            message:
              'the EU-US Data Privacy Framework covers providers in the US only (country "US")',
          });
        }
      }),
  ],
  'must say where the site is served from: kind "server" (a server in the EU/EEA) or "cdn"',
);

export const businessSchema = z.strictObject({
  name: text('the business name, e.g. "Muster IT"'),
  legalForm: text('e.g. "GmbH"'),
  owner: text('the name of the person who represents the business'),
  phone: z
    .string()
    .trim()
    .regex(
      /^\+?[\d\s()/-]{6,}$/,
      'must be a phone number of digits, spaces, "+", "/", "-" and brackets, e.g. "+49 30 1234567"',
    ),
  email: z.email('must be an e-mail address such as "info@example.com"'),
  street: text('street and number'),
  postalCode: z.string().regex(/^\d{5}$/, 'must be a German postal code of five digits'),
  town: text('e.g. "Musterstadt"'),
  vatId: z.string().regex(/^DE\d{9}$/, 'must be "DE" followed by nine digits, e.g. "DE123456789"'),
  registerCourt: text('e.g. "Amtsgericht Musterstadt"'),
  registerNumber: z
    .string()
    .regex(/^HR[AB] \d+( [A-Z]{1,3})?$/, 'must be a commercial register number, e.g. "HRB 12345"'),
  siteUrl: z
    .string()
    .refine(
      isSiteUrl,
      'must be the public address of the site, starting with "https://" and ending with "/", e.g. "https://www.example.com/"',
    ),
  managingDirectors: z
    .array(text('the full name of a managing director, e.g. "Max Mustermann"'))
    .min(1, 'must name at least one managing director (Geschäftsführer) of the GmbH'),
  hosting: hostingSchema,
  mailProvider: z.strictObject({
    name: text('the company that runs your mailbox, e.g. "Beispiel Mail GmbH"'),
    address: text("the mail provider's postal address in one line"),
  }),
  supervisoryAuthority: z.strictObject({
    name: text("the data protection authority of the state of the business's seat"),
    url: z
      .string()
      .refine(isHttpsUrl, 'must be the authority\'s web address, starting with "https://"'),
  }),
  privacyUpdated: z
    .string()
    .refine(isIsoDate, 'must be the day the privacy statement was last changed, as "YYYY-MM-DD"'),
  brand: brandSchema,
});

export type Business = z.infer<typeof businessSchema>;

/** One malformed fact: its field (`hosting.name`) and what is wrong with it. */
export interface BusinessProblem {
  field: string;
  message: string;
}

const problemsOf = (error: z.ZodError): BusinessProblem[] =>
  error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : '(the whole object)',
    message: issue.message,
  }));

/** Every malformed fact of `input`; none when the facts are valid. */
export function businessProblems(input: unknown): BusinessProblem[] {
  const result = businessSchema.safeParse(input);
  return result.success ? [] : problemsOf(result.error);
}

/** Returns the facts when they are valid; otherwise throws one message naming every bad field. */
export function validateBusiness(input: unknown, source = 'src/content/business.ts'): Business {
  const result = businessSchema.safeParse(input);
  if (result.success) return result.data;
  const lines = problemsOf(result.error).map(({ field, message }) => `  - ${field}: ${message}`);
  throw new Error(`The business facts in ${source} are not valid:\n${lines.join('\n')}`);
}

import { z } from 'zod';
import {
  COUNTRY_CODE_ALIASES,
  EU_ADEQUACY,
  ISO_COUNTRY_CODES,
  SWISS_ADEQUACY,
} from './country-codes.ts';
import { EU_EEA_COUNTRIES } from './eu-eea.ts';
import { LANGUAGES } from '../i18n/language.ts';
import { formatDay } from '../i18n/legal-format.ts';
import {
  FORM_FAMILY,
  FORM_WORDS_RULE,
  formsIn,
  isLegalForm,
  LEGAL_FORMS,
  type LegalForm,
  regulatedProfessionReason,
  unsupportedFormReason,
} from './legal-form.ts';

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

/** A colour as the brand settings write it; `what` says which one in the message. */
const hexColour = (what: string) =>
  z.string().regex(/^#[0-9a-fA-F]{6}$/, `must be a colour written as "#rrggbb" (${what})`);

export const brandSchema = z.strictObject({
  accent: hexColour('the accent of the light theme, e.g. "#0b5cad"'),
  accentDark: hexColour('the accent of the dark theme, e.g. "#7ab8f5"'),
  mark: z
    .string()
    .regex(/^\p{Lu}[\p{L}\d]?$/u, 'must be one or two letters, the first a capital, e.g. "M"'),
});

const providerName = text('the provider\'s company name, e.g. "Beispiel Hosting GmbH"');
const policyUrl = 'must be the address of the provider\'s privacy policy, starting with "https://"';
const countryCode = (what: string) =>
  z
    .string(`must be the two-letter code (ISO 3166) of ${what}, e.g. "DE" or "US"`)
    .regex(/^[A-Z]{2}$/, `must be the two-letter code (ISO 3166) of ${what}, e.g. "DE" or "US"`)
    .superRefine((code, context) => {
      const alias = COUNTRY_CODE_ALIASES[code];
      if (alias !== undefined)
        context.addIssue({ code: 'custom', message: `must be "${alias.code}": ${alias.why}` });
      else if (!ISO_COUNTRY_CODES.has(code))
        context.addIssue({
          code: 'custom',
          message: `must be a country's code in ISO 3166: "${code}" is none (the code of ${what}, e.g. "DE" or "US")`,
        });
    });
const retentionDays = (example: string) =>
  z
    .number(`must be a number of days, e.g. ${example}`)
    .int(`must be a whole number of days, e.g. ${example}`)
    .min(1, 'must be at least 1 day')
    .max(365, 'must be at most 365 days; logs are kept for days or weeks, not years');

/** The names a country goes by in an address: its code, its names in the site's languages ("USA" too). */
function countryNames(code: string): string[] {
  // A malformed code is reported by its own field; the address is not checked against it.
  if (!/^[A-Z]{2}$/.test(code)) return [];
  const names = LANGUAGES.map((language) =>
    new Intl.DisplayNames([language], { type: 'region' }).of(code),
  );
  return [code, ...(code === 'US' ? ['USA'] : []), ...names].filter(
    (name): name is string => name !== undefined,
  );
}

const SAFEGUARDS = [
  'eu-us-data-privacy-framework',
  'swiss-us-data-privacy-framework',
  'adequacy-decision',
  'standard-contractual-clauses',
] as const;
const safeguardOf = (what: string) =>
  z.enum(
    SAFEGUARDS,
    `must say what allows ${what}: "eu-us-data-privacy-framework" (a US recipient certified under it), "swiss-us-data-privacy-framework" (a US recipient of a provider in Switzerland, certified under it), "adequacy-decision" or "standard-contractual-clauses"`,
  );

/**
 * A processor: who it is, where it sits, and every country outside the EU/EEA its data for the
 * owner go to, each with its ground (Art. 13(1)(f), 44–46 GDPR). `transferSafeguard` is the ground
 * of the transfer to a seat outside the EU/EEA; `transfers` are the further countries, e.g. the US
 * affiliates of Microsoft 365 or Google Workspace, contracted through Ireland. The page shows the
 * country in the visitor's language, so the address must not name it.
 */
const processorFields = {
  name: providerName,
  address: text("the provider's postal address in one line, without the country"),
  country: countryCode("the country of the provider's seat"),
  transferSafeguard: safeguardOf('the transfer to the seat, outside the EU/EEA').optional(),
  transfers: z
    .array(
      z.strictObject({
        country: countryCode('a country outside the EU/EEA the data go to beyond the seat'),
        safeguard: safeguardOf('this transfer'),
      }),
      'must be a list of the further countries, e.g. [{ country: "US", safeguard: "standard-contractual-clauses" }]',
    )
    .optional(),
  // An owner's facts written for a single destination get the new form named, not "unrecognized".
  transferCountry: z
    .never(
      'a country the data go to beyond the seat is written as transfers: [{ country: "US", safeguard: "…" }]',
    )
    .optional(),
};

type ProcessorFacts = z.infer<z.ZodObject<typeof processorFields>>;
type Safeguard = (typeof SAFEGUARDS)[number];

/** Each ground as a message proposes it, with what the owner must have confirmed for it. */
const GROUND_OFFER: Readonly<Record<Safeguard, string>> = {
  'eu-us-data-privacy-framework':
    '"eu-us-data-privacy-framework" if the recipient is certified under it',
  'swiss-us-data-privacy-framework':
    '"swiss-us-data-privacy-framework" if the recipient is certified under it',
  'adequacy-decision': '"adequacy-decision"',
  'standard-contractual-clauses':
    '"standard-contractual-clauses" if they are agreed with the recipient',
};

/**
 * The grounds that can hold for data going to `country`: under Swiss law (Art. 16 DSG) where a
 * provider in Switzerland passes them on (`from` "CH"), else under the GDPR.
 */
function groundsFor(country: string, from: string | null): Safeguard[] {
  const swiss = from === 'CH';
  const adequate = (swiss ? SWISS_ADEQUACY : EU_ADEQUACY).decisions;
  if (country === 'US')
    return [
      swiss ? 'swiss-us-data-privacy-framework' : 'eu-us-data-privacy-framework',
      'standard-contractual-clauses',
    ];
  return Object.hasOwn(adequate, country)
    ? ['adequacy-decision', 'standard-contractual-clauses']
    : ['standard-contractual-clauses'];
}

/** "write A if …, or B if …": the grounds that remain for `country` but `refused`. */
function offer(country: string, from: string | null, refused?: Safeguard): string {
  const grounds = groundsFor(country, from).filter((ground) => ground !== refused);
  return `write ${grounds.map((ground) => GROUND_OFFER[ground]).join(', or ')}`;
}

/**
 * Why the page's sentence for `safeguard` would be untrue for `country`, or null when it holds.
 * `from` is the seat of the provider passing the data on, or null for the transfer to the seat: a
 * provider in Switzerland passes data on under Swiss law (Art. 16 DSG), not under the GDPR's.
 */
function groundProblem(country: string, safeguard: Safeguard, from: string | null): string | null {
  const swiss = from === 'CH';
  const list = swiss ? SWISS_ADEQUACY : EU_ADEQUACY;
  const why =
    safeguard === 'eu-us-data-privacy-framework' && country !== 'US'
      ? `the EU-US Data Privacy Framework covers recipients in the US only, not ${country}`
      : safeguard === 'eu-us-data-privacy-framework' && swiss
        ? 'a provider in Switzerland passes data to the US under Swiss law, not under the EU-US framework'
        : safeguard === 'swiss-us-data-privacy-framework' && !swiss
          ? 'the Swiss-US Data Privacy Framework grounds only what a provider seated in Switzerland (country "CH") passes on to the US'
          : safeguard === 'swiss-us-data-privacy-framework' && country !== 'US'
            ? `the Swiss-US Data Privacy Framework covers recipients in the US only, not ${country}`
            : safeguard === 'adequacy-decision' && country === 'US'
              ? `the adequacy ${swiss ? 'finding' : 'decision'} for the US covers only recipients certified under the ${swiss ? 'Swiss' : 'EU'}-US Data Privacy Framework`
              : safeguard === 'adequacy-decision' && !Object.hasOwn(list.decisions, country)
                ? `${list.by} has found no adequate protection in ${country} (${list.name}, as of ${formatDay(list.asOf, 'en')})`
                : null;
  return why === null ? null : `${why}: ${offer(country, from, safeguard)}`;
}

const isObject = ({ value }: { value: unknown }) => typeof value === 'object' && value !== null;

/** The rules of a processor's facts that the statement's truth depends on. */
function checkProcessor(facts: ProcessorFacts, context: z.RefinementCtx): void {
  const problem = (path: (string | number)[], message: string) =>
    context.addIssue({ code: 'custom', path, message });
  // Runs beside the fields' own checks, so a misnamed field hides nothing: it reads what is there.
  if (typeof facts.country !== 'string' || !ISO_COUNTRY_CODES.has(facts.country)) return;
  const ending = String(facts.address ?? '')
    .trim()
    .replace(/\.$/, '')
    .toLowerCase();
  const named = countryNames(facts.country).find((name) =>
    [',', ' '].some((before) => ending.endsWith(`${before}${name.toLowerCase()}`)),
  );
  if (ending !== '' && named !== undefined)
    problem(
      ['address'],
      `must end before the country ("${named}"): the page adds it from "country", in the visitor's language`,
    );
  const seatOutside = !EU_EEA_COUNTRIES.has(facts.country);
  if (seatOutside && facts.transferSafeguard === undefined)
    problem(
      ['transferSafeguard'],
      `must say what allows the transfer to the seat in ${facts.country}, outside the EU/EEA: ${offer(facts.country, null)}`,
    );
  if (!seatOutside && facts.transferSafeguard !== undefined)
    problem(
      ['transferSafeguard'],
      `must be left out: the seat is in the EU/EEA (${facts.country}); name a country the data go further to in "transfers"`,
    );
  const seatGround =
    facts.transferSafeguard === undefined
      ? null
      : groundProblem(facts.country, facts.transferSafeguard, null);
  if (seatGround !== null) problem(['transferSafeguard'], seatGround);
  const seen = new Set([facts.country]);
  for (const [index, transfer] of (Array.isArray(facts.transfers)
    ? facts.transfers
    : []
  ).entries()) {
    if (typeof transfer?.country !== 'string' || typeof transfer.safeguard !== 'string') continue;
    if (EU_EEA_COUNTRIES.has(transfer.country)) {
      // Its ground is moot: a message on it would ask for a ground the entry must not have.
      problem(
        ['transfers', index, 'country'],
        `must be a country outside the EU/EEA (${transfer.country} is inside: no safeguard is needed, so leave it out)`,
      );
      continue;
    }
    if (seen.has(transfer.country))
      problem(
        ['transfers', index, 'country'],
        `names ${transfer.country} twice (the seat's country is covered by "transferSafeguard"): give each country once, with one ground`,
      );
    seen.add(transfer.country);
    const ground = groundProblem(transfer.country, transfer.safeguard, facts.country);
    if (ground !== null) problem(['transfers', index, 'safeguard'], ground);
  }
}

/**
 * Where the site is served from; the privacy statement's hosting paragraphs follow from it.
 * `server`: a rented server, VPS or webspace, whose host processes the access logs for the owner.
 * `own-server`: hardware the owner owns or runs on its own premises, in the EU/EEA: no processor.
 * `cdn`: a content delivery network such as Cloudflare Pages. Each states after how many days its
 * logs are deleted (for a CDN, as its data processing agreement says); a provider names every
 * country outside the EU/EEA the data go to, with its ground.
 */
const hostingSchema = z.discriminatedUnion(
  'kind',
  [
    z
      .strictObject({
        kind: z.literal('server'),
        ...processorFields,
        accessLogRetentionDays: retentionDays('14'),
      })
      .superRefine(checkProcessor, { when: isObject }),
    z.strictObject({
      kind: z.literal('own-server'),
      country: countryCode('the country where your own server stands').refine(
        (code) => EU_EEA_COUNTRIES.has(code),
        'must be a country of the EU/EEA: the statement has no words for a server of your own outside it',
      ),
      accessLogRetentionDays: retentionDays('14'),
    }),
    z
      .strictObject({
        kind: z.literal('cdn'),
        ...processorFields,
        accessLogRetentionDays: retentionDays(
          "30; take it from the provider's data processing agreement, or ask the provider",
        ),
        privacyPolicyUrl: z.string(policyUrl).refine(isHttpsUrl, policyUrl),
        edgeLocations: z.enum(
          ['eea', 'worldwide'],
          'must say where the network\'s servers may answer a visitor: "eea" (only in the EU/EEA, as the provider\'s agreement guarantees) or "worldwide" (the statement then names the transfer to them, on the standard contractual clauses of the provider\'s agreement)',
        ),
      })
      .superRefine(checkProcessor, { when: isObject }),
  ],
  'must say where the site is served from: kind "server" (a rented server, VPS or webspace, which its host runs for you), "own-server" (hardware the business owns or runs on its own premises) or "cdn"',
);

const personName = (what: string) => text(`the full name of ${what}, e.g. "Max Mustermann"`);
const registerCourt = text('e.g. "Amtsgericht Musterstadt"');
const registerNumber = z
  .string()
  .regex(
    /^(HRA|HRB|PR|GsR) \d+( [A-Z]{1,3})?$/,
    'must be a register number, e.g. "HRB 12345" (a GmbH or UG), "HRA 12345" (a KG, OHG or e.K.), "PR 123" (a PartG) or "GsR 123" (an eGbR)',
  );
const managingDirectors = z
  .array(personName('a managing director'), 'must be a list of full names, e.g. ["Max Mustermann"]')
  .min(1, 'must name at least one managing director (Geschäftsführer)');

/**
 * The company that is the personally liable partner of a GmbH & Co. KG: the imprint names it
 * with its seat, its register entry and its managing directors (§ 5(1) nos. 1 and 4 DDG).
 */
const generalPartnerSchema = z.strictObject({
  name: text('the general partner\'s name with its legal form, e.g. "Muster Verwaltungs GmbH"'),
  seat: text('the town of the general partner\'s registered seat, e.g. "Musterstadt"'),
  registerCourt,
  registerNumber,
  managingDirectors,
});

/**
 * The rules for the facts in `business.ts`. Only the build runs them (decision 09), so zod
 * never reaches the visitor's browser; the app imports the type alone. Which fields a legal form
 * needs is checked apart (legalFormProblems), so that a misnamed field hides no other mistake.
 */
export const businessSchema = z.strictObject({
  name: text('the business name, e.g. "Muster IT"'),
  firm: text(
    'the firm exactly as the register has it, e.g. "Mustermann und Partner Informatiker PartG"',
  ).optional(),
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
  vatId: z
    .string()
    .regex(/^DE\d{9}$/, 'must be "DE" followed by nine digits, e.g. "DE123456789"')
    .optional(),
  economicId: z
    .string()
    .regex(
      /^DE\d{9}-\d{5}$/,
      'must be the Wirtschafts-Identifikationsnummer: "DE", nine digits, "-" and five digits, e.g. "DE123456789-00001"',
    )
    .optional(),
  registerCourt: registerCourt.optional(),
  registerNumber: registerNumber.optional(),
  siteUrl: z
    .string()
    .refine(
      isSiteUrl,
      'must be the public address of the site, starting with "https://" and ending with "/", e.g. "https://www.example.com/"',
    ),
  managingDirectors: managingDirectors.optional(),
  roleWord: z
    .enum(
      ['neutral', 'feminine', 'masculine'],
      'must be "neutral" ("Geschäftsführung", "Inhaber/in"), "feminine" ("Geschäftsführerin", "Inhaberin") or "masculine" ("Geschäftsführer", "Inhaber")',
    )
    .optional(),
  generalPartner: generalPartnerSchema.optional(),
  partners: z
    .array(
      personName('a partner'),
      'must be a list of full names, e.g. ["Max Mustermann", "Erika Musterfrau"]',
    )
    .optional(),
  dataProtectionOfficer: z
    .strictObject({
      name: text('the data protection officer, or leave "name" out').optional(),
      email: z.email(
        'must be the data protection officer\'s e-mail address, e.g. "datenschutz@example.com"',
      ),
      phone: z
        .string()
        .trim()
        .regex(/^\+?[\d\s()/-]{6,}$/, 'must be a phone number, e.g. "+49 30 1234568"')
        .optional(),
    })
    .optional(),
  hosting: hostingSchema,
  mailProvider: z
    .strictObject({
      ...processorFields,
      name: text('the company that runs your mailbox, e.g. "Beispiel Mail GmbH"'),
    })
    .superRefine(checkProcessor, { when: isObject }),
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

const FORM_NAMES = Object.keys(LEGAL_FORMS)
  .map((form) => `"${form}"`)
  .join(', ');
const REGISTER_OF = {
  HRB: 'part B of the commercial register (HRB)',
  HRA: 'part A of the commercial register (HRA)',
  PR: 'the partnership register (PR)',
  GsR: 'the register of civil-law partnerships (GsR)',
} as const;

/**
 * Which fields the legal form needs and which it must not have. Read from the raw input, so that
 * it runs beside the schema's own checks and a misnamed field hides no other mistake.
 */
export function legalFormProblems(input: unknown): BusinessProblem[] {
  if (typeof input !== 'object' || input === null) return [];
  const facts = input as Record<string, unknown>;
  const problems: BusinessProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });
  const has = (field: string) => facts[field] !== undefined;
  const form = facts.legalForm;
  if (typeof form !== 'string' || form.trim() === '') return problems;
  if (!isLegalForm(form)) {
    const unsupported = unsupportedFormReason(form);
    problem(
      'legalForm',
      /\bUG\b|Unternehmergesellschaft/.test(form) && !form.includes('(haftungsbeschränkt)')
        ? 'must write "UG (haftungsbeschränkt)" in full: § 5a(1) GmbHG allows no shorter form'
        : unsupported === null
          ? `must be one of ${FORM_NAMES} (a sole trader or freelancer without a register entry: "Einzelunternehmen")`
          : `not supported: ${unsupported}`,
    );
    return problems;
  }
  for (const field of ['name', 'firm']) {
    const value = facts[field];
    const regulated = typeof value === 'string' ? regulatedProfessionReason(value) : null;
    if (regulated !== null) problem(field, `not supported: ${regulated}`);
  }
  problems.push(...firmProblems(facts, form));
  const implied = { 'e.Kfr.': 'feminine', 'e.Kfm.': 'masculine' }[form as string];
  if (implied !== undefined && facts.roleWord !== undefined && facts.roleWord !== implied)
    problem(
      'roleWord',
      `must be "${implied}" or left out: the form "${form}" says the owner is ${implied === 'feminine' ? 'a woman (eingetragene Kauffrau)' : 'a man (eingetragener Kaufmann)'}`,
    );
  const { vatId, economicId } = facts;
  if (
    typeof vatId === 'string' &&
    typeof economicId === 'string' &&
    /^DE\d{9}$/.test(vatId) &&
    /^DE\d{9}-/.test(economicId) &&
    economicId.slice(0, 11) !== vatId
  )
    problem(
      'economicId',
      `must begin with the nine digits of vatId (${vatId}-…): the tax office assigns the Wirtschafts-Identifikationsnummer with the VAT id's digits`,
    );
  const { kind, register } = LEGAL_FORMS[form];
  const rules = LEGAL_FORMS[form] as { minPartners?: number };
  const general = facts.generalPartner;
  const generalNumber =
    typeof general === 'object' && general !== null
      ? (general as Record<string, unknown>).registerNumber
      : undefined;

  if (register === null) {
    for (const field of ['registerCourt', 'registerNumber'])
      if (has(field))
        problem(
          field,
          `must be left out: the ${form} has no register entry (a registered civil-law partnership is an "eGbR")`,
        );
  } else {
    if (!has('registerCourt'))
      problem(
        'registerCourt',
        `must name the register court of the ${form}, e.g. "Amtsgericht Musterstadt"`,
      );
    const number = facts.registerNumber;
    if (!has('registerNumber'))
      problem(
        'registerNumber',
        `must give the ${form}'s entry in ${REGISTER_OF[register]}, e.g. "${register} 12345"`,
      );
    else if (typeof number === 'string' && !number.startsWith(`${register} `))
      problem(
        'registerNumber',
        `must be ${register.startsWith('H') ? 'an' : 'a'} ${register} number: the ${form} is entered in ${REGISTER_OF[register]}`,
      );
  }

  if (kind === 'company' && !has('managingDirectors'))
    problem(
      'managingDirectors',
      `must name at least one managing director (Geschäftsführer) of the ${form}`,
    );
  if (kind !== 'company' && has('managingDirectors'))
    problem(
      'managingDirectors',
      kind === 'company-kg'
        ? `must be left out: the ${form} has no managing directors of its own; name those of its general partner in "generalPartner.managingDirectors"`
        : kind === 'partnership'
          ? `must be left out: the ${form} is represented by its partners; name them in "partners"`
          : `must be left out: the ${form === 'Einzelunternehmen' ? 'sole trader' : form} has no managing directors; the owner ("owner") acts`,
    );

  if (kind === 'company-kg' && general === undefined)
    problem(
      'generalPartner',
      `must name the general partner of the ${form} (the persönlich haftende Gesellschafterin): { name, seat, registerCourt, registerNumber, managingDirectors }`,
    );
  if (
    kind === 'company-kg' &&
    typeof generalNumber === 'string' &&
    !generalNumber.startsWith('HRB ')
  )
    problem(
      'generalPartner.registerNumber',
      'must be an HRB number: the general partner, a GmbH or UG, is entered in part B of the register',
    );
  if (kind !== 'company-kg' && general !== undefined)
    problem(
      'generalPartner',
      form === 'KG'
        ? 'belongs to a KG whose general partner is a company: write the legal form as "GmbH & Co. KG" or "UG (haftungsbeschränkt) & Co. KG" (§ 19(2) HGB)'
        : `must be left out: only a GmbH & Co. KG or UG (haftungsbeschränkt) & Co. KG has a company as its general partner`,
    );

  const partners = facts.partners;
  if (kind === 'partnership') {
    const least = rules.minPartners ?? 2;
    if (!Array.isArray(partners) || partners.length < least)
      problem(
        'partners',
        form === 'KG'
          ? 'must name the personally liable partners (Komplementäre) of the KG, e.g. ["Max Mustermann"]'
          : `must name the partners of the ${form}, at least ${least}, e.g. ["Max Mustermann", "Erika Musterfrau"]`,
      );
  } else if (partners !== undefined) {
    problem('partners', `must be left out: the ${form} is not represented by partners`);
  }
  return problems;
}

const quoted = (forms: readonly { words: string }[]) =>
  forms.map(({ words }) => `"${words}"`).join(', ');
const ugInFull = (forms: readonly { words: string }[]) =>
  forms.every(
    ({ words }) =>
      !/\bUG\b|Unternehmergesellschaft/.test(words) || words.includes('(haftungsbeschränkt)'),
  );

/**
 * The firm and the name against the legal form (§ 5(1) no. 1 DDG asks for the firm as registered):
 * the firm carries its form's words once and no other form's; the name, which the site follows
 * with the form unless a firm is given, carries no other form; a KG's firm names the form of its
 * general partner (§ 19(2) HGB).
 */
function firmProblems(facts: Record<string, unknown>, form: LegalForm): BusinessProblem[] {
  const problems: BusinessProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });
  const family = FORM_FAMILY[form];
  const firm = typeof facts.firm === 'string' && facts.firm.trim() !== '' ? facts.firm : null;
  const name = typeof facts.name === 'string' ? facts.name : '';
  if (family === null) {
    if (firm !== null)
      problem(
        'firm',
        'must be left out: a sole trader without a register entry has no firm (§ 17 HGB); the business name stands in "name"',
      );
    const carried = formsIn(name);
    if (carried.length > 0)
      problem(
        'name',
        `must not carry a legal form (${quoted(carried)}): a sole trader without a register entry has none`,
      );
    return problems;
  }
  if (firm !== null) {
    const unsupported = unsupportedFormReason(firm);
    const carried = formsIn(firm);
    const own = carried.filter((each) => each.family === family);
    const others = carried.filter((each) => each.family !== family);
    const spellings = new Set(own.map(({ words }) => words.toLowerCase()));
    if (unsupported !== null) problem('firm', `not supported: ${unsupported}`);
    else if (others.length > 0)
      problem(
        'firm',
        `carries ${quoted(others)}, a legal form other than legalForm "${form}": write the firm as registered, with its own form alone`,
      );
    else if (own.length === 0)
      problem(
        'firm',
        `must carry the words of its legal form "${form}" (${FORM_WORDS_RULE[family]}): write the firm as registered`,
      );
    else if (spellings.size < own.length || (family !== 'PartG' && own.length > 1))
      problem(
        'firm',
        `carries its legal form more than once (${quoted(own)}): write the firm as registered, with the form once`,
      );
    else if (!ugInFull(own))
      problem(
        'firm',
        'must write "UG (haftungsbeschränkt)" in full: § 5a(1) GmbHG allows no shorter form',
      );
  }
  const inName = formsIn(name);
  const foreign = firm === null ? inName : inName.filter((each) => each.family !== family);
  if (foreign.length > 0)
    problem(
      'name',
      firm === null
        ? `must not carry a legal form (${quoted(foreign)}): the site prints legalForm "${form}" after it; a firm registered with its form inside goes verbatim into "firm"`
        : `carries ${quoted(foreign)}, a legal form other than legalForm "${form}": the short name carries no second form`,
    );
  const general = facts.generalPartner;
  const generalName =
    typeof general === 'object' && general !== null
      ? (general as Record<string, unknown>).name
      : undefined;
  if ((family === 'GmbH & Co. KG' || family === 'UG & Co. KG') && typeof generalName === 'string') {
    const partnerForms = formsIn(generalName);
    const partnerFamily =
      partnerForms.length === 1 && ugInFull(partnerForms) ? partnerForms[0]?.family : undefined;
    if (partnerFamily !== 'GmbH' && partnerFamily !== 'UG')
      problem(
        'generalPartner.name',
        'must carry the general partner\'s legal form once, "GmbH" or "UG (haftungsbeschränkt)", e.g. "Muster Verwaltungs GmbH"',
      );
    else if (`${partnerFamily} & Co. KG` !== family)
      problem(
        'legalForm',
        `must be "${partnerFamily === 'UG' ? 'UG (haftungsbeschränkt)' : 'GmbH'} & Co. KG": the general partner "${generalName}" is ${partnerFamily === 'UG' ? 'a UG (haftungsbeschränkt)' : 'a GmbH'}, and the KG's firm must name the form that limits its liability (§ 19(2) HGB, § 5a(1) GmbHG)`,
      );
  }
  return problems;
}

export type Business = z.infer<typeof businessSchema>;

/** One malformed fact: its field (`hosting.name`) and what is wrong with it. */
export interface BusinessProblem {
  field: string;
  message: string;
}

/** Each issue by its field; an unknown field by its own name, so that a misspelling is found. */
const problemsOf = (error: z.ZodError): BusinessProblem[] =>
  error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          field: [...issue.path, key].join('.'),
          message:
            'is not a field of the business facts: check its spelling against docs/owner-guide.md',
        }))
      : [
          {
            field: issue.path.length > 0 ? issue.path.join('.') : '(the whole object)',
            message: issue.message,
          },
        ],
  );

/** Every malformed fact of `input`; none when the facts are valid. */
export function businessProblems(input: unknown): BusinessProblem[] {
  const result = businessSchema.safeParse(input);
  return [...(result.success ? [] : problemsOf(result.error)), ...legalFormProblems(input)];
}

/** Returns the facts when they are valid; otherwise throws one message naming every bad field. */
export function validateBusiness(input: unknown, source = 'src/content/business.ts'): Business {
  const result = businessSchema.safeParse(input);
  const problems = businessProblems(input);
  if (result.success && problems.length === 0) return result.data;
  const lines = problems.map(({ field, message }) => `  - ${field}: ${message}`);
  throw new Error(`The business facts in ${source} are not valid:\n${lines.join('\n')}`);
}

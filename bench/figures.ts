import { readFileSync } from 'node:fs';
import type { FormFactor, Language, Route } from './args.ts';

/**
 * What one Lighthouse run measured: its scores, timings, bytes per resource group, requests that
 * left the origin, and the LCP element with its phases and the language of its text.
 */

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export const resourceGroups = [
  'document',
  'script',
  'stylesheet',
  'other',
  'image',
  'font',
] as const;
export type ResourceGroup = (typeof resourceGroups)[number];

export interface Usage {
  bytes: number;
  requests: number;
}

export interface RunFigures {
  scores: Record<(typeof categories)[number], number>;
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  tbtMs: number;
  cls: number;
  resources: Record<ResourceGroup | 'total', Usage>;
  offOrigin: string[];
  lcpElement: string;
  lcpPhases: Record<string, number>;
  lcpTextLanguage: Language | 'unknown';
  warnings: string[];
}

/** What the app showed in the benchmark's own browser after the first run. */
export interface LanguageSeen {
  htmlLang: string;
  navigatorLanguages: string[];
}

/** Every run of one route × language × form factor. */
export interface Measurement {
  route: Route;
  language: Language;
  formFactor: FormFactor;
  all: RunFigures[];
  seen: LanguageSeen | undefined;
}

/**
 * The part of Lighthouse's result (its `Result` type) read here, so that this file and the report
 * do not need Lighthouse installed to be type-checked.
 */
export interface LighthouseResult {
  audits: Record<string, { numericValue?: number; details?: unknown }>;
  categories: Record<string, { score: number | null }>;
  runWarnings?: string[];
  runtimeError?: { code: string; message: string };
}

/** Every string of a translation file, for telling German text from English text. */
export function dictionaryWords(file: string): Set<string> {
  const words = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const word of value.toLowerCase().match(/\p{L}{4,}/gu) ?? []) words.add(word);
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(walk);
    }
  };
  walk(JSON.parse(readFileSync(file, 'utf8')));
  return words;
}

function textLanguage(
  text: string,
  dictionaries: Record<Language, Set<string>>,
): Language | 'unknown' {
  const words = text.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  const score = (language: Language, other: Language) =>
    words.filter((word) => dictionaries[language].has(word) && !dictionaries[other].has(word))
      .length;
  const german = score('de', 'en');
  const english = score('en', 'de');
  if (german === english) return 'unknown';
  return german > english ? 'de' : 'en';
}

function groupOf(resourceType: string | undefined): ResourceGroup {
  switch (resourceType) {
    case 'Document':
      return 'document';
    case 'Script':
      return 'script';
    case 'Stylesheet':
      return 'stylesheet';
    case 'Image':
      return 'image';
    case 'Font':
      return 'font';
    default:
      return 'other';
  }
}

interface NetworkItem {
  url: string;
  transferSize?: number;
  resourceType?: string;
}

interface LcpNodeItem {
  node?: { nodeLabel?: string; snippet?: string };
  phase?: string;
  timing?: number;
}

type Details = { type?: string; items?: unknown[] } | undefined;

/** The LCP element's label and its phases (TTFB, load delay, load time, render delay). */
function lcpBreakdown(lhr: LighthouseResult): { element: string; phases: Record<string, number> } {
  const details = lhr.audits['largest-contentful-paint-element']?.details as Details;
  let element = '';
  const phases: Record<string, number> = {};
  const visit = (detail: Details) => {
    if (!detail?.items) return;
    if (detail.type === 'list') {
      detail.items.forEach((item) => visit(item as Details));
      return;
    }
    for (const item of detail.items as LcpNodeItem[]) {
      if (item.node && !element) element = item.node.nodeLabel ?? item.node.snippet ?? '';
      if (item.phase && typeof item.timing === 'number') phases[item.phase] = item.timing;
    }
  };
  visit(details);
  return { element, phases };
}

const emptyUsage = (): Usage => ({ bytes: 0, requests: 0 });

export function figuresOf(
  lhr: LighthouseResult,
  origin: string,
  dictionaries: Record<Language, Set<string>>,
): RunFigures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scores = Object.fromEntries(
    categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as RunFigures['scores'];
  const resources = Object.fromEntries(
    [...resourceGroups, 'total'].map((group) => [group, emptyUsage()]),
  ) as RunFigures['resources'];
  const offOrigin: string[] = [];
  const items = ((lhr.audits['network-requests']?.details as Details)?.items ??
    []) as NetworkItem[];
  for (const item of items) {
    if (/^(data|blob):/.test(item.url)) continue;
    for (const usage of [resources[groupOf(item.resourceType)], resources.total]) {
      usage.bytes += item.transferSize ?? 0;
      usage.requests += 1;
    }
    if (new URL(item.url).origin !== origin) offOrigin.push(item.url);
  }
  const { element, phases } = lcpBreakdown(lhr);
  return {
    scores,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    speedIndexMs: numeric('speed-index'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    resources,
    offOrigin,
    lcpElement: element,
    lcpPhases: phases,
    lcpTextLanguage: textLanguage(element, dictionaries),
    warnings: [
      ...(lhr.runWarnings ?? []),
      ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
    ],
  };
}

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { HotPayload, Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { business } from '../../src/content/business.ts';
import { hostingParagraphs } from '../../src/pages/privacy/hosting-paragraphs.ts';
import { rolldown } from 'rolldown';
import { contentCheck, contentErrorOf } from './content-check-plugin.ts';
import { CONTENT_CONSTANTS_MODULE, contentConstants } from './content-constants.ts';
import { serviceNameLanguages } from './english-terms.ts';
import { ContentError, readTranslationFiles, TRANSLATION_FILES } from './translation-files.ts';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: 'config' | 'buildStart' | 'hotUpdate' | 'resolveId' | 'load') =>
  plugin[name] as unknown as Hook;

/** A copy of both translation files in a folder of its own, which a test may break. */
function copiedFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'content-check-'));
  const paths = {
    de: join(dir, 'de.json'),
    en: join(dir, 'en.json'),
  };
  writeFileSync(paths.de, readFileSync(TRANSLATION_FILES.de));
  writeFileSync(paths.en, readFileSync(TRANSLATION_FILES.en));
  return paths;
}

const buildContext = (name = 'client') => ({
  environment: { name },
  warn: (message: string) => warnings.push(message),
});
let warnings: string[] = [];

describe('contentCheck: the build', () => {
  it('lets the shipped content through', () => {
    warnings = [];
    expect(() => hook(contentCheck(business), 'buildStart').call(buildContext())).not.toThrow();
    expect(warnings).toEqual([]);
  });

  it('stops on a trailing comma before anything is built, naming file, line and column', () => {
    const paths = copiedFiles();
    const text = readFileSync(paths.de, 'utf8').replace(
      /("homeLink": "[^"]*")\n(\s*\}\n\}\s*)$/,
      '$1,\n$2',
    );
    writeFileSync(paths.de, text);
    const line = text.split('\n').findLastIndex((each) => /"homeLink": "[^"]*",$/.test(each)) + 1;
    expect(line).toBeGreaterThan(1);
    expect(() => hook(contentCheck(business, paths), 'buildStart').call(buildContext())).toThrow(
      `${paths.de}:${line}:`,
    );
  });

  it('stops on a malformed fact, naming the field', () => {
    expect(() =>
      hook(contentCheck({ ...business, email: 'no-at-sign' }), 'buildStart').call(buildContext()),
    ).toThrow(/src\/content\/business\.ts:\d+: email: must be an e-mail address/);
  });

  it('stops on a site address that is not an https folder URL, naming the field', () => {
    expect(() =>
      hook(contentCheck({ ...business, siteUrl: 'http://www.example.com' }), 'buildStart').call(
        buildContext(),
      ),
    ).toThrow(/siteUrl: must be the public address of the site/);
  });

  it('checks once per build, not again for the prerender', () => {
    expect(() =>
      hook(contentCheck({ ...business, email: 'x' }), 'buildStart').call(buildContext('ssr')),
    ).not.toThrow();
  });
});

describe('contentConstants (the answers the build hands the app)', () => {
  it('tells the German page which service names are English terms', async () => {
    const { de, en } = readTranslationFiles();
    expect((await constants(business)).SERVICE_NAME_LANGUAGES).toEqual(
      serviceNameLanguages(de, en),
    );
  });

  it("gives the privacy statement the hosting paragraphs of the owner's facts, none of bad ones", async () => {
    expect((await constants(business)).HOSTING_PARAGRAPHS).toEqual(hostingParagraphs(business));
    expect(
      (await constants({ ...business, hosting: { kind: 'cdn' } })).HOSTING_PARAGRAPHS,
    ).toBeNull();
  });
});

/** What the module `virtual:content-constants` exports to the app for `facts`, as the build makes it. */
async function constants(facts: unknown): Promise<Record<string, unknown>> {
  const plugin = contentConstants(facts);
  const id = await hook(plugin, 'resolveId').call({}, CONTENT_CONSTANTS_MODULE);
  const code = (await hook(plugin, 'load').call({}, id)) as string;
  return Object.fromEntries(
    code.split('\n').map((line) => {
      const [, name, json] = /^export const (\w+) = (.*);$/.exec(line) ?? [];
      return [name, JSON.parse(json ?? 'undefined')];
    }),
  );
}

/** Runs the dev server's hook for an edit of `file`: what it sends the page, what it returns. */
const hotUpdate = async (paths: Record<'de' | 'en', string>, file: string) => {
  const sent: HotPayload[] = [];
  const context = {
    environment: { name: 'client', hot: { send: (p: HotPayload) => sent.push(p) } },
  };
  const modules = await hook(contentCheck(business, paths), 'hotUpdate').call(context, {
    file,
    read: async () => readFileSync(file, 'utf8'),
    modules: [],
  });
  return { sent, modules };
};

describe('contentCheck: the dev server', () => {
  it('reloads the page when a translation file changes', async () => {
    const paths = copiedFiles();
    const { sent, modules } = await hotUpdate(paths, paths.en);
    expect(sent).toEqual([{ type: 'full-reload', path: '*' }]);
    expect(modules).toEqual([]);
  });

  it('shows the mistakes over the page instead when the edit broke the file', async () => {
    const paths = copiedFiles();
    writeFileSync(paths.en, '{\n  "a": "x",\n}\n');
    const { sent } = await hotUpdate(paths, paths.en);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'error',
      err: { plugin: 'content-check', loc: { file: paths.en, line: 2, column: 11 } },
    });
    expect(JSON.stringify(sent[0])).toContain(
      `${relative(process.cwd(), paths.en)}:2:11: a comma after the last entry`,
    );
  });

  it('leaves every other file to Vite', async () => {
    const paths = copiedFiles();
    const { sent, modules } = await hotUpdate(paths, 'src/main.tsx');
    expect(sent).toEqual([]);
    expect(modules).toBeUndefined();
  });
});

describe('contentErrorOf: the list the build prints alone', () => {
  it('finds the content error inside the wrapper the bundler throws', async () => {
    const mistakes = new ContentError([
      {
        severity: 'error',
        file: 'src/content/business.ts',
        message: 'legalForm: must write "UG (haftungsbeschränkt)" in full',
      },
    ]);
    const failing = {
      name: 'content-check',
      buildStart: () => {
        throw mistakes;
      },
    };
    const thrown = await rolldown({ input: 'virtual-entry', plugins: [failing] })
      .then(async (bundle) => bundle.generate())
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    // Thrown on, the wrapper would print its stack and its `errors` property after the list.
    expect(thrown).not.toBe(mistakes);
    expect(contentErrorOf(thrown)).toBe(mistakes);
    expect(contentErrorOf(new Error('a bug of the build'))).toBeUndefined();
    // The class of a second load of the configuration: the same error by its name and its list.
    const copy = Object.assign(new Error(mistakes.message), {
      name: 'ContentError',
      problems: mistakes.problems,
    });
    expect(contentErrorOf({ errors: [copy] })).toBe(copy);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { Language } from '../../src/i18n/language.ts';
import { BUSINESS_FILE, checkContent } from './content-check.ts';
import {
  ContentError,
  formatProblem,
  loadTranslationFiles,
  parseTranslationFile,
  TRANSLATION_FILES,
} from './translation-files.ts';

/** The content error inside what the build threw: the bundler wraps it, under `errors`. */
export function contentErrorOf(error: unknown): ContentError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  // By name: Vite loads the configuration twice, so the plugin's class may be another copy.
  if (error instanceof Error && error.name === 'ContentError' && 'problems' in error)
    return error as ContentError;
  const { errors, cause } = error as { errors?: unknown; cause?: unknown };
  const inner = [...(Array.isArray(errors) ? errors : []), cause].filter((each) => each !== error);
  return inner.map((each) => contentErrorOf(each)).find(Boolean);
}

/**
 * The content checks (but the used keys, which need the type checker) first, so that a broken file
 * or fact stops the build before it writes; in `npm run dev`, an edited translation file reloads.
 */
export function contentCheck(
  facts: unknown,
  paths: Readonly<Record<Language, string>> = TRANSLATION_FILES,
): Plugin {
  const isTranslationFile = (file: string) =>
    Object.values(paths).some((path) => resolve(path) === resolve(file));
  return {
    name: 'content-check',
    enforce: 'pre',
    buildStart() {
      // Once per build: the prerender's server build reads the same files.
      if (this.environment.name !== 'client') return;
      const problems = checkContent({
        files: loadTranslationFiles(paths),
        facts,
        businessSource: existsSync(BUSINESS_FILE) ? readFileSync(BUSINESS_FILE, 'utf8') : undefined,
      });
      for (const problem of problems) {
        if (problem.severity === 'warning') this.warn(formatProblem(problem));
      }
      const errors = problems.filter((problem) => problem.severity === 'error');
      if (errors.length > 0) throw new ContentError(errors);
    },
    async hotUpdate({ file, read }) {
      if (this.environment.name !== 'client' || !isTranslationFile(file)) return undefined;
      // The app fetches the files from public/, outside Vite's module graph: without this, an edit
      // shows only after a manual reload.
      const { problems } = parseTranslationFile(relative(process.cwd(), file), await read());
      const [first] = problems;
      if (!first) {
        this.environment.hot.send({ type: 'full-reload', path: '*' });
        return [];
      }
      const loc =
        first.line === undefined
          ? {}
          : { loc: { file, line: first.line, column: first.column ?? 1 } };
      const message = new ContentError(problems).message;
      this.environment.hot.send({
        type: 'error',
        err: { message, stack: '', plugin: 'content-check', id: file, ...loc },
      });
      return [];
    },
  };
}

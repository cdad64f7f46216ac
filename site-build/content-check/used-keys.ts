import ts from 'typescript';
import { TRANSLATION_FILES } from './translation-files.ts';

/** The folders whose code makes the site: the app, and the build steps that write its pages. */
const SOURCE_DIRS = ['src', 'site-build'];

/** The string literal values a type stands for, or none when it is not made of literals only. */
function literalsOf(type: ts.Type): string[] | undefined {
  const members = type.isUnion() ? type.types : [type];
  const values = members.map((member) => (member.isStringLiteral() ? member.value : undefined));
  return values.every((value) => value !== undefined) ? (values as string[]) : undefined;
}

const isTranslationKey = (type: ts.Type | undefined): boolean =>
  type?.aliasSymbol?.name === 'TranslationKey' ||
  (type?.isUnion() === true && type.types.some((member) => isTranslationKey(member)));

export interface UsedKeys {
  /** The keys the code hands over where a `TranslationKey` is expected: the site shows them. */
  shown: ReadonlySet<string>;
  /** Every string literal of the code: one that is a key counts as used too. */
  mentioned: ReadonlySet<string>;
}

/**
 * The keys the code of `root` (not its tests) hands over where a `TranslationKey` is expected, as
 * the type checker sees them: a key built from literal types counts as each of them.
 */
export function findUsedKeys(root = '.'): UsedKeys {
  const files = SOURCE_DIRS.flatMap((dir) =>
    ts.sys.readDirectory(`${root}/${dir}`, ['.ts', '.tsx']),
  ).filter((file) => !/\.test\.tsx?$/.test(file));
  // The German file is what the `TranslationKey` type is made from.
  const program = ts.createProgram([...files, `${root}/${TRANSLATION_FILES.de}`], {
    noEmit: true,
    // Only the files above: resolving the libraries (React, Vite, Node) would take seconds.
    noResolve: true,
    lib: ['lib.es2023.d.ts'],
    types: [],
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    resolveJsonModule: true,
    allowImportingTsExtensions: true,
    strict: true,
  });
  const checker = program.getTypeChecker();
  const keyType = (node: ts.Expression) => {
    const contextual = checker.getContextualType(node);
    return contextual && isTranslationKey(contextual) ? contextual : undefined;
  };
  const used = new Set<string>();
  const literals = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      literals.add(node.text);
    }
    const candidate =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node) ||
      // `t(key)` where `key` is one of a few literals, e.g. `'a' | 'b'`.
      (ts.isIdentifier(node) &&
        ts.isCallExpression(node.parent) &&
        node.parent.arguments.includes(node));
    if (candidate && keyType(node)) {
      const type = checker.getTypeAtLocation(node);
      // A value typed as any key at all (a helper passing its parameter on) names none itself.
      if (!isTranslationKey(type)) for (const key of literalsOf(type) ?? []) used.add(key);
    }
    ts.forEachChild(node, visit);
  };
  for (const file of program.getSourceFiles()) {
    if (files.includes(file.fileName)) visit(file);
  }
  return { shown: used, mentioned: literals };
}

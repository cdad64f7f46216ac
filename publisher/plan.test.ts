import { describe, expect, it } from 'vitest';
import {
  EMPTY_MANIFEST,
  foldersFor,
  isTemporaryName,
  LOCK_NAME,
  MANIFEST_NAME,
  parseManifest,
  planDeploy,
  serializeManifest,
  stageOf,
  temporaryName,
  type LocalFile,
  type Manifest,
  type ServerEntry,
} from './plan.ts';

const file = (path: string, hash = `hash-of-${path}`): LocalFile => ({ path, hash, size: 10 });

/** A build like the site's: hashed scripts, translation files, documents, compressed copies. */
function build(version: string): LocalFile[] {
  return [
    file('index.html', `index-${version}`),
    file('index.html.br', `index-br-${version}`),
    file('de/index.html', `de-${version}`),
    file('404.html'),
    file(`assets/index-${version.padEnd(8, 'A')}.js`),
    file('assets/i18n/de.json', `de-json-${version}`),
    file('assets/i18n/de.json.gz', `de-json-gz-${version}`),
    file('.htaccess'),
    file('robots.txt'),
  ];
}

/** A server that holds every file its manifest names, as a deploy leaves it. */
const serverOf = (manifest: Manifest) =>
  new Map<string, ServerEntry>(
    Object.keys(manifest.files).map((path) => [path, { kind: 'file', size: 10 }]),
  );

/** The plan for publishing `local` onto a server that holds what `remote` records. */
const planFor = (local: LocalFile[], remote: Manifest) =>
  planDeploy(local, remote, serverOf(remote));

/** The manifest after publishing `local` onto `remote`, as the deploy leaves it. */
const after = (local: LocalFile[], remote: Manifest = EMPTY_MANIFEST) =>
  planFor(local, remote).final;

describe('the deploy plan', () => {
  it('sorts content-named files first, other files next, documents last', () => {
    expect(stageOf('assets/index-B1a2c3D4.js')).toBe('assets');
    expect(stageOf('assets/index-B1a2c3D4.js.br')).toBe('assets');
    expect(stageOf('assets/i18n/de.json')).toBe('files');
    expect(stageOf('icon-192.png')).toBe('files');
    expect(stageOf('.well-known/security.txt')).toBe('files');
    expect(stageOf('de/index.html')).toBe('documents');
    expect(stageOf('404.html.gz')).toBe('documents');

    const plan = planFor(build('one'), EMPTY_MANIFEST);
    expect(plan.uploads.map((each) => each.path)).toEqual([
      'assets/index-oneAAAAA.js',
      '.htaccess',
      'assets/i18n/de.json.gz',
      'assets/i18n/de.json',
      'robots.txt',
      '404.html',
      'de/index.html',
      'index.html.br',
      'index.html',
    ]);
    expect(plan.deletions).toEqual([]);
  });

  it('uploads nothing and deletes nothing when the server has the build', () => {
    const first = after(build('one'));
    const plan = planFor(build('one'), first);
    expect(plan.uploads).toEqual([]);
    expect(plan.deletions).toEqual([]);
    expect(plan.final).toEqual(first);
  });

  it('uploads only what changed, and keeps the previous release for open pages', () => {
    const one = after(build('one'));
    const plan = planFor(build('two'), one);
    expect(plan.uploads.map((each) => each.path)).toEqual([
      'assets/index-twoAAAAA.js',
      'assets/i18n/de.json.gz',
      'assets/i18n/de.json',
      'de/index.html',
      'index.html.br',
      'index.html',
    ]);
    // The first release's script stays: a page loaded a moment ago still names it.
    expect(plan.deletions).toEqual([]);
    expect(plan.final.files['assets/index-oneAAAAA.js']).toBe('hash-of-assets/index-oneAAAAA.js');
    expect(plan.final.previous).toEqual(one.current);
  });

  it('deletes what neither the new nor the previous release names', () => {
    const two = after(build('two'), after(build('one')));
    const plan = planFor(build('three'), two);
    expect(plan.deletions).toEqual(['assets/index-oneAAAAA.js']);
    expect(Object.keys(plan.final.files)).not.toContain('assets/index-oneAAAAA.js');
    expect(Object.keys(plan.final.files)).toContain('assets/index-twoAAAAA.js');
  });

  it('deploying the live release again keeps the one before it', () => {
    const two = after(build('two'), after(build('one')));
    const plan = planFor(build('two'), two);
    expect(plan.deletions).toEqual([]);
    expect(plan.final).toEqual(two);
  });

  it('never deletes a file it did not publish', () => {
    // The owner's files are not in the manifest: nothing plans for them.
    const remote: Manifest = { ...after(build('one')), current: ['owner.html'], previous: [] };
    const plan = planFor(build('two'), remote);
    expect(plan.deletions).not.toContain('owner.html');
    expect(plan.deletions).not.toContain('.well-known/acme-challenge/token');
  });

  it('marks files as its own before uploading them, so a stopped run can be completed', () => {
    const one = after(build('one'));
    const plan = planFor(build('two'), one);
    expect(plan.pending.current).toEqual(one.current);
    expect(plan.pending.files['assets/index-twoAAAAA.js']).toBeNull();
    expect(plan.pending.files['index.html']).toBeNull();

    // The run stopped after the pending manifest: the next one uploads everything again…
    const rerun = planFor(build('two'), plan.pending);
    expect(rerun.uploads.map((each) => each.path)).toEqual(plan.uploads.map((each) => each.path));
    // …and the release that was live stays the previous one.
    expect(rerun.final.previous).toEqual(one.current);
    expect(rerun.final).toEqual(plan.final);

    // Abandoned for a third build, the half-uploaded second one's files are deleted.
    const third = planFor(build('three'), plan.pending);
    expect(third.deletions).toEqual(['assets/index-twoAAAAA.js']);
  });

  it('refuses a build that holds a file with the manifest name', () => {
    expect(() => planFor([file(MANIFEST_NAME)], EMPTY_MANIFEST)).toThrow(MANIFEST_NAME);
  });

  it('reads back the manifest it writes, and refuses one it did not', () => {
    const manifest = after(build('one'));
    expect(parseManifest(serializeManifest(manifest))).toEqual(manifest);
    expect(parseManifest(undefined)).toEqual(EMPTY_MANIFEST);
    expect(() => parseManifest('{"files": []}')).toThrow(/not a manifest this tool wrote/);
    expect(() => parseManifest('nonsense')).toThrow(/not JSON/);
  });

  it('makes the folders parents first, and hides the temporary names', () => {
    expect(foldersFor(['de/assets/i18n/de.json', 'index.html', 'assets/x.js'])).toEqual([
      'assets',
      'de',
      'de/assets',
      'de/assets/i18n',
    ]);
    expect(temporaryName('de/index.html', '0123456789abcdef')).toBe(
      'de/.index.html.0123456789abcdef.deploying',
    );
    expect(isTemporaryName('.index.html.0123456789abcdef.deploying')).toBe(true);
    expect(isTemporaryName('.index.html.deploying.old')).toBe(true);
    expect(isTemporaryName('index.html')).toBe(false);
    expect(isTemporaryName('.htaccess')).toBe(false);
  });

  it('uploads again what the server lacks or holds at another size, whatever the manifest says', () => {
    const one = after(build('one'));
    const server = serverOf(one);
    server.delete('assets/i18n/de.json');
    server.set('index.html', { kind: 'file', size: 3 });
    const plan = planDeploy(build('one'), one, server);
    expect(plan.uploads.map((each) => each.path)).toEqual(['assets/i18n/de.json', 'index.html']);
    expect(plan.deletions).toEqual([]);
  });

  it('repairing the live release keeps the release before it', () => {
    const two = after(build('two'), after(build('one')));
    const server = serverOf(two);
    server.delete('assets/i18n/de.json');
    const plan = planDeploy(build('two'), two, server);
    expect(plan.uploads.map((each) => each.path)).toEqual(['assets/i18n/de.json']);
    expect(plan.final).toEqual(two);
  });

  it('asks the server to delete only what it has, and forgets the rest', () => {
    const two = after(build('two'), after(build('one')));
    const server = serverOf(two);
    server.delete('assets/index-oneAAAAA.js');
    const plan = planDeploy(build('three'), two, server);
    expect(plan.deletions).toEqual([]);
    expect(Object.keys(plan.final.files)).not.toContain('assets/index-oneAAAAA.js');
  });

  it.each([
    ['../outside/victim.txt', /"\.\.\/outside\/victim\.txt".*"\.\."/],
    ['/etc/passwd', /absolute/],
    ['a\\..\\b', /backslash/],
    ['assets/x\u0000.js', /control character/],
    ['assets//x.js', /empty/],
  ])('refuses a whole manifest that names %j', (path, message) => {
    const manifest = { ...after(build('one')) };
    manifest.files = { ...manifest.files, [path]: 'hash' };
    expect(() => parseManifest(serializeManifest(manifest))).toThrow(message);
    const listed = { ...after(build('one')), previous: [path] };
    expect(() => parseManifest(serializeManifest(listed))).toThrow(/not a path inside the target/);
  });

  it('refuses a build that names a path outside the target or the lock', () => {
    expect(() => planFor([file('../x.html')], EMPTY_MANIFEST)).toThrow(/cannot be published/);
    expect(() => planFor([file(`${LOCK_NAME}/holder.json`)], EMPTY_MANIFEST)).toThrow(LOCK_NAME);
  });
});

import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { watchConsoleErrors } from '../../e2e/support/page-watch.ts';
import { deploy, type DeployOptions } from '../deploy.ts';
import { LOCK_NAME } from '../plan.ts';
import { makeWorkDir, startNginx, type RunningServer } from '../../testing/servers.ts';
import { DIST } from '../../hosting/test/site.ts';
import { oneLine, runDeploy } from './deploy-cli.ts';
import { contentOf, loadWhole, PAGES, publishUnderLoad } from './publish-under-load.ts';
import { SERVERS, type Server } from './test-servers.ts';
import { missingReferences, variantBuild, variantTexts } from './variant-build.ts';

/**
 * The site's own builds published on every transport, with nginx serving the target folder
 * through hosting/nginx/site.conf: two builds in turn while two browsers load the pages, two
 * deploys started moments apart, a server stopped in the middle of an upload.
 */

/** The second build's one difference: a heading on the home page, in both languages. */
const BUILD_B_TEXTS = variantTexts('B');
const BUILD_B = variantBuild('B');
const BUILD_C = variantBuild('C');

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function expectPublished(site: string, build: string) {
  const remote = contentOf(site);
  for (const [path, hash] of contentOf(build)) expect(remote.get(path), path).toBe(hash);
}

// Each server's tests in order, on servers of their own; the servers side by side.
test.describe.configure({ mode: 'parallel' });

/**
 * The first server of each transport: where FTP servers differ (commands, listings, TLS reuse),
 * the small site's suite shows it on each, in a fraction of the time a real build takes.
 */
const ONE_PER_TRANSPORT = SERVERS.filter(
  (server, index) => SERVERS.findIndex(({ protocol }) => protocol === server.protocol) === index,
);

for (const { name, protocol, start } of ONE_PER_TRANSPORT) {
  test.describe(name, () => {
    // Each test runs several deploys beside npm test's other suites on the same cores.
    test.describe.configure({ mode: 'serial', timeout: 120_000 });

    let server: Server;
    let nginx: RunningServer;
    let work: string;
    /** The folder nginx serves, below the server's root. */
    const SITE = 'site';
    let site: string;

    const inProcess = (source: string, folder = SITE, extra: Partial<DeployOptions> = {}) =>
      deploy({ source, target: server.target(folder), credentials: server.credentials, ...extra });

    const cli = (args: string[], env: Record<string, string> = {}) =>
      runDeploy(args, { HOME: work, ...server.env(), ...env }).done;

    test.beforeAll(async () => {
      work = await makeWorkDir('deploy-site');
      const root = join(work, 'www');
      mkdirSync(root);
      server = await start(root);
      site = join(root, SITE);
      nginx = await startNginx({ root: site });
    });

    test.afterAll(async () => {
      await Promise.all([server?.stop(), nginx?.stop()]);
      if (work) rmSync(work, { recursive: true, force: true });
    });

    test('two builds published in turn while pages load: every load whole, the old scripts kept', async ({
      page,
      browser,
    }) => {
      // Ten deploys while two browsers load pages, on cores that npm test's other suites share.
      test.setTimeout(600_000);
      await publishUnderLoad({
        page,
        browser,
        baseUrl: nginx.url,
        site,
        builds: [DIST, BUILD_B],
        changedTexts: BUILD_B_TEXTS,
        publish: (source) => inProcess(source),
      });
      expect(readdirSync(site).filter((file) => /deploying/.test(file))).toEqual([]);
    });

    test('a server stopped in the middle of an upload leaves the site as it was; a rerun completes', async ({
      page,
    }) => {
      await inProcess(DIST);
      const live = contentOf(site);
      let stopped = false;
      const attempt = inProcess(BUILD_B, SITE, {
        parallel: 1,
        onProgress: ({ files }) => {
          if (files === 3 && !stopped) {
            stopped = true;
            void server.kill();
          }
        },
      });
      await expect(attempt).rejects.toThrow(
        /stopped after \d+ uploaded files .*The live pages are still the previous ones; run the deploy again/,
      );
      await server.restart();
      for (const document of ['index.html', 'de/index.html', 'en/index.html', '404.html']) {
        expect(contentOf(site).get(document), document).toBe(live.get(document));
      }
      const errors = watchConsoleErrors(page);
      for (const path of PAGES) await loadWhole(page, nginx.url, path, 0, BUILD_B_TEXTS);
      expect(errors).toEqual([]);

      // The stopped run could not give its lock back; the next run of this process takes it over.
      const notices: string[] = [];
      const rerun = await inProcess(BUILD_B, SITE, { onNotice: (line) => notices.push(line) });
      expect(notices.join('\n')).toMatch(
        /Took over the lock of the deploy of .*: its deploy has ended/,
      );
      expect(rerun.plan.uploads.length).toBeGreaterThan(0);
      expectPublished(site, BUILD_B);
      expect(missingReferences(site)).toEqual([]);
    });

    test('two deploys started 0–2 s apart never leave a page naming a missing file', async () => {
      // Each delay in a folder of its own, all at once: the lock is per folder.
      const delays = [0, 300, 1000, 2000];
      await Promise.all(
        delays.map(async (delay) => {
          const folder = `overlap-${delay}`;
          const target = join(server.root, folder);
          // Live: B; the release before it: C. Then A and C go up at once, as two terminals would.
          await inProcess(BUILD_C, folder);
          await inProcess(BUILD_B, folder);
          const first = cli([`--dir=${DIST}`, server.address(folder)]);
          await sleep(delay);
          const second = cli([`--dir=${BUILD_C}`, server.address(folder)]);
          for (const run of await Promise.all([first, second])) {
            expect(run.stderr, `delay ${delay} ms`).toBe('');
            expect(run.code).toBe(0);
            expect(run.stdout).toMatch(/Published to|Nothing to upload/);
          }
          expect(missingReferences(target), `delay ${delay} ms`).toEqual([]);
          expect(existsSync(join(target, LOCK_NAME)), 'the lock is given back').toBe(false);
          // Whichever went last, a rerun of C leaves C whole.
          await inProcess(BUILD_C, folder);
          expectPublished(target, BUILD_C);
          expect(missingReferences(target)).toEqual([]);
        }),
      );
    });

    if (protocol === 'sftp') {
      test('a host that refuses a step (here: renaming) leaves the site as it was; a rerun completes', async () => {
        const sshd = server.sshd!;
        await inProcess(DIST);
        const live = contentOf(site);
        await sshd.kill();
        await sshd.restart(['rename', 'posix-rename']);
        try {
          const refused = await cli(['--dir', BUILD_B, server.address(SITE)]);
          // The message names the path and what to change there, not "run again".
          expect(oneLine(refused)).toMatch(
            new RegExp(
              `refused to rename ${site}/\\.deploy-manifest\\.json \\(permission denied\\) after 0 ` +
                'uploaded files\\. The live pages are still the previous ones\\. Give \\S+ write access',
            ),
          );
          expect(refused.stderr).not.toContain('again to complete');
          // The file written but never renamed is hidden; every live file is as it was.
          for (const [path, hash] of live) expect(contentOf(site).get(path), path).toBe(hash);

          // A server without OpenSSH's posix-rename: the old file moves aside for the new one.
          await sshd.kill();
          await sshd.restart(['posix-rename']);
          const rerun = await cli(['--dir', BUILD_B, server.address(SITE)]);
          expect(rerun.stderr).toBe('');
          expect(rerun.stdout).toContain('Published to');
          // Without a terminal, the progress comes as a line per stage; the last counts every file.
          expect(rerun.stdout).toMatch(/^documents: (\d+)\/\1 files, [\d.]+ kB of [\d.]+ kB$/m);
        } finally {
          await sshd.kill();
          await sshd.restart();
        }
        expectPublished(site, BUILD_B);
        expect([...contentOf(site).keys()].filter((path) => /\.deploying/.test(path))).toEqual([]);
      });
    }
  });
}

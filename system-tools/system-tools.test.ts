import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ensureSystemTools,
  SYSTEM_TOOLS,
  systemTool,
  toolPath,
  type Machine,
  type SystemTool,
  type ToolPackage,
} from './system-tools.ts';

/** A machine with every tool of the list but those of `without`, and apt-get and sudo. */
function fakeMachine({
  without = [] as ToolPackage[],
  env = {} as Record<string, string>,
  isRoot = false,
  installs = true,
} = {}) {
  const files = new Set(['/usr/bin/apt-get', '/usr/bin/sudo']);
  const install = (tool: SystemTool) =>
    files.add(tool.find.startsWith('/') ? toolPath(tool) : `/usr/bin/${tool.find}`);
  SYSTEM_TOOLS.filter((tool) => !(without as string[]).includes(tool.debianPackage)).forEach(
    install,
  );
  const runs: string[][] = [];
  const log: string[] = [];
  const machine: Machine = {
    env: { PATH: '/usr/local/bin:/usr/bin', ...env },
    exists: (path) => files.has(path),
    isRoot,
    run(command, args) {
      runs.push([command, ...args]);
      if (installs) SYSTEM_TOOLS.forEach(install);
      return installs ? 0 : 100;
    },
    log: (text) => log.push(text),
  };
  return { machine, files, runs, log: () => log.join('\n') };
}

describe('ensureSystemTools', () => {
  it('does nothing, quietly, when every tool is there', () => {
    const { machine, runs, log } = fakeMachine();
    expect(ensureSystemTools(machine)).toBe(0);
    expect(runs).toEqual([]);
    expect(log()).toBe('');
  });

  it('installs only the missing packages, in one apt-get call through sudo, saying why', () => {
    const { machine, runs, log } = fakeMachine({ without: ['nginx', 'default-jre-headless'] });
    expect(ensureSystemTools(machine)).toBe(0);
    expect(runs).toHaveLength(1);
    const [command, shell, flag, script, name, ...packages] = runs[0]!;
    expect([command, shell, flag, name]).toEqual(['sudo', 'sh', '-c', 'sh']);
    expect(packages).toEqual(['nginx', 'default-jre-headless']);
    expect(script).toContain('apt-get update');
    expect(script).toContain('DEBIAN_FRONTEND=noninteractive apt-get install -y -q $install');
    // Installed packages must not start their services (nginx and Apache on port 80).
    expect(script).toContain('exit 101');
    expect(log()).toMatch(/nginx +\/usr\/sbin\/nginx: the server tests \(test:servers\)/);
    expect(log()).toMatch(/default-jre-headless +java on PATH \(or \$JAVA\): the W3C HTML checker/);
  });

  it('unpacks a package that conflicts with another into its folder, its dependencies installed', () => {
    const { machine, runs, log } = fakeMachine({ without: ['vsftpd', 'xvfb'], isRoot: true });
    expect(ensureSystemTools(machine)).toBe(0);
    const [, , script, , ...words] = runs[0]!;
    const folder = toolPath(systemTool('vsftpd')).replace(/\/usr\/sbin\/vsftpd$/, '');
    expect(folder).toMatch(/\/node_modules\/\.cache\/debian\/vsftpd$/);
    expect(words).toEqual([`vsftpd=${folder}`, 'xvfb']);
    // Only the others are installed; the unpacked one's dependencies come from its own control file.
    expect(script).toContain('apt-get install -y -q $install');
    expect(script).toContain('apt-get satisfy');
    expect(script).toContain('dpkg-deb -x');
    expect(log()).toContain('node_modules/.cache/debian/vsftpd/usr/sbin/vsftpd (unpacked)');
  });

  it('names the download and the unpacking in the command it prints', () => {
    const { machine, log } = fakeMachine({ without: ['vsftpd'], env: { NO_SYSTEM_INSTALL: '1' } });
    expect(ensureSystemTools(machine)).toBe(1);
    expect(log()).toMatch(/sudo apt-get update && \(cd .* && apt-get download vsftpd && /);
    expect(log()).not.toContain('apt-get install -y vsftpd');
  });

  it('runs apt-get without sudo as root', () => {
    const { machine, runs } = fakeMachine({ without: ['xvfb'], isRoot: true });
    expect(ensureSystemTools(machine)).toBe(0);
    expect(runs[0]!.slice(0, 2)).toEqual(['sh', '-c']);
    expect(runs[0]!.at(-1)).toBe('xvfb');
  });

  it('finds a command anywhere on PATH, and takes an override for the package', () => {
    const { machine, files, runs } = fakeMachine({
      without: ['default-jre-headless', 'chromium', 'chromium-headless-shell'],
      env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
    });
    files.add('/usr/local/bin/java');
    expect(ensureSystemTools(machine)).toBe(0);
    expect(runs).toEqual([]);
  });

  it('with NO_SYSTEM_INSTALL=1 installs nothing and names the packages and the command', () => {
    const { machine, runs, log } = fakeMachine({
      without: ['webkit2gtk-driver', 'firefox-esr'],
      env: { NO_SYSTEM_INSTALL: '1' },
    });
    expect(ensureSystemTools(machine)).toBe(1);
    expect(runs).toEqual([]);
    expect(log()).toMatch(/firefox-esr +\/usr\/bin\/firefox-esr \(or \$FIREFOX_PATH\)/);
    expect(log()).toMatch(/webkit2gtk-driver +\/usr\/bin\/WebKitWebDriver/);
    expect(log()).toContain(
      'sudo apt-get update && sudo apt-get install -y firefox-esr webkit2gtk-driver',
    );
  });

  it('without apt-get installs nothing and says so', () => {
    const { machine, files, runs, log } = fakeMachine({ without: ['openssl'], isRoot: true });
    files.delete('/usr/bin/apt-get');
    expect(ensureSystemTools(machine)).toBe(1);
    expect(runs).toEqual([]);
    expect(log()).toContain('no apt-get');
    expect(log()).toContain('apt-get update && apt-get install -y openssl');
  });

  it('without root and without sudo installs nothing', () => {
    const { machine, files, runs, log } = fakeMachine({ without: ['xvfb'] });
    files.delete('/usr/bin/sudo');
    expect(ensureSystemTools(machine)).toBe(1);
    expect(runs).toEqual([]);
    expect(log()).toContain('sudo apt-get update && sudo apt-get install -y xvfb');
  });

  it('fails, naming what is still missing, when the install does not bring it', () => {
    const { machine, log } = fakeMachine({ without: ['apache2'], installs: false });
    expect(ensureSystemTools(machine)).toBe(1);
    expect(log()).toMatch(/still missing:\n +apache2 +\/usr\/sbin\/apache2/);
  });
});

/** The cells of one row of a Markdown table. */
const cells = (line: string) =>
  line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());

describe("the README's table of system tools", () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const table = readme.slice(readme.indexOf('| Debian package')).split('\n');
  const end = table.findIndex((line) => !line.startsWith('|'));
  const rows = table.slice(2, end).map(cells);

  it('has one row per tool of the list, in its order, with what needs it', () => {
    const expected = SYSTEM_TOOLS.map((tool) => [
      `\`${tool.debianPackage}\``,
      `\`${'unpackInto' in tool ? tool.unpackInto : ''}${tool.find}\`` +
        ('override' in tool ? ` or \`$${tool.override}\`` : ''),
      tool.neededBy,
    ]);
    expect(rows).toEqual(expected);
  });
});

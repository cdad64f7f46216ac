import { join, resolve } from 'node:path';

/** A program of the system that a test starts. */
export interface SystemTool {
  /** The Debian (and Ubuntu) package that brings it. */
  readonly debianPackage: string;
  /** Where it is looked for: an absolute path, or else a command searched on `PATH`. */
  readonly find: string;
  /**
   * A folder of the project to unpack the package into (`dpkg-deb -x`) instead of installing it,
   * for a package that conflicts with another of the list; `find` is then its path in the package.
   */
  readonly unpackInto?: string;
  /** An environment variable that names another copy; when it is set, the tool counts as there. */
  readonly override?: string;
  /** What needs it, and which npm script. */
  readonly neededBy: string;
}

/**
 * The system tools the tests start, the one list of them: where each is looked for, the Debian
 * package that brings it and what needs it. `npm test` checks them first and installs what is missing.
 */
export const SYSTEM_TOOLS = [
  {
    debianPackage: 'chromium-headless-shell',
    find: '/usr/bin/chromium-headless-shell',
    override: 'CHROMIUM_PATH',
    neededBy: 'the browser tests (`test:e2e`, `test:servers`, `test:content-proof`)',
  },
  {
    debianPackage: 'chromium',
    find: '/usr/bin/chromium',
    override: 'CHROMIUM_PATH',
    neededBy: 'the whole browser, for `images`, `screenshots` and `bench`',
  },
  {
    debianPackage: 'fonts-dejavu-core',
    find: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    neededBy: "the visual tests' pictures, drawn in DejaVu Sans (`test:e2e`)",
  },
  {
    debianPackage: 'nginx',
    find: '/usr/sbin/nginx',
    neededBy: 'the server tests (`test:servers`)',
  },
  {
    debianPackage: 'libnginx-mod-http-brotli-static',
    find: '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
    neededBy: 'the server tests (`test:servers`)',
  },
  {
    debianPackage: 'libnginx-mod-http-brotli-filter',
    find: '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so',
    neededBy: 'the server tests (`test:servers`)',
  },
  {
    debianPackage: 'apache2',
    find: '/usr/sbin/apache2',
    neededBy: 'the server tests (`test:servers`)',
  },
  {
    debianPackage: 'openssl',
    find: 'openssl',
    neededBy: "the server tests' TLS certificate (`test:servers`)",
  },
  {
    debianPackage: 'openssh-server',
    find: '/usr/sbin/sshd',
    neededBy: "the deploy command's tests (SFTP)",
  },
  {
    debianPackage: 'openssh-client',
    find: 'ssh-keygen',
    neededBy: "the deploy command's tests (SFTP)",
  },
  {
    debianPackage: 'pure-ftpd',
    find: '/usr/sbin/pure-ftpd',
    neededBy: "the deploy command's tests (FTPS)",
  },
  {
    // It conflicts with pure-ftpd; unpacked below node_modules, it goes with the project's other
    // downloads, and as the same path for root and for a user with sudo.
    debianPackage: 'vsftpd',
    find: '/usr/sbin/vsftpd',
    unpackInto: 'node_modules/.cache/debian/vsftpd',
    neededBy: "the deploy command's tests (FTPS)",
  },
  {
    debianPackage: 'db-util',
    find: 'db_load',
    neededBy: "the deploy command's tests (FTPS: vsftpd's user database)",
  },
  {
    debianPackage: 'default-jre-headless',
    find: 'java',
    override: 'JAVA',
    neededBy: 'the W3C HTML checker (`check:html`)',
  },
  {
    debianPackage: 'firefox-esr',
    find: '/usr/bin/firefox-esr',
    override: 'FIREFOX_PATH',
    neededBy: 'the Firefox flows (`test:engines`)',
  },
  {
    debianPackage: 'webkit2gtk-driver',
    find: '/usr/bin/WebKitWebDriver',
    override: 'WEBKIT_DRIVER_PATH',
    neededBy: "the WebKit flows, WebKitGTK's driver and MiniBrowser (`test:engines`)",
  },
  {
    debianPackage: 'xvfb',
    find: 'xvfb-run',
    neededBy: 'the X server WebKit draws in (`test:engines`)',
  },
] as const satisfies readonly SystemTool[];

export type ToolPackage = (typeof SYSTEM_TOOLS)[number]['debianPackage'];

/** The tool that `debianPackage` brings. */
export function systemTool(debianPackage: ToolPackage): SystemTool {
  return SYSTEM_TOOLS.find((tool) => tool.debianPackage === debianPackage)!;
}

const PROJECT = resolve(import.meta.dirname, '..');

/** Where the tool's program is: `find`, or below the project when the package is unpacked there. */
export function toolPath(tool: SystemTool): string {
  return tool.unpackInto ? join(PROJECT, tool.unpackInto, tool.find) : tool.find;
}

/** What the check sees of the machine: its environment and its files. */
export interface MachineView {
  readonly env: Readonly<Record<string, string | undefined>>;
  exists(path: string): boolean;
}

/** Where `command` is on the `PATH`, if it is. */
export function onPath(command: string, { env, exists }: MachineView): string | undefined {
  const dirs = (env.PATH ?? '').split(':').filter(Boolean);
  return dirs.map((dir) => join(dir, command)).find(exists);
}

export function missingTools(
  machine: MachineView,
  tools: readonly SystemTool[] = SYSTEM_TOOLS,
): SystemTool[] {
  return tools.filter((tool) => {
    if (tool.override && machine.env[tool.override]) return false;
    return tool.find.startsWith('/')
      ? !machine.exists(toolPath(tool))
      : !onPath(tool.find, machine);
  });
}

/** The command a person runs to install `tools`, and to unpack those that are unpacked. */
export function installCommand(tools: readonly SystemTool[], isRoot: boolean): string {
  const sudo = isRoot ? '' : 'sudo ';
  const packages = tools.filter((tool) => !tool.unpackInto).map((tool) => tool.debianPackage);
  const unpacked = tools.filter((tool) => tool.unpackInto);
  return [
    `${sudo}apt-get update`,
    ...(packages.length > 0 ? [`${sudo}apt-get install -y ${packages.join(' ')}`] : []),
    ...unpacked.map(({ debianPackage: name, unpackInto }) =>
      [
        `(cd "$(mktemp -d)" && apt-get download ${name}`,
        `${sudo}apt-get satisfy -y "$(dpkg-deb -f ${name}_*.deb Depends)"`,
        `${sudo}dpkg-deb -x ${name}_*.deb ${join(PROJECT, unpackInto!)})`,
      ].join(' && '),
    ),
  ].join(' && ');
}

/** One line per tool: its package, where it was looked for, and what needs it. */
export function describeTools(tools: readonly SystemTool[]): string {
  const width = Math.max(...tools.map((tool) => tool.debianPackage.length));
  return tools
    .map((tool) => {
      const where = tool.unpackInto
        ? `${join(tool.unpackInto, tool.find)} (unpacked)`
        : tool.find.startsWith('/')
          ? tool.find
          : `${tool.find} on PATH`;
      const other = tool.override ? ` (or $${tool.override})` : '';
      const why = tool.neededBy.replaceAll('`', '');
      return `  ${tool.debianPackage.padEnd(width)}  ${where}${other}: ${why}`;
    })
    .join('\n');
}

/**
 * One shell run as root: the package lists, then the packages (`"$@"`) in one install, then each
 * `PACKAGE=FOLDER` unpacked into its folder, its dependencies installed. A `policy-rc.d` that
 * exits 101 stops the packages' scripts from starting their services (nginx and Apache on port
 * 80); the tests start their own servers. One already there stays.
 */
const APT_SCRIPT = `set -e
apt-get update -q
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\\nexit 101\\n' > /usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
install=
for each in "$@"; do case "$each" in *=*) ;; *) install="$install $each" ;; esac; done
[ -z "$install" ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -q $install
for each in "$@"; do
  case "$each" in *=*) ;; *) continue ;; esac
  deb=$(mktemp -d)
  (cd "$deb" && apt-get download -q -o APT::Sandbox::User=root "\${each%%=*}")
  DEBIAN_FRONTEND=noninteractive apt-get satisfy -y -q "$(dpkg-deb -f "$deb"/*.deb Depends)"
  rm -rf "\${each#*=}" && mkdir -p "\${each#*=}" && dpkg-deb -x "$deb"/*.deb "\${each#*=}"
  rm -rf "$deb"
done`;

export interface Machine extends MachineView {
  readonly isRoot: boolean;
  /** Runs a command, its output shown; its exit status. */
  run(command: string, args: readonly string[]): number;
  log(text: string): void;
}

/**
 * Makes sure every tool is there: installs what is missing with apt-get, or, without it or with
 * `NO_SYSTEM_INSTALL=1`, names what to install. The exit status for `npm test`.
 */
export function ensureSystemTools(
  machine: Machine,
  tools: readonly SystemTool[] = SYSTEM_TOOLS,
): number {
  const missing = missingTools(machine, tools);
  if (missing.length === 0) return 0;

  const refusal =
    machine.env.NO_SYSTEM_INSTALL && machine.env.NO_SYSTEM_INSTALL !== '0'
      ? 'NO_SYSTEM_INSTALL is set'
      : !onPath('apt-get', machine)
        ? 'this system has no apt-get'
        : !machine.isRoot && !onPath('sudo', machine)
          ? 'this user is not root and there is no sudo'
          : undefined;
  if (refusal) {
    machine.log(
      `npm test needs these Debian packages, which are missing:\n${describeTools(missing)}\n` +
        `Nothing was installed: ${refusal}. Install them, then run npm test again:\n` +
        `  ${installCommand(missing, machine.isRoot)}`,
    );
    return 1;
  }

  machine.log(`npm test installs the Debian packages it needs:\n${describeTools(missing)}`);
  const words = missing.map((tool) =>
    tool.unpackInto
      ? `${tool.debianPackage}=${join(PROJECT, tool.unpackInto)}`
      : tool.debianPackage,
  );
  const shell = ['sh', '-c', APT_SCRIPT, 'sh', ...words];
  const [command, ...args] = machine.isRoot ? shell : ['sudo', ...shell];
  const status = machine.run(command!, args);
  const stillMissing = missingTools(machine, missing);
  if (stillMissing.length === 0) return 0;
  machine.log(`apt-get ended with ${status}; still missing:\n${describeTools(stillMissing)}`);
  return 1;
}

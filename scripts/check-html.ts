import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { installCommand, systemTool } from '../system-tools/system-tools.ts';
import {
  failingMessages,
  isAllowedMessage,
  type CheckerMessage,
} from '../testing/html-validity.ts';

/**
 * `npm run check:html`: the W3C Nu HTML Checker, run with `$JAVA` or `java`, over every HTML file in
 * `dist/`. Fails, listing file, line and message, on any error but the one the routes make unavoidable.
 */

const dist = resolve(process.argv[2] ?? 'dist');
const files = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .map((file) => join(dist, file));
if (files.length === 0) {
  console.error(`No HTML files in ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}

const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const java = process.env['JAVA'] ?? 'java';
const run = spawnSync(java, ['-jar', jar, '--format', 'json', '--stdout', ...files], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error) {
  console.error(
    `Cannot run the HTML checker with "${java}": ${run.error.message}\n` +
      `It needs Java 11 or newer: on Debian or Ubuntu \`${installCommand([systemTool('default-jre-headless')], false)}\`, ` +
      'or set $JAVA to a java binary.',
  );
  process.exit(1);
}

let messages: CheckerMessage[];
try {
  messages = (JSON.parse(run.stdout) as { messages: CheckerMessage[] }).messages;
} catch {
  console.error(`The HTML checker did not answer in JSON:\n${run.stdout}${run.stderr}`);
  process.exit(1);
}

const failing = failingMessages(messages);
const name = (url = '') => relative(process.cwd(), url.replace(/^file:/, ''));
for (const message of failing) {
  console.error(`${name(message.url)}:${message.lastLine ?? '?'}: ${message.message}`);
}
console.log(
  `HTML check of ${files.length} files: ${failing.length} errors` +
    ` (${messages.filter(isAllowedMessage).length} allowed: the links to a hash route with an anchor, such as #/home#contact).`,
);
process.exit(failing.length > 0 ? 1 : 0);

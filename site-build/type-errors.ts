// `tsc -b` checks a file once for each project that imports it, so one mistake is printed once per
// project; the owner should read it once.
const DIAGNOSTIC = /^\S.*\(\d+,\d+\): (error|warning|message) TS\d+:/;

/** The compiler's output with every diagnostic (its first line and the indented lines after it) once. */
export function withoutRepeats(output: string): string {
  const blocks: string[] = [];
  for (const line of output.split('\n')) {
    if (DIAGNOSTIC.test(line) || blocks.length === 0 || !/^\s/.test(line)) blocks.push(line);
    else blocks[blocks.length - 1] += `\n${line}`;
  }
  const seen = new Set<string>();
  return blocks.filter((block) => !seen.has(block) && seen.add(block)).join('\n');
}

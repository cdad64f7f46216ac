import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm test`: every check of the project, each an npm script, run side by side where they do not
 * need each other. A stage starts once the stages it comes `after` have passed (a stage whose
 * prerequisite failed is skipped). Each stage's output is kept and printed whole, under its name,
 * when it ends, so parallel output never interleaves; a table of the times closes the run, and the
 * run fails naming every stage that failed. To add a check, add its stage to the list below.
 */

interface Stage {
  /** Short name in the output and the final table. */
  name: string;
  /** The npm script the stage runs. */
  script: string;
  /** Stages that must have passed first. */
  after?: readonly string[];
}

const stages: readonly Stage[] = [
  { name: 'format', script: 'format:check' },
  { name: 'lint', script: 'lint' },
  { name: 'types', script: 'typecheck' },
  { name: 'unit', script: 'test:unit' },
  // The bundle alone: the types stage checks the types beside it (`npm run build` does both).
  { name: 'build', script: 'build:bundle' },
  // The visual tests' own build, of the specimen in e2e/visual-specimen/ (dist-visual/).
  { name: 'specimen', script: 'build:visual' },
  { name: 'budget', script: 'check:budget', after: ['build'] },
  { name: 'html', script: 'check:html', after: ['build'] },
  { name: 'e2e', script: 'test:e2e', after: ['build', 'specimen'] },
  { name: 'deploy', script: 'test:deploy', after: ['build'] },
  // On its own copy of the project, with other business facts and texts (scripts/content-proof.ts).
  { name: 'content-proof', script: 'test:content-proof', after: ['build'] },
];

type Outcome = 'passed' | 'failed' | 'skipped';

interface Result {
  outcome: Outcome;
  startedAt: number;
  seconds: number;
}

const runStartedAt = Date.now();
const secondsSince = (time: number) => (Date.now() - time) / 1000;
const results = new Map<string, Result>();
const running = new Map<string, number>();
const children = new Set<ChildProcess>();

// Colours survive the pipe when a person is watching.
const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;

function runStage(stage: Stage): Promise<void> {
  const startedAt = Date.now();
  running.set(stage.name, startedAt);
  console.log(`▶ ${stage.name} (npm run ${stage.script})`);
  const output: Buffer[] = [];
  const child = spawn('npm', ['run', '--silent', stage.script], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that stopping the run can stop everything the stage started.
    detached: true,
  });
  children.add(child);
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    const finish = (outcome: Outcome, note = '') => {
      children.delete(child);
      running.delete(stage.name);
      const seconds = secondsSince(startedAt);
      results.set(stage.name, { outcome, startedAt, seconds });
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      console.log(`\n── ${stage.name}: ${outcome} in ${seconds.toFixed(1)} s${note} ──`);
      if (text) console.log(text);
      const still = [...running.keys()];
      if (still.length > 0) console.log(`(still running: ${still.join(', ')})`);
      resolve();
    };
    child.on('error', (error) => finish('failed', ` (${error.message})`));
    child.on('close', (code, signal) =>
      finish(code === 0 ? 'passed' : 'failed', code === 0 ? '' : ` (${signal ?? `exit ${code}`})`),
    );
  });
}

/** Starts every stage whose prerequisites have passed; skips those whose prerequisite did not. */
async function runAll(): Promise<void> {
  const started = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  const launchReady = () => {
    for (const stage of stages) {
      if (started.has(stage.name)) continue;
      const prerequisites = (stage.after ?? []).map((name) => results.get(name)?.outcome);
      if (prerequisites.some((outcome) => outcome === 'failed' || outcome === 'skipped')) {
        started.add(stage.name);
        results.set(stage.name, { outcome: 'skipped', startedAt: Date.now(), seconds: 0 });
        console.log(`\n── ${stage.name}: skipped (after ${(stage.after ?? []).join(', ')}) ──`);
        continue;
      }
      if (prerequisites.every((outcome) => outcome === 'passed')) {
        started.add(stage.name);
        const promise = runStage(stage).then(() => {
          inFlight.delete(promise);
        });
        inFlight.add(promise);
      }
    }
  };
  launchReady();
  while (inFlight.size > 0) {
    // oxlint-disable-next-line no-await-in-loop -- each ending stage may let others start
    await Promise.race(inFlight);
    launchReady();
  }
}

function printSummary(): number {
  console.log('\nstage    result   start s  took s');
  for (const stage of stages) {
    const result = results.get(stage.name);
    if (!result) continue;
    const start =
      result.outcome === 'skipped' ? '' : ((result.startedAt - runStartedAt) / 1000).toFixed(1);
    console.log(
      `${stage.name.padEnd(8)} ${result.outcome.padEnd(8)} ${start.padStart(7)} ${result.seconds.toFixed(1).padStart(7)}`,
    );
  }
  const failed = stages.filter((stage) => results.get(stage.name)?.outcome !== 'passed');
  const total = `${secondsSince(runStartedAt).toFixed(1)} s`;
  if (failed.length > 0) {
    console.log(
      `\nnpm test failed in ${total}: ${failed.map((stage) => `${stage.name} (${results.get(stage.name)?.outcome})`).join(', ')}`,
    );
    return 1;
  }
  console.log(`\nnpm test passed in ${total}: ${stages.map((stage) => stage.name).join(', ')}`);
  return 0;
}

// A stopped run stops its stages too, with all they started (servers, browsers).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of children) {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        child.kill(signal);
      }
    }
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

await runAll();
process.exitCode = printSummary();

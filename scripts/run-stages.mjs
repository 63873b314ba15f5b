#!/usr/bin/env node
// Runs npm scripts in order, stopping at the first failure, and prints each one's duration:
//   node scripts/run-stages.mjs lint+typecheck test:unit 'unit tests=test:unit'
// (`label=script` names a stage differently from its script; `a+b` runs a and b at once,
// each one's output printed whole when it ends, for single-threaded stages on spare cores.)
// With STAGE_TIMES_FILE set, each stage's line is also appended there (.ci/run prints them all).
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const groups = process.argv.slice(2).map((group) => group.split('+'));
const lines = [];

function record(line) {
  lines.push(line);
  if (process.env.STAGE_TIMES_FILE) appendFileSync(process.env.STAGE_TIMES_FILE, `${line}\n`);
}

const stageLine = (name, status, seconds) =>
  `stage ${name.padEnd(36)} ${status.padEnd(6)} ${seconds.toFixed(1).padStart(7)} s`;

/** Runs one stage; alone it writes straight to the terminal, beside others it buffers. */
function runStage(stage, alone) {
  const [name, script] = stage.includes('=') ? stage.split('=') : [stage, stage];
  console.log(`\n==> ${name}`);
  const started = performance.now();
  const child = spawn('npm', ['run', script], { stdio: alone ? 'inherit' : 'pipe' });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    let finished = false;
    const finish = (ok) => {
      if (finished) return;
      finished = true;
      const seconds = (performance.now() - started) / 1000;
      if (!alone) process.stdout.write(`\n--- output of ${name} ---\n${Buffer.concat(output)}`);
      record(stageLine(name, ok ? 'passed' : 'FAILED', seconds));
      console.log(`<== ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve(ok);
    };
    child.on('error', () => finish(false));
    child.on('close', (status) => finish(status === 0));
  });
}

let failed = false;
for (const group of groups) {
  const results = await Promise.all(group.map((stage) => runStage(stage, group.length === 1)));
  if (results.includes(false)) {
    failed = true;
    break;
  }
}

console.log(`\n${lines.join('\n')}`);
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// Runs npm scripts in order, stopping at the first failure, and prints each one's duration:
//   node scripts/run-stages.mjs lint typecheck test:unit 'unit tests=test:unit'
// (`label=script` names a stage differently from its script.)
// With STAGE_TIMES_FILE set, each stage's line is also appended there (.ci/run prints them all).
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const stages = process.argv.slice(2);
const lines = [];

function record(line) {
  lines.push(line);
  if (process.env.STAGE_TIMES_FILE) appendFileSync(process.env.STAGE_TIMES_FILE, `${line}\n`);
}

const stageLine = (name, status, seconds) =>
  `stage ${name.padEnd(36)} ${status.padEnd(6)} ${seconds.toFixed(1).padStart(7)} s`;

let failed = false;
for (const stage of stages) {
  const [name, script] = stage.includes('=') ? stage.split('=') : [stage, stage];
  console.log(`\n==> ${name}`);
  const started = performance.now();
  const { status, error } = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  const ok = status === 0 && !error;
  record(stageLine(name, ok ? 'passed' : 'FAILED', seconds));
  console.log(`<== ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  if (!ok) {
    failed = true;
    break;
  }
}

console.log(`\n${lines.join('\n')}`);
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// Runs `npm run test:unit` several times in a row while scripts/busy-cores.mjs keeps every core
// busy, and reports each run: a test that fails here depends on timing.
//   node scripts/unit-under-load.mjs [runs=5] [-- extra vitest arguments]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const extra = dash === -1 ? [] : args.slice(dash + 1);
const runs = Number((dash === -1 ? args : args.slice(0, dash))[0] ?? 5);
const root = fileURLToPath(new URL('..', import.meta.url));

const busy = spawn(process.execPath, ['scripts/busy-cores.mjs'], { cwd: root, stdio: 'inherit' });
const stopBusy = () => busy.kill('SIGTERM');
let current;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopBusy();
    // The run is its own process group (detached): this stops npm, vitest and its workers.
    if (current) process.kill(-current.pid, 'SIGTERM');
    process.exit(130);
  });
}

function runOnce() {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'test:unit', '--', ...extra], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    current = child;
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => {
      current = undefined;
      resolve({ code, output });
    });
  });
}

// vitest's summary lines, without colour codes.
const summary = (output, label) =>
  stripVTControlCharacters(output)
    .split('\n')
    .find((line) => line.trimStart().startsWith(label))
    ?.trim() ?? '';

const results = [];
try {
  for (let run = 1; run <= runs; run++) {
    const started = Date.now();
    const { code, output } = await runOnce();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const failed = [
      ...new Set(
        stripVTControlCharacters(output)
          .split('\n')
          .filter((line) => /^\s*(FAIL|×)\s/.test(line))
          .map((line) => line.trim()),
      ),
    ];
    results.push({ run, code, seconds, tests: summary(output, 'Tests'), failed });
    console.log(`\n== run ${run}/${runs}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  }
} finally {
  stopBusy();
}

console.log('\nunit-under-load summary (every core busy):');
for (const { run, code, seconds, tests, failed } of results) {
  console.log(`  run ${run}: ${code === 0 ? 'passed' : 'FAILED'}  ${seconds} s  ${tests}`);
  for (const line of failed) console.log(`      ${line}`);
}
process.exit(results.every((result) => result.code === 0) ? 0 : 1);

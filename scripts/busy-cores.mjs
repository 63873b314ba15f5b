#!/usr/bin/env node
// Keeps every core busy, to find tests that depend on a fast machine.
//   node scripts/busy-cores.mjs            spin until stopped (Ctrl+C or SIGTERM)
//   node scripts/busy-cores.mjs 120        spin for 120 seconds
//   BUSY_THREADS=4 node scripts/busy-cores.mjs
import { availableParallelism } from 'node:os';
import { isMainThread, Worker } from 'node:worker_threads';

if (!isMainThread) {
  // Spin without allocating, so the load is CPU alone.
  let x = 0;
  for (;;) x = (x * 1103515245 + 12345) % 2147483648;
}

const seconds = Number(process.argv[2] ?? 0);
if (!Number.isFinite(seconds) || seconds < 0) {
  console.error('usage: node scripts/busy-cores.mjs [seconds]');
  process.exit(2);
}
const threads = Number(process.env.BUSY_THREADS) || availableParallelism();
const workers = Array.from({ length: threads }, () => new Worker(new URL(import.meta.url)));
console.log(
  `busy-cores: ${threads} spinning thread(s), pid ${process.pid}` +
    (seconds ? `, for ${seconds} s` : ', until stopped'),
);

function stop() {
  for (const worker of workers) void worker.terminate();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
if (seconds) setTimeout(stop, seconds * 1000);

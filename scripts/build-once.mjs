// Builds the app unless its dist/ folders were built from these very sources: the browser
// tests, the cluster test and the bench each need a production build, and a CI run that
// passes through all three makes it once.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';

const STAMP = 'apps/server/dist/.sources-hash';
const INPUTS = ['apps/web', 'apps/server', 'packages/shared', 'package-lock.json'];

/** A hash of every file the build reads (tracked or new, as git sees them) and its name. */
function sourcesHash() {
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', ...INPUTS],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
    .split('\0')
    // A deleted file still listed, or a link to a folder (a linked node_modules), is no source.
    .filter((file) => file && existsSync(file) && statSync(file).isFile())
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(file));
  return hash.digest('hex');
}

const hash = sourcesHash();
const built =
  existsSync('apps/web/dist/index.html') &&
  existsSync(STAMP) &&
  readFileSync(STAMP, 'utf8') === hash;
if (built) {
  console.log('The production build is up to date with the sources.');
} else {
  const { status } = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
  writeFileSync(STAMP, hash);
}

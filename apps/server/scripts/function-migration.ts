// Writes a migration of the database functions whose source (src/db/functions/*.sql) changed
// since the migrations last defined them:
//   npm run db:functions -w @themis/server -- <migration name>
// A function removed from the sources needs its DROP FUNCTION written by hand.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { functionsToMigrate, readFunctionSources } from '../src/db/function-sources';
import { MIGRATIONS_DIR } from '../src/paths';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:functions -w @themis/server -- <migration_name>');
  process.exit(2);
}
const changed = functionsToMigrate(MIGRATIONS_DIR);
if (changed.length === 0) {
  console.warn('Every function source matches its migration: nothing to write.');
  process.exit(0);
}
execFileSync('npx', ['drizzle-kit', 'generate', '--custom', `--name=${name}`], {
  stdio: 'inherit',
});
const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const file = join(MIGRATIONS_DIR, `${journal.entries.at(-1)!.tag}.sql`);
const sources = readFunctionSources();
writeFileSync(
  file,
  changed.map((fn) => sources.get(fn)!.trimEnd()).join('\n--> statement-breakpoint\n\n') + '\n',
);
console.warn(`${file}: ${changed.join(', ')}`);

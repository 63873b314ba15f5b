import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The database functions are written once, in src/db/functions/<name>.sql (a CREATE OR
// REPLACE FUNCTION <name> with its comments); a migration carries a copy of each source that
// changed (npm run db:functions -w @themis/server -- <migration name>).

const FUNCTIONS_DIR = fileURLToPath(new URL('./functions', import.meta.url));

/** Each function's source text, by name. */
export function readFunctionSources(dir = FUNCTIONS_DIR): Map<string, string> {
  const names = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  return new Map(names.map((file) => [file.slice(0, -4), readFileSync(join(dir, file), 'utf8')]));
}

const createStatement = (name: string) =>
  new RegExp(`CREATE (?:OR REPLACE )?FUNCTION ${name}\\(.*?\\$\\$.*?\\$\\$;`, 'gs');

/** A function's CREATE statement, its comments and spacing aside, as `OR REPLACE`. */
function definitionOf(name: string, text: string): string | undefined {
  const statement = [...text.matchAll(createStatement(name))].at(-1)?.[0];
  return statement
    ?.replace(/^CREATE FUNCTION/, 'CREATE OR REPLACE FUNCTION')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The migrations' SQL files, oldest first. */
function migrationTexts(migrationsDir: string): string[] {
  return readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => readFileSync(join(migrationsDir, file), 'utf8'));
}

/** The names of the functions whose source differs from the last definition migrated. */
export function functionsToMigrate(migrationsDir: string, dir = FUNCTIONS_DIR): string[] {
  const migrations = migrationTexts(migrationsDir);
  return [...readFunctionSources(dir)]
    .filter(([name, source]) => {
      const migrated = migrations.map((text) => definitionOf(name, text)).findLast(Boolean);
      return migrated !== definitionOf(name, source);
    })
    .map(([name]) => name);
}

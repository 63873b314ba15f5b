import { loadConfig, ConfigError } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { isArchiveCommand, runArchiveCommand } from './operator/backup-commands';
import { OperatorCommandError, runOperatorCommand, USAGE } from './operator/commands';
import { sendToRunningServer } from './operator/operator-socket';
import { keepDataPrivate } from './private-files';

async function runLocally(args: string[]): Promise<string> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const answer = await sendToRunningServer(config, args);
    if (answer) {
      if (answer.status !== 200)
        throw new OperatorCommandError(answer.error ?? 'the command failed');
      return answer.output ?? '';
    }
  }
  if (!config.databaseUrl) await keepDataPrivate(config.dataDir);
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    return (await runOperatorCommand({ db: database.db, config, now: new Date(), args })).output;
  } finally {
    await database.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const output = isArchiveCommand(args)
    ? await runArchiveCommand({ config: loadConfig(), args, now: new Date() })
    : await runLocally(args);
  console.log(output);
}

main().catch((error: unknown) => {
  if (error instanceof OperatorCommandError) {
    console.error(`Error: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

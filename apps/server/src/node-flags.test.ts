import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../node-flags.mjs';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** The flags between `node` and the server's entry in a command line. */
function flagsOf(command: string): string[] {
  const match = /node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(command);
  if (!match) throw new Error(`no start of the server in: ${command}`);
  return match[1]!.trim().split(' ').filter(Boolean);
}

// The starts that are not JavaScript (the bench, the local cluster and the browser tests
// import the list) must say the same.
describe('the V8 settings the server is started with', () => {
  it('are those of npm run serve', async () => {
    const scripts = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).scripts;
    expect(flagsOf(scripts.serve)).toEqual(SERVER_NODE_FLAGS);
  });

  it('are those of the systemd unit', async () => {
    const unit = await readFile(join(ROOT, 'deploy', 'systemd', 'themis@.service'), 'utf8');
    const execStart = unit.split('\n').find((line) => line.startsWith('ExecStart='))!;
    expect(flagsOf(execStart)).toEqual(SERVER_NODE_FLAGS);
  });
});

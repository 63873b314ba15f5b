// Browser tests drive Debian's Chromium. Install it when missing (as root), otherwise
// say how: Playwright's own browser download cannot work without internet access.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH as CHROMIUM } from './chromium.mjs';

if (existsSync(CHROMIUM)) process.exit(0);
if (process.getuid?.() !== 0) {
  console.error(
    `Chromium was not found at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n` +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}
console.log('Installing Chromium from Debian packages for the browser tests...');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
  stdio: 'inherit',
});
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}

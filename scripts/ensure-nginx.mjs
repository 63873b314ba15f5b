// The cluster tests put Debian's nginx in front of the instances. Install it when missing
// (as root), otherwise say how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

if (existsSync(NGINX)) process.exit(0);
if (process.getuid?.() !== 0) {
  console.error(
    `nginx was not found at ${NGINX}. Install it with:\n  sudo apt-get update && sudo apt-get install -y nginx-light\n` +
      'or point NGINX_PATH at an nginx binary.',
  );
  process.exit(1);
}
console.log('Installing nginx from Debian packages for the cluster tests...');
execSync(
  'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light',
  { stdio: 'inherit' },
);
if (!existsSync(NGINX)) {
  console.error(`apt-get finished but ${NGINX} is still missing.`);
  process.exit(1);
}

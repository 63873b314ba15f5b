import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The deployment guide's TLS site, as an operator installs it, is valid for this machine's
// nginx: its snippet and a certificate in place, `nginx -t` accepts it.

const run = promisify(execFile);
const DEPLOY = join(resolve(import.meta.dirname, '..', '..', '..', '..'), 'deploy', 'nginx');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'themis-nginx-site-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

it('passes nginx -t with its snippet and a certificate', async () => {
  const cert = join(work, 'fullchain.pem');
  const key = join(work, 'privkey.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=themis.example.com',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  const site = (await readFile(join(DEPLOY, 'themis.conf'), 'utf8'))
    .replace('/etc/nginx/snippets/themis-proxy.conf', join(DEPLOY, 'themis-proxy.conf'))
    .replace('/etc/letsencrypt/live/themis.example.com/fullchain.pem', cert)
    .replace('/etc/letsencrypt/live/themis.example.com/privkey.pem', key);
  expect(site).not.toMatch(/letsencrypt|snippets/);
  await writeFile(join(work, 'themis.conf'), site);
  const conf = join(work, 'nginx.conf');
  await writeFile(
    conf,
    `pid ${join(work, 'nginx.pid')};
error_log ${join(work, 'error.log')};
events {}
http {
  client_body_temp_path ${join(work, 'body')};
  proxy_temp_path ${join(work, 'proxy')};
  include ${join(work, 'themis.conf')};
}
`,
  );
  const { stderr } = await run(NGINX, ['-t', '-p', work, '-c', conf]);
  expect(stderr).toContain('test is successful');
});

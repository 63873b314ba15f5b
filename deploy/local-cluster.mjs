// Several Themis instances behind nginx on one machine: what docs/deployment.md's "Try it on
// one machine" runs (`node deploy/local-cluster.mjs --env deploy/local-cluster.env`), and
// what the cluster tests start their instances and nginx with.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER = join(ROOT, 'apps', 'server', 'dist', 'main.js');
const PROXY_SNIPPET = join(ROOT, 'deploy', 'nginx', 'themis-proxy.conf');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** The bucket the local S3 server makes at its start. */
const LOCAL_BUCKET = 'themis-uploads';
/** s3rver's fixed account: it checks request signatures against it. */
const LOCAL_S3_KEY = 'S3RVER';

/** Waits until `url` answers 2xx. */
export async function untilUp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** One instance (`node apps/server/dist/main.js`) with `env` over this process's environment. */
export async function startInstance({ name, port, env }) {
  let output = '';
  let exit = Promise.resolve(null);
  const instance = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    process: undefined,
    output: () => output,
    exited: () => exit,
    async restart() {
      launch();
      await untilUp(`${instance.url}/api/health`);
    },
  };
  function launch() {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER], {
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    exit = new Promise((done) => child.once('exit', (code) => done(code)));
    instance.process = child;
  }
  launch();
  try {
    await untilUp(`${instance.url}/api/health`);
  } catch (error) {
    instance.process.kill('SIGKILL');
    throw new Error(`${name} did not start:\n${output}`, { cause: error });
  }
  return instance;
}

/**
 * nginx in the foreground on 127.0.0.1:`port`, its files in `work`, balancing `instancePorts`
 * with no sticky sessions through the production site's own proxy settings. `ownGroup` keeps
 * it out of the terminal's Ctrl-C, for a caller that stops it after the instances.
 */
export async function startNginx({ work, port, instancePorts, ownGroup = false }) {
  const conf = join(work, 'nginx.conf');
  const servers = instancePorts
    .map((instancePort) => `    server 127.0.0.1:${instancePort} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  await writeFile(
    conf,
    `worker_processes 1;
pid ${join(work, 'nginx.pid')};
error_log ${join(work, 'nginx-error.log')} warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(work, 'client-body')};
  proxy_temp_path ${join(work, 'proxy')};
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  upstream themis {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    include ${PROXY_SNIPPET};
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', work, '-c', conf], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownGroup,
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  try {
    await untilUp(`http://127.0.0.1:${port}/api/health`, 15_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`nginx did not start:\n${output}`, { cause: error });
  }
  return child;
}

/** KEY=VALUE lines; blank lines and # comments skipped, quotes around a value removed. */
export function parseEnvFile(text) {
  const env = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith('#')) continue;
    env[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return env;
}

/**
 * A local S3 server (s3rver, a development package) keeping the files in `dir`. Its own
 * process: it needs OpenSSL's legacy provider for its listing tokens. Its own process group
 * too, out of the terminal's Ctrl-C: it is stopped after the instances.
 */
async function startLocalS3(dir) {
  await mkdir(dir, { recursive: true });
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const args = [
    '--openssl-legacy-provider',
    bin,
    ...['-d', dir, '-a', '127.0.0.1', '-p', '0', '--configure-bucket', LOCAL_BUCKET],
  ];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const port = await new Promise((done, fail) => {
    const onData = (chunk) => {
      output += String(chunk);
      const match = /listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (match) done(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => fail(new Error(`s3rver exited with ${code}:\n${output}`)));
  });
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: LOCAL_BUCKET,
    S3_ACCESS_KEY_ID: LOCAL_S3_KEY,
    S3_SECRET_ACCESS_KEY: LOCAL_S3_KEY,
  };
  return { env, process: child };
}

/** SIGTERM to each running child, SIGKILL to those still running after `limitMs`. */
async function stopChildren(children, limitMs) {
  const running = children.filter((child) => child.exitCode === null && !child.signalCode);
  const exits = running.map((child) => new Promise((done) => child.once('exit', done)));
  for (const child of running) child.kill('SIGTERM');
  const timer = setTimeout(() => running.forEach((child) => child.kill('SIGKILL')), limitMs);
  await Promise.all(exits);
  clearTimeout(timer);
}

/** An instance exits by itself within 35 s of SIGTERM; systemd's unit waits 45 s. */
const INSTANCE_STOP_LIMIT_MS = 45_000;

const USAGE = `Usage: node deploy/local-cluster.mjs --env FILE [--instances 2] [--first-port 5173]
                                    [--port 8080] [--work data/local-cluster]
Starts the instances on PostgreSQL and Redis (DATABASE_URL, REDIS_URL in FILE) behind nginx;
LOCAL_S3_DIR in FILE runs a local S3 server for the files. Ctrl-C stops them all.`;

async function main() {
  const { values } = parseArgs({
    options: {
      env: { type: 'string' },
      instances: { type: 'string', default: '2' },
      'first-port': { type: 'string', default: '5173' },
      port: { type: 'string', default: '8080' },
      work: { type: 'string', default: join('data', 'local-cluster') },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.env) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const env = parseEnvFile(await readFile(values.env, 'utf8'));
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'APP_SECRET', 'PUBLIC_URL']) {
    if (!env[name]) throw new Error(`${values.env} sets no ${name}: see docs/deployment.md`);
  }
  if (!existsSync(SERVER)) throw new Error('apps/server/dist is missing: run npm run build');
  if (!existsSync(NGINX))
    throw new Error(`no nginx at ${NGINX}: run node scripts/ensure-nginx.mjs`);
  const work = resolve(values.work);
  await mkdir(work, { recursive: true });

  const instances = [];
  /** nginx and the S3 server, which the instances use until they have stopped. */
  const services = [];
  let stopping = false;
  async function stop(code) {
    if (stopping) return;
    stopping = true;
    // The instances first, as systemd would stop them: the answers being written finish or
    // end as errors, and the requests they are serving finish, through nginx, with the files
    // on the S3 server. (A terminal's Ctrl-C reaches them too; they take it as SIGTERM.)
    console.log('Stopping the instances (the answers being written get 20 s)');
    await stopChildren(instances, INSTANCE_STOP_LIMIT_MS);
    console.log('The instances stopped; stopping nginx and the S3 server');
    await stopChildren(services, 10_000);
    process.exit(code);
  }
  // A closed terminal (SIGHUP) would otherwise leave nginx and the S3 server running.
  process.stdout.on('error', () => undefined);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => void stop(0));

  try {
    if (env.LOCAL_S3_DIR) {
      const s3 = await startLocalS3(resolve(env.LOCAL_S3_DIR));
      services.push(s3.process);
      Object.assign(env, s3.env);
    }
    const firstPort = Number(values['first-port']);
    const instancePorts = Array.from({ length: Number(values.instances) }, (_, i) => firstPort + i);
    for (const [index, port] of instancePorts.entries()) {
      const name = `instance-${index + 1}`;
      const dataDir = join(work, name);
      const instance = await startInstance({ name, port, env: { ...env, DATA_DIR: dataDir } });
      instances.push(instance.process);
      instance.process.once('exit', (code) => {
        if (!stopping) console.error(`${name} exited (${code}):\n${instance.output()}`);
      });
      console.log(`${name} is up on ${instance.url}`);
    }
    const port = Number(values.port);
    services.push(await startNginx({ work, port, instancePorts, ownGroup: true }));
    console.log(`Themis is served through nginx at http://127.0.0.1:${port}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();

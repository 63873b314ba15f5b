// What the benches that seed a database share: an account made through the API, and a
// script run under tsx with the server's own code against the stopped server's database.
import { spawn } from 'node:child_process';

/** Signed up and activated through the API (activation signs in): its cookie and id. */
export async function activatedAccount({ post, lastCode, cookiesOf }, label) {
  const email = `bench.${label}.${Date.now()}@example.com`;
  const password = 'Bench-Pass-123';
  const body = { email, password, password_confirmation: password, terms_accepted: true };
  await post('/api/auth/register', { ...body, language: 'en' });
  const activated = await post('/api/auth/activate', { email, code: await lastCode(email) });
  const { access } = cookiesOf(activated);
  if (!access) throw new Error(`bench account ${label} not activated`);
  return { access, userId: (await activated.json()).user.pk };
}

/** `script` in `mode` with `env` added; the JSON of its last line of output. */
export function databaseSide(script, mode, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, mode], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)))
        : reject(new Error(`${script} ${mode} exited with ${code}`)),
    );
  });
}

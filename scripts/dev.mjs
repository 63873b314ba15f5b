// Development mode: the API server reloads on change (port 5174) and Vite serves the web
// app with hot reload on 5173, proxying /api, /ws and /dev to the server.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@themis/server'], {
    stdio: 'inherit',
    env: {
      PORT: '5174',
      PUBLIC_URL: 'http://localhost:5173',
      DATA_DIR: resolve('data'),
      ...process.env,
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@themis/web'], { stdio: 'inherit' }),
];

const stopAll = (code = 0) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll());
process.on('SIGTERM', () => stopAll());

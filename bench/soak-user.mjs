// One simulated user of the soak bench (bench/soak.mjs): an account on a trusted device and
// what the browser does for it over HTTP and /ws. Each user comes from an address of its own
// (X-Forwarded-For, believed from loopback), as people in many places would, so the per-address
// limits on sign-ups and codes apply to each one rather than to the bench as a whole.
import WebSocket from 'ws';
import { onePagePdf } from '../apps/server/test/hostile-files.mjs';

const PASSWORD = 'Bench-Pass-123';
const ASK_TIMEOUT_MS = 60_000;
const PDF = onePagePdf(
  Buffer.from('BT /F1 12 Tf 72 720 Td (Umowa najmu lokalu: kaucja 2000 zl) Tj ET', 'latin1'),
);

/** A request failure worth counting: the operation, the status and the error code. */
export class SoakError extends Error {}

function cookiesOf(response) {
  return Object.fromEntries(response.headers.getSetCookie().map((c) => c.split(';')[0].split('=')));
}

function cookieHeader(user) {
  return Object.entries(user.cookies)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/** `method path` as `user`; the JSON answer, or a SoakError naming the status and code. */
export async function call(base, user, method, path, body) {
  const headers = { cookie: cookieHeader(user), 'x-forwarded-for': user.ip };
  let payload = body;
  if (body !== undefined && !(body instanceof FormData)) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${base}${path}`, { method, headers, body: payload });
  const text = await res.text();
  if (!res.ok) {
    const detail = /"detail":"([^"]+)"/.exec(text)?.[1] ?? text.slice(0, 80);
    throw new SoakError(
      `${method} ${path.replace(/[0-9a-f-]{36}/g, ':pk')}: ${res.status} ${detail}`,
    );
  }
  Object.assign(user.cookies, cookiesOf(res));
  return text ? JSON.parse(text) : undefined;
}

/**
 * Signed up, activated, and signed in once with the e-mailed code on a trusted device, so
 * that later sign-ins are the password alone, as a returning user's are.
 */
export async function createUser({ base, lastCode }, index) {
  const user = {
    index,
    email: `soak.${index}.${Date.now()}@example.com`,
    ip: `10.${77 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`,
    cookies: {},
    asked: 0,
  };
  const { email } = user;
  await call(base, user, 'POST', '/api/auth/register', {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms_accepted: true,
    language: 'en',
  });
  const activation = await lastCode(email);
  await call(base, user, 'POST', '/api/auth/activate', { email, code: activation });
  const login = await call(base, user, 'POST', '/api/auth/login', { email, password: PASSWORD });
  await call(base, user, 'POST', '/api/auth/login/confirm', {
    challenge_token: login.challenge_token,
    code: await lastCode(email, activation),
    trust_device: true,
  });
  if (!user.cookies.device) throw new Error(`soak user ${index}: no trusted device`);
  return user;
}

/** Signs out this session and in again with the password on the trusted device. */
export async function signIn(base, user) {
  await call(base, user, 'POST', '/api/auth/logout');
  const answer = await call(base, user, 'POST', '/api/auth/login', {
    email: user.email,
    password: PASSWORD,
  });
  if (answer.status !== 'authenticated') throw new SoakError(`sign_in: ${answer.status}`);
}

export function connect(base, user) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      origin: base,
      headers: { cookie: cookieHeader(user), 'x-forwarded-for': user.ip },
    });
    socket.once('open', () => resolve(socket));
    socket.once('error', (error) => reject(new SoakError(`ws connect: ${error.message}`)));
  });
}

/**
 * A one-page pdf with a line of text; its id goes with the next question. Not an image: the
 * bench's model reads no images, and a question with one is refused (attachment_not_supported).
 */
export async function upload(base, user, conversationPk) {
  const form = new FormData();
  form.append('file', new Blob([PDF]), 'umowa.pdf');
  const path = `/api/conversation/attachment/upload/${conversationPk}`;
  return (await call(base, user, 'POST', path, form)).pk;
}

/**
 * chat.send on the user's socket; resolves with the time to the first delta and to chat.done
 * (ms), rejects on an error frame, a closed socket, an answer not 'complete', or a timeout.
 */
export function ask({ user, conversationPk, attachmentPks, model }) {
  const { socket } = user;
  const requestId = `soak-${user.index}-${++user.asked}`;
  return new Promise((resolve, reject) => {
    const sentAt = performance.now();
    let firstDelta;
    const finish = (error) => {
      clearTimeout(timer);
      socket.off('message', onMessage);
      socket.off('close', onClose);
      if (error) reject(new SoakError(error));
      else resolve({ firstDelta, done: performance.now() - sentAt });
    };
    const timer = setTimeout(() => finish('ask: no chat.done within 60 s'), ASK_TIMEOUT_MS);
    const onClose = (code) => finish(`ask: socket closed (${code})`);
    const onMessage = (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'error' && (!frame.request_id || frame.request_id === requestId)) {
        finish(`ask: error frame ${frame.detail}`);
      } else if (frame.conversation_pk !== conversationPk) {
        return;
      } else if (frame.type === 'chat.delta') {
        firstDelta ??= performance.now() - sentAt;
      } else if (frame.type === 'chat.done') {
        const { status, error_code: code } = frame.message;
        finish(status === 'complete' ? undefined : `ask: answer ${status} ${code ?? ''}`.trim());
      }
    };
    socket.on('message', onMessage);
    socket.once('close', onClose);
    socket.send(
      JSON.stringify({
        type: 'chat.send',
        request_id: requestId,
        conversation_pk: conversationPk,
        content: 'Can my landlord keep the deposit for wear and tear?',
        model_id: model,
        attachment_pks: attachmentPks,
        language: 'en',
      }),
    );
  });
}

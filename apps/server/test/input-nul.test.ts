import { describe, expect, it } from 'vitest';
import { signedUpClient } from './accounts';
import { multipartBody } from './multipart';
import {
  chatHarnessForFile,
  createConversation,
  messageRowsOf,
  sendFrame,
  signedInTab,
} from './chat-harness';

/** A NUL character, which PostgreSQL text cannot hold, inside what a person types. */
const NUL = '\u0000';
const PERSONAL = ['Zofia', 'Wiśniewska', 'umowa najmu lokalu'];

const h = chatHarnessForFile();

const invalid = (field: string) => ({
  detail: 'validation_error',
  errors: { [field]: ['invalid'] },
});

describe('a NUL character in input', () => {
  it('is refused as invalid input on every text the API stores or searches, with nothing written', async () => {
    const { client, user } = await signedUpClient(h.t);
    const conversation = await createConversation(h.t, user.pk, 'Before');

    const search = await client.get(
      `/api/conversation/search?q=${encodeURIComponent(`umowa${NUL}`)}`,
    );
    expect([search.statusCode, search.json()]).toEqual([400, invalid('q')]);

    const rename = await client.put(`/api/conversation/rename/${conversation}`, {
      name: `Sprawa${NUL}`,
    });
    expect([rename.statusCode, rename.json()]).toEqual([400, invalid('name')]);
    expect((await client.get(`/api/conversation/get/${conversation}`)).json().name).toBe('Before');

    const details = await client.put('/api/user/update', {
      name: `${PERSONAL[0]}${NUL}`,
      surname: PERSONAL[1],
    });
    expect([details.statusCode, details.json()]).toEqual([400, invalid('name')]);
    const asForm = await client.request({
      method: 'PUT',
      url: '/api/user/update',
      ...multipartBody([
        { name: 'name', value: `${PERSONAL[0]}${NUL}` },
        { name: 'surname', value: PERSONAL[1]! },
      ]),
    });
    expect(asForm.statusCode).toBe(400);
    expect((await client.get('/api/user/get')).json().name ?? '').not.toContain(PERSONAL[0]);

    const feedback = await client.post('/api/feedback/create', {
      type: 'info',
      message: `${PERSONAL[2]}${NUL}`,
    });
    expect([feedback.statusCode, feedback.json()]).toEqual([400, invalid('message')]);
  });

  it('in a path, or bytes that are not UTF-8 there, names nothing: 404 not_found', async () => {
    const { client } = await signedUpClient(h.t);
    for (const url of [
      '/api/conversation/get/%00',
      '/api/conversation/attachment/delete/ab%00cd',
      '/api/user/avatar/%ED%A0%80',
    ]) {
      const res = await client.request({ method: url.includes('delete') ? 'DELETE' : 'GET', url });
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { detail: 'not_found' }]);
    }
  });

  it('in a question over the socket is refused as an invalid frame and the socket goes on', async () => {
    const { tab, conversationPk } = await signedInTab(h);
    const frame = sendFrame(conversationPk, { content: `${PERSONAL[2]}${NUL}` });
    tab.send(frame);
    expect(await tab.next('error', (f) => f.request_id === frame.request_id)).toEqual({
      type: 'error',
      detail: 'validation_error',
      request_id: frame.request_id,
      conversation_pk: conversationPk,
    });
    expect(await messageRowsOf(h.t, conversationPk)).toHaveLength(0);
    tab.send({ type: 'ping', id: 'still' });
    await tab.next('pong');
    tab.close();
  });

  it('leaves no error and no personal data in the log', () => {
    const log = h.t.logs.join('');
    expect(log).not.toMatch(/"level":50/);
    for (const text of PERSONAL) expect(log).not.toContain(text);
  });
});

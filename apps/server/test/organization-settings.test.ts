import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelInfo, Organization } from '@themis/shared';
import { CONTEXT_CHANGED_CLOSE, CONTEXT_UPDATED_CLOSE } from '../src/platform/realtime/websocket';
import type { Client } from './accounts';
import { png } from './avatar-fixtures';
import {
  ANTHROPIC_MODEL,
  chatHarnessForFile,
  connectSocket,
  OPENAI_MODEL,
  sendFrame,
} from './chat-harness';
import { streamOpenAiAnswer } from './llm-upstreams';
import { multipartBody } from './multipart';
import { firm, membershipOf } from './organization-fixtures';

const h = chatHarnessForFile();
beforeAll(() => {
  h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: ['Yes.'] }));
});

const update = (client: Client, organizationId: string, body: object) =>
  client.put(`/api/organization/update/${organizationId}`, body);
const modelIds = async (client: Client) =>
  ((await client.get('/api/model/list')).json() as ModelInfo[]).map((model) => model.id);

describe('organization settings', () => {
  it('changes the name and the switches for owners and admins only', async () => {
    const { organizationId, owner, member } = await firm(h.t, ['MEMBER']);
    const res = await update(owner.client, organizationId, {
      name: ' Kancelaria Nowak i Wspólnicy ',
      is_encryption_forced: true,
      is_sharing_outside_allowed: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Kancelaria Nowak i Wspólnicy',
      is_encryption_forced: true,
      is_sharing_outside_allowed: true,
    });
    const seen = (await member.client.get('/api/organization/get-current')).json() as Organization;
    expect(seen.name).toBe('Kancelaria Nowak i Wspólnicy');

    const refused = await update(member.client, organizationId, { name: 'Mine now' });
    expect([refused.statusCode, refused.json()]).toEqual([403, { detail: 'forbidden' }]);
    for (const name of ['A', 'x'.repeat(51)]) {
      const bad = await update(owner.client, organizationId, { name });
      expect([bad.statusCode, bad.json().detail]).toEqual([400, 'validation_error']);
    }
    expect(
      ((await owner.client.get('/api/organization/get-current')).json() as Organization).name,
    ).toBe('Kancelaria Nowak i Wspólnicy');
  });

  it('takes the fields and a new logo from form data, and removes the logo', async () => {
    const { organizationId, owner } = await firm(h.t, ['MEMBER']);
    const form = multipartBody([
      { name: 'name', value: 'Kancelaria z logo' },
      { name: 'is_sharing_outside_allowed', value: 'true' },
      { name: 'allowed_models', value: JSON.stringify([OPENAI_MODEL]) },
      { name: 'avatar', data: await png(), filename: 'logo.png', contentType: 'image/png' },
    ]);
    const res = await owner.client.request({
      method: 'PUT',
      url: `/api/organization/update/${organizationId}`,
      ...form,
    });
    expect(res.statusCode, res.body).toBe(200);
    const organization = res.json() as Organization;
    expect(organization).toMatchObject({
      name: 'Kancelaria z logo',
      is_sharing_outside_allowed: true,
      allowed_models: [OPENAI_MODEL],
    });
    const logo = new URL(organization.avatar_url!).pathname;
    expect((await owner.client.get(logo)).statusCode).toBe(200);

    const removed = await owner.client.request({
      method: 'PUT',
      url: `/api/organization/update/${organizationId}`,
      ...multipartBody([
        { name: 'avatar', value: '' },
        { name: 'allowed_models', value: '' },
      ]),
    });
    expect(removed.json()).toMatchObject({ avatar_url: null, allowed_models: null });
    expect((await owner.client.get(logo)).statusCode).toBe(404);
  });

  it('limits the models members see and may ask, in its context only', async () => {
    const { organizationId, owner, member } = await firm(h.t, ['MEMBER']);
    expect(await modelIds(member.client)).toEqual(
      expect.arrayContaining([OPENAI_MODEL, ANTHROPIC_MODEL]),
    );
    const unknown = await update(owner.client, organizationId, {
      allowed_models: ['openai:not-listed'],
    });
    expect([unknown.statusCode, unknown.json().detail]).toEqual([400, 'validation_error']);

    const tab = await connectSocket(h, member.client.jar.get('access'));
    const res = await update(owner.client, organizationId, { allowed_models: [OPENAI_MODEL] });
    expect(res.statusCode, res.body).toBe(200);
    // The member's open tab reconnects into the new list, in the same context.
    expect(await tab.closed).toBe(CONTEXT_UPDATED_CLOSE);
    expect(await modelIds(member.client)).toEqual([OPENAI_MODEL]);
    expect(await modelIds(owner.client)).toEqual([OPENAI_MODEL]);
    // The managers still choose among every model offered.
    const choices = await owner.client.get(`/api/organization/model-choices/${organizationId}`);
    expect(choices.json().map((model: { id: string }) => model.id)).toEqual(
      expect.arrayContaining([OPENAI_MODEL, ANTHROPIC_MODEL]),
    );

    const conversation = (await member.client.post('/api/conversation/create', {})).json().pk;
    const again = await connectSocket(h, member.client.jar.get('access'));
    const frame = sendFrame(conversation, { model_id: ANTHROPIC_MODEL });
    again.send(frame);
    const refused = await again.next('error', (f) => f.request_id === frame.request_id);
    expect(refused.detail).toBe('model_not_allowed');
    const allowed = sendFrame(conversation, { model_id: OPENAI_MODEL });
    again.send(allowed);
    await again.next('chat.done', (f) => f.conversation_pk === conversation);
    again.close();

    // Their own context is not the organization's to limit.
    await member.client.post('/api/organization/switch-organization', { organization_pk: null });
    expect(await modelIds(member.client)).toEqual(
      expect.arrayContaining([OPENAI_MODEL, ANTHROPIC_MODEL]),
    );
  });

  it('reconnects a member whose role changed in the same context, and sends a removed one home', async () => {
    const { organizationId, owner, member } = await firm(h.t, ['MEMBER']);
    const { pk } = await membershipOf(owner.client, organizationId, member.email);

    const tab = await connectSocket(h, member.client.jar.get('access'));
    const promoted = await owner.client.put(`/api/organization/membership/update/${pk}`, {
      role: 'ADMIN',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await tab.closed).toBe(CONTEXT_UPDATED_CLOSE);
    expect((await member.client.get('/api/organization/get-current')).json().role).toBe('ADMIN');

    const again = await connectSocket(h, member.client.jar.get('access'));
    await owner.client.delete(`/api/organization/membership/delete/${pk}`);
    expect(await again.closed).toBe(CONTEXT_CHANGED_CLOSE);
  });
});

import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { TEST_ORIGIN, type TestApp } from './app';
import { signedUpClient, type Client } from './accounts';
import { listFiles, multipartBody, type FormPart } from './multipart';

// Shared by the profile picture tests: pictures made on the spot, the multipart update and
// what the file storage holds.

export const DETAILS: FormPart[] = [
  { name: 'name', value: 'Anna' },
  { name: 'surname', value: 'Kowalska' },
];
export const URL_PATTERN = new RegExp(`^${TEST_ORIGIN}/api/user/avatar/[0-9a-f]{32}$`);

export const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
export const png = () => solid(400, 300).png().toBuffer();
export const jpeg = () => solid(300, 500).jpeg().toBuffer();

/** The stored pictures of every user (not their content-type companions). */
export async function storedPictures(t: TestApp): Promise<string[]> {
  return (await listFiles(join(t.dataDir, 'files'))).filter((path) => path.endsWith('.webp'));
}

export const fileIdOf = (url: string) => url.split('/').pop()!;
export const pathOf = (url: string) => new URL(url).pathname;

export function update(client: Client, parts: FormPart[]) {
  return client.request({ method: 'PUT', url: '/api/user/update', ...multipartBody(parts) });
}

export async function uploadPicture(client: Client, data: Buffer, filename = 'me.png') {
  const res = await update(client, [...DETAILS, { name: 'avatar', data, filename }]);
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().avatar_url as string;
  expect(url).toMatch(URL_PATTERN);
  return url;
}

export async function signedUpWithPicture(t: TestApp) {
  const account = await signedUpClient(t);
  const url = await uploadPicture(account.client, await png());
  return { ...account, url };
}

import { afterAll, beforeAll, expect, it } from 'vitest';
import { ZErrorResponse } from '@themis/shared';
import { signedUpClient } from '../accounts';
import { createTestApp, type TestApp } from '../app';
import { multipartBody } from '../multipart';
import { documentedResponse, responseContract } from './response-contract';
import { hostileValue, randomSource, valueFor, type Random, type Schema } from './schema-values';

// Every operation of the OpenAPI document, called by a signed-in user with values generated
// from its own schemas (and hostile ones in their place): no answer may be a 500, use a
// status the operation does not document, answer in a content type or with a body the
// document does not give for its status, or carry an error body other than {"detail": code}.
// FUZZ_CASES cases an operation (CI: the default); FUZZ_SEED replays a run.

const CASES = Number(process.env.FUZZ_CASES ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  parameters?: { name: string; in: string; schema?: Schema; required?: boolean }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

let t: TestApp;
let doc: {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject('/api/docs/json')).json();
});
afterAll(() => t.close());

const resolve = (schema: Schema): Schema => {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  return resolve(doc.components?.schemas?.[name] ?? {});
};

/** A signed-in user with a conversation and an organization whose pks the cases may use. */
async function signedInUser() {
  const { client } = await signedUpClient(t);
  const conversation = await client.post('/api/conversation/create', { name: 'Fuzz' });
  const organization = await client.post('/api/organization/create', { name: 'Fuzz firm' });
  const known = [conversation.json().pk, organization.json().pk].filter(
    (pk): pk is string => typeof pk === 'string',
  );
  return { client, known };
}

function pathParameter(random: Random, known: string[]): string {
  const value = random.chance(0.5)
    ? random.pick(known)
    : random.chance(0.7)
      ? crypto.randomUUID()
      : // An empty segment is another address (the route without it), not a case of this one.
        String(hostileValue(random)) || ' ';
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate: sent as the bytes of one, which are not UTF-8.
    return '%ED%A0%80';
  }
}

function queryString(operation: Operation, random: Random, mutation: number): string {
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    if (!parameter.required && random.chance(0.4)) continue;
    const value = valueFor(parameter.schema ?? {}, random, resolve, mutation);
    if (value === undefined) continue;
    query.set(parameter.name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

function bodyOf(operation: Operation, random: Random, mutation: number) {
  const content = operation.requestBody?.content ?? {};
  if (content['multipart/form-data']) {
    const data = random.chance(0.5)
      ? Buffer.from('%PDF-1.4\n% fuzz\n')
      : Buffer.from(Array.from({ length: random.int(0, 64) }, () => random.int(0, 255)));
    return multipartBody([
      {
        name: random.chance(0.9) ? 'file' : 'other',
        data,
        filename: random.pick(['a.pdf', 'b.png', '../x', '']),
      },
    ]);
  }
  const json = content['application/json'];
  if (!json) return {};
  if (random.chance(0.05)) {
    return { payload: '{"broken": ', headers: { 'content-type': 'application/json' } };
  }
  return {
    payload: JSON.stringify(valueFor(json.schema ?? {}, random, resolve, mutation)),
    headers: { 'content-type': 'application/json' },
  };
}

const documented = (operation: Operation, status: number) =>
  documentedResponse(operation, status) !== undefined;

it(`answers every operation's generated requests within its contract (${CASES} cases each)`, async () => {
  const random = randomSource(SEED);
  const offContract = responseContract(doc);
  let user = await signedInUser();
  const failures: string[] = [];
  let cases = 0;
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ ...item[method]!, method, path })),
  );
  for (const operation of operations) {
    for (let index = 0; index < CASES; index += 1) {
      // The first cases keep to the schema; later ones are more and more hostile.
      const mutation = index < CASES / 3 ? 0 : index < (2 * CASES) / 3 ? 0.1 : 0.35;
      const url =
        operation.path.replace(/\{(\w+)\}/g, () => pathParameter(random, user.known)) +
        queryString(operation, random, mutation);
      const body = bodyOf(operation, random, mutation);
      const res = await user.client.request({
        method: operation.method.toUpperCase() as 'GET',
        url,
        ...('payload' in body && { payload: body.payload }),
        headers: body.headers ?? {},
      });
      cases += 1;
      const label = `${operation.method.toUpperCase()} ${operation.path} → ${res.statusCode} (${url.slice(0, 120)})`;
      if (
        res.statusCode >= 500 &&
        (res.statusCode === 500 || !documented(operation, res.statusCode))
      ) {
        failures.push(`server error: ${label} ${res.body.slice(0, 200)}`);
      } else if (!documented(operation, res.statusCode)) {
        failures.push(`undocumented status: ${label} ${res.body.slice(0, 120)}`);
      } else {
        const contentType = res.headers['content-type']?.toString();
        const problem = offContract(operation, res.statusCode, contentType, res.body);
        if (problem) {
          failures.push(`${problem}: ${label} ${res.body.slice(0, 200)}`);
        } else if (
          res.statusCode >= 400 &&
          contentType?.includes('json') &&
          !ZErrorResponse.safeParse(res.json()).success
        ) {
          failures.push(`error body off contract: ${label} ${res.body.slice(0, 200)}`);
        }
      }
      // A case that signed the user out or deleted them: the next ones need a user again.
      if (res.statusCode === 401 || operation.path.includes('delete')) {
        const alive = await user.client.get('/api/user/get');
        if (alive.statusCode !== 200) user = await signedInUser();
      }
    }
  }
  process.stdout.write(
    `API fuzz: ${operations.length} operations, ${cases} cases, seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${failures.length} failures\n`,
  );
  expect([...new Set(failures)].slice(0, 40)).toEqual([]);
});

import { describe, expect, it } from 'vitest';
import { responseContract } from './response-contract';

// The fuzzer's own judge, on a small document written as the server's is (OpenAPI 3.0).

const doc = {
  components: {
    schemas: {
      Item: {
        type: 'object',
        properties: {
          pk: { type: 'string', format: 'uuid' },
          count: { type: 'integer', minimum: 0, exclusiveMinimum: true },
          note: { type: 'string', nullable: true },
        },
        required: ['pk', 'count', 'note'],
        additionalProperties: false,
      },
      Page: {
        type: 'object',
        properties: {
          first: { nullable: true, allOf: [{ $ref: '#/components/schemas/Item' }] },
        },
        required: ['first'],
      },
      ErrorResponse: {
        type: 'object',
        properties: { detail: { type: 'string' } },
        required: ['detail'],
      },
    },
  },
};
const json = (ref: string) => ({
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const operation = {
  responses: {
    200: json('Page'),
    204: {
      content: { 'application/json': { schema: { type: 'string', nullable: true, enum: [null] } } },
    },
    404: json('ErrorResponse'),
  },
};
const metrics = {
  responses: { 200: { content: { 'text/plain': { schema: { type: 'string' } } } } },
};
const item = { pk: '0b0f6c1e-3b8a-4c53-9a47-2f0a3c1d9e11', count: 1, note: null };
const check = responseContract(doc);
const JSON_TYPE = 'application/json; charset=utf-8';

describe('the response contract', () => {
  it('accepts bodies of their documented schema, through references and nullable ones', () => {
    expect(check(operation, 200, JSON_TYPE, JSON.stringify({ first: item }))).toBeUndefined();
    expect(check(operation, 200, JSON_TYPE, JSON.stringify({ first: null }))).toBeUndefined();
    expect(check(operation, 204, undefined, '')).toBeUndefined();
    expect(check(operation, 404, JSON_TYPE, '{"detail":"not_found"}')).toBeUndefined();
    expect(check(metrics, 200, 'text/plain; version=0.0.4', 'up 1')).toBeUndefined();
  });

  it('refuses a body off its schema, in a referenced schema too', () => {
    const off = (first: unknown) => check(operation, 200, JSON_TYPE, JSON.stringify({ first }));
    expect(off({ ...item, pk: 'not-a-uuid' })).toMatch(/off its documented schema.*format/);
    expect(off({ ...item, count: 0 })).toMatch(/off its documented schema/);
    expect(off({ pk: item.pk, count: 1 })).toMatch(/must have required property 'note'/);
    expect(off({ ...item, extra: true })).toMatch(/additional properties/);
    expect(check(operation, 200, JSON_TYPE, '{}')).toMatch(/required property 'first'/);
    expect(check(operation, 404, JSON_TYPE, '{"error":"x"}')).toMatch(/'detail'/);
  });

  it('refuses a content type the status does not document, an error page above all', () => {
    expect(check(operation, 404, 'text/html', '<h1>Not Found</h1>')).toMatch(
      /content type text\/html where the document says application\/json/,
    );
    expect(check(operation, 200, JSON_TYPE, '{"first":')).toMatch(/not the JSON/);
    expect(check(operation, 404, undefined, 'oops')).toMatch(/content type none/);
    expect(check({ responses: { 204: {} } }, 204, 'text/plain', 'x')).toMatch(/none is documented/);
  });
});

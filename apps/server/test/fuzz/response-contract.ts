import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

// Answers checked against the published OpenAPI document itself, compiled by Ajv: not against
// the server's own serializer, which is generated from the same zod schemas and so would
// agree with the server even where the document tells clients something else.

type Node = Record<string, unknown>;
interface ResponseObject {
  content?: Record<string, { schema?: Node }>;
}
export interface DocumentedOperation {
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  components?: { schemas?: Record<string, Node> };
}

const BASE = 'https://api.themis.invalid/';
const COMPONENT_REF = '#/components/schemas/';

/**
 * OpenAPI 3.0's schema dialect in JSON Schema's: a boolean `exclusiveMinimum`/`Maximum` becomes
 * the bound itself, `nullable` lets null through, and references name the components
 * registered with Ajv. A nullable schema without `type` (a nullable reference, written
 * `{nullable, allOf: [$ref]}`) is read as its generator means it, null allowed, although
 * OpenAPI 3.0.3's letter gives `nullable` no effect without `type`.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Node;
  const schema: Node = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, toJsonSchema(value)]),
  );
  if (nullable === true) {
    if (schema.type === undefined) return { anyOf: [schema, { type: 'null' }] };
    schema.type = [schema.type, 'null'].flat();
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  }
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith(COMPONENT_REF)) {
    schema.$ref = BASE + schema.$ref.slice(2);
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[flag] !== 'boolean') continue;
    if (schema[flag] && typeof schema[bound] === 'number') {
      schema[flag] = schema[bound];
      delete schema[bound];
    } else {
      delete schema[flag];
    }
  }
  return schema;
}

/** The documented response of `status`: its own, its class's (`4XX`) or the default. */
export function documentedResponse(
  operation: DocumentedOperation,
  status: number,
): ResponseObject | undefined {
  const responses = operation.responses ?? {};
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

const isJson = (mediaType: string) =>
  mediaType === 'application/json' || mediaType.endsWith('+json');

/** Checks an answer's media type and body against what the document says of its status. */
export function responseContract(doc: OpenApiDocument) {
  const ajv = new Ajv({ allErrors: true });
  addFormats(ajv);
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    ajv.addSchema(toJsonSchema(schema) as Node, `${BASE}components/schemas/${name}`);
  }
  const compiled = new Map<Node, ValidateFunction>();
  const validatorFor = (schema: Node) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema) as Node);
      compiled.set(schema, validate);
    }
    return validate;
  };
  const matches = (schema: Node | undefined, value: unknown): string | undefined => {
    if (!schema) return undefined;
    const validate = validatorFor(schema);
    if (validate(value)) return undefined;
    return `body off its documented schema (${ajv.errorsText(validate.errors?.slice(0, 3))})`;
  };

  /** What is off the contract, or undefined when the answer keeps to it. */
  return function check(
    operation: DocumentedOperation,
    status: number,
    contentType: string | undefined,
    body: string,
  ): string | undefined {
    const content = documentedResponse(operation, status)?.content ?? {};
    const documentedTypes = Object.keys(content);
    if (!documentedTypes.length) return body === '' ? undefined : 'a body where none is documented';
    const mediaType = contentType?.split(';')[0]!.trim().toLowerCase();
    // No body at all (204, a redirect) is what a document's `null` stands for.
    const jsonType = documentedTypes.find(isJson);
    if (body === '' && !mediaType && jsonType) return matches(content[jsonType]!.schema, null);
    if (!mediaType || !content[mediaType]) {
      return `content type ${mediaType ?? 'none'} where the document says ${documentedTypes.join(', ')}`;
    }
    if (!isJson(mediaType)) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return 'a body that is not the JSON its content type says';
    }
    return matches(content[mediaType].schema, value);
  };
}

// Values for a JSON Schema of the OpenAPI document: mostly what the schema describes (so the
// request reaches the code behind validation), sometimes something hostile in its place.

export type Schema = Record<string, unknown>;
export type Resolve = (schema: Schema) => Schema;

/** A small seeded generator (mulberry32): a failing case is found again from its seed. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Random = ReturnType<typeof randomSource>;

const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  "' OR 1=1 --",
  '../../../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  '😀'.repeat(50),
  'ż'.repeat(300),
  'x'.repeat(70_000),
  '\ud800',
  '-1',
  '1e309',
  'null',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '{"a":1}',
  '\r\n\r\nX-Injected: 1',
];

/** Something of the wrong shape or an edge value, whatever the schema says. */
export function hostileValue(random: Random, depth = 0): unknown {
  switch (random.int(0, 9)) {
    case 0:
      return random.pick(HOSTILE_STRINGS);
    case 1:
      return random.pick([0, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1.5, 1e308]);
    case 2:
      return random.pick([true, false, null]);
    case 3:
      return depth > 3 ? [] : [hostileValue(random, depth + 1)];
    case 4:
      return depth > 3 ? {} : { [random.pick(HOSTILE_STRINGS)]: hostileValue(random, depth + 1) };
    case 5:
      return { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } };
    case 6:
      return Array.from({ length: 2000 }, () => 'a');
    default:
      return random.pick(HOSTILE_STRINGS);
  }
}

function stringFor(schema: Schema, random: Random): string {
  switch (schema.format) {
    case 'uuid':
      return crypto.randomUUID();
    case 'email':
      return `fuzz${random.int(0, 1e6)}@example.com`;
    case 'date-time':
      return new Date(Date.UTC(2026, random.int(0, 11), random.int(1, 28))).toISOString();
    case 'uri':
      return `https://example.com/${random.int(0, 1000)}`;
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max =
    typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, min + 40) : min + 20;
  const alphabet = 'abcdefghijklmnopqrstuvwxyzĄąĆćĘęŁłŃńÓóŚśŹźŻż0123456789 -_.';
  let text = '';
  const length = random.int(min, Math.max(min, max));
  for (let i = 0; i < length; i += 1) text += alphabet[random.int(0, alphabet.length - 1)];
  return text;
}

function numberFor(schema: Schema, random: Random, integer: boolean): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
  const low = Math.max(min, -1e6);
  const high = Math.min(max, 1e6);
  const value = low + random.next() * (high - low);
  return integer ? Math.round(value) : value;
}

/**
 * A value for `schema`: each node is replaced by a hostile one with `mutation` probability,
 * optional properties are sometimes left out and unknown ones sometimes added.
 */
export function valueFor(
  input: Schema,
  random: Random,
  resolve: Resolve,
  mutation: number,
  depth = 0,
): unknown {
  if (random.chance(mutation)) return hostileValue(random, depth);
  const schema = resolve(input);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return random.pick(schema.enum as unknown[]);
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants?.length) return valueFor(random.pick(variants), random, resolve, mutation, depth);
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as Schema[]).map((part) =>
      valueFor(part, random, resolve, mutation, depth),
    );
    return parts.every((part) => typeof part === 'object' && part !== null && !Array.isArray(part))
      ? Object.assign({}, ...parts)
      : parts[0];
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  const type = random.pick(types.filter(Boolean).length ? types : ['object']);
  switch (type) {
    case 'string':
      return stringFor(schema, random);
    case 'integer':
      return numberFor(schema, random, true);
    case 'number':
      return numberFor(schema, random, false);
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      if (depth > 4) return [];
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const max =
        typeof schema.maxItems === 'number' ? Math.min(schema.maxItems, min + 3) : min + 3;
      const items = (schema.items ?? {}) as Schema;
      return Array.from({ length: random.int(min, max) }, () =>
        valueFor(items, random, resolve, mutation, depth + 1),
      );
    }
    default: {
      if (depth > 4) return {};
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) {
        if (!required.has(name) && random.chance(0.3)) continue;
        if (required.has(name) && random.chance(mutation / 2)) continue;
        value[name] = valueFor(property, random, resolve, mutation, depth + 1);
      }
      if (random.chance(mutation)) value[`unknown_${random.int(0, 99)}`] = hostileValue(random);
      return value;
    }
  }
}

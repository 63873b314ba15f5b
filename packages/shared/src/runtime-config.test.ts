import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, isRuntimeConfig } from './runtime-config';
import { ZRuntimeConfig } from './runtime-config.schema';

describe('isRuntimeConfig agrees with the schema', () => {
  const samples: unknown[] = [
    DEFAULT_RUNTIME_CONFIG,
    { ...DEFAULT_RUNTIME_CONFIG, protocol: 'http', wsProtocol: 'wss' },
    { ...DEFAULT_RUNTIME_CONFIG, protocol: 'ftp' },
    { ...DEFAULT_RUNTIME_CONFIG, wsProtocol: 'http' },
    { ...DEFAULT_RUNTIME_CONFIG, apiHost: 42 },
    { ...DEFAULT_RUNTIME_CONFIG, sentryDsn: undefined },
    { ...DEFAULT_RUNTIME_CONFIG, legalSources: 'verify' },
    { ...DEFAULT_RUNTIME_CONFIG, legalSources: 'always' },
    Object.fromEntries(
      Object.entries(DEFAULT_RUNTIME_CONFIG).filter(([key]) => key !== 'logoutUrl'),
    ),
    null,
    'config',
    [],
  ];
  it.each(samples.map((sample, index) => [index, sample]))('sample %i', (_index, sample) => {
    expect(isRuntimeConfig(sample)).toBe(ZRuntimeConfig.safeParse(sample).success);
  });

  it('the schema has exactly the fields of the defaults', () => {
    expect(Object.keys(ZRuntimeConfig.shape).sort()).toEqual(
      Object.keys(DEFAULT_RUNTIME_CONFIG).sort(),
    );
  });
});

import { describe, expect, it } from 'vitest';
import './zod-config';

describe('the zod settings of the web app', () => {
  it('are read by zod, which then never probes for eval', async () => {
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    const probe = new Proxy(globalThis.Function, {
      construct() {
        throw new Error('zod probed for eval');
      },
    });
    const original = globalThis.Function;
    globalThis.Function = probe;
    try {
      expect(z.object({ name: z.string() }).parse({ name: 'Anna' })).toEqual({ name: 'Anna' });
    } finally {
      globalThis.Function = original;
    }
  });
});

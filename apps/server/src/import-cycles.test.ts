import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, groupGraph, importGraph } from '../../../scripts/import-cycles.mjs';

const graphOf = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('the import cycle check of npm run lint', () => {
  it('finds each cycle once, of two files, of three, and a file importing itself', () => {
    const cycles = findCycles(
      graphOf({ a: ['b'], b: ['a', 'c'], c: ['d'], d: ['e'], e: ['c'], f: ['f'], g: ['a'] }),
    );
    expect(cycles).toEqual([['c', 'd', 'e'], ['a', 'b'], ['f']]);
  });

  it('passes a graph whose imports point one way', () => {
    expect(findCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('finds a cycle between modules whose files form none', () => {
    const files = graphOf({
      'auth/login': ['billing/plans'],
      'billing/plans': [],
      'billing/checkout': ['auth/guard'],
      'auth/guard': [],
    });
    const modules = groupGraph(files, (file) => file.split('/')[0] ?? null);
    expect(findCycles(files)).toEqual([]);
    expect(findCycles(modules)).toEqual([['auth', 'billing']]);
  });

  it('reads static, type-only, re-exported and lazy imports, with or without index', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'themis-imports-'));
    mkdirSync(path.join(root, 'face'));
    const write = (name: string, text: string) => writeFileSync(path.join(root, name), text);
    write('a.ts', "import type { B } from './b';\nexport const a = 1;");
    write('b.ts', "export { c } from './c.js';\nexport type B = 1;");
    write('c.tsx', "export const c = () => import('./face');");
    write('face/index.ts', "import { a } from '../a';\nimport 'node:fs';\nexport { a };");
    const graph = importGraph(
      ['a.ts', 'b.ts', 'c.tsx', 'face/index.ts'].map((f) => path.join(root, f)),
    );
    expect(
      findCycles(graph).map((cycle) => cycle.map((file) => path.relative(root, file))),
    ).toEqual([['a.ts', 'b.ts', 'c.tsx', path.join('face', 'index.ts')]]);
  });
});

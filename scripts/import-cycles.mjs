// Import cycles between source files, and between the server's modules and the web's
// features: `node scripts/import-cycles.mjs` prints each cycle and exits 1 when there is one.
// Part of `npm run lint`. Type-only imports count too: a cycle of types is still a knot a
// reader has to untie.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_ROOTS = ['packages/shared/src', 'apps/server/src', 'apps/web/src'];
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

function sourceFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !TEST.test(full)) {
      found.push(full);
    }
  }
  return found;
}

/** The file a relative specifier names, as TypeScript's bundler resolution finds it. */
function resolveRelative(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  const candidates = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

/** Every file's relative imports (static, re-exports and import()), as a map of sets. */
export function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveRelative(file, fileName);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The graph with each node replaced by its group (null: left out), self-edges dropped. */
export function groupGraph(graph, groupOf) {
  const grouped = new Map();
  for (const [from, targets] of graph) {
    const group = groupOf(from);
    if (group === null) continue;
    const edges = grouped.get(group) ?? new Set();
    for (const target of targets) {
      const targetGroup = groupOf(target);
      if (targetGroup !== null && targetGroup !== group) edges.add(targetGroup);
    }
    grouped.set(group, edges);
  }
  return grouped;
}

/** The strongly connected components of more than one node, or of a node importing itself. */
export function findCycles(graph) {
  let index = 0;
  const indices = new Map();
  const lowLinks = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  // Iterative Tarjan: the file graph is deep enough to make recursion a risk.
  for (const start of graph.keys()) {
    if (indices.has(start)) continue;
    const work = [{ node: start, targets: [...(graph.get(start) ?? [])], next: 0 }];
    indices.set(start, index);
    lowLinks.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.next < frame.targets.length) {
        const target = frame.targets[frame.next++];
        if (!indices.has(target)) {
          indices.set(target, index);
          lowLinks.set(target, index++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, targets: [...(graph.get(target) ?? [])], next: 0 });
        } else if (onStack.has(target)) {
          lowLinks.set(frame.node, Math.min(lowLinks.get(frame.node), indices.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        lowLinks.set(parent, Math.min(lowLinks.get(parent), lowLinks.get(frame.node)));
      }
      if (lowLinks.get(frame.node) !== indices.get(frame.node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfImport = graph.get(frame.node)?.has(frame.node) ?? false;
      if (component.length > 1 || selfImport) cycles.push(component.sort());
    }
  }
  return cycles;
}

/** `modules/<name>` of the server, `features/<name>` of the web, else null. */
export function unitOf(file) {
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  const match = /^apps\/(server\/src\/modules|web\/src\/features)\/([^/]+)\//.exec(relative);
  return match ? `${match[1].split('/').pop()}/${match[2]}` : null;
}

function main() {
  const files = SOURCE_ROOTS.flatMap((root) => sourceFiles(path.join(ROOT, root)));
  const graph = importGraph(files);
  const shown = (file) => path.relative(ROOT, file);
  const problems = [
    ...findCycles(graph).map((cycle) => `files: ${cycle.map(shown).join(' ⇄ ')}`),
    ...findCycles(groupGraph(graph, unitOf)).map((cycle) => `units: ${cycle.join(' ⇄ ')}`),
  ];
  for (const problem of problems) console.error(`import cycle between ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log(`No import cycles among ${files.length} files.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const TRANSLATABLE_ATTRIBUTES = new Set([
  'label',
  'title',
  'placeholder',
  'alt',
  'aria-label',
  'helperText',
]);
const HAS_LETTER = /\p{L}/u;

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

function isTextLiteral(node: ts.Node | undefined): node is ts.StringLiteralLike {
  return (
    node !== undefined &&
    (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
    HAS_LETTER.test(node.text)
  );
}

/** User-visible literals in a TSX source, as `file:line: text`. */
export function findLiterals(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${fileName}:${line + 1}: ${text.trim()}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_LETTER.test(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TRANSLATABLE_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer;
      const inner = value && ts.isJsxExpression(value) ? value.expression : value;
      if (isTextLiteral(inner)) report(node, inner.text);
    }
    if (
      ts.isJsxExpression(node) &&
      ts.isJsxElement(node.parent) &&
      isTextLiteral(node.expression)
    ) {
      report(node, node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('components', () => {
  it('catch the literals they should', () => {
    const sample = [
      'export const A = () => (',
      '  <div title="Hello" aria-label={`Menu`} alt={t("ok")}>',
      '    Visible text',
      "    {'Expression child'}",
      '    <span label="42" className="name" />',
      '  </div>',
      ');',
    ].join('\n');
    expect(findLiterals('sample.tsx', sample)).toEqual([
      'sample.tsx:2: Hello',
      'sample.tsx:2: Menu',
      'sample.tsx:3: Visible text',
      'sample.tsx:4: Expression child',
    ]);
  });

  it('render no user-visible literal text', () => {
    const found = componentFiles(SRC).flatMap((path) =>
      findLiterals(relative(SRC, path), readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});

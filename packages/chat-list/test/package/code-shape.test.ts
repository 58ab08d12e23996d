// The shape the source is held to (CONTRIBUTING.md): no source file over 400 lines and no function
// over 150, so that a newcomer can read any one piece whole. `KNOWN_OVER` would hold a file or
// function allowed over its limit at its size then (empty since the engine became modules); this
// test fails when one grows, when a new one goes over, or when one comes under its limit and can
// leave the list (so the list stays true).
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const SOURCE_DIR = fileURLToPath(new URL('../../src', import.meta.url));
const FILE_LIMIT = 400;
const FUNCTION_LIMIT = 150;

/** What is over its limit today, in lines: files by path, functions by `path#name`. */
const KNOWN_OVER: Record<string, number> = {};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** The name a function is known by: its own, or the variable or property it is assigned to. */
const nameOf = (node: ts.SignatureDeclaration): string => {
  if (node.name !== undefined) return node.name.getText();
  const { parent } = node;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name !== undefined) {
    return parent.name.getText();
  }
  return '(anonymous)';
};

/** Every file and function over its limit, with its length in lines. */
const measureSource = (): Record<string, number> => {
  const over: Record<string, number> = {};
  for (const path of sourceFiles(SOURCE_DIR)) {
    const name = relative(SOURCE_DIR, path).split('\\').join('/');
    const text = readFileSync(path, 'utf8');
    const lineCount = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lineCount > FILE_LIMIT) over[name] = lineCount;
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
        const first = file.getLineAndCharacterOfPosition(node.getStart()).line;
        const last = file.getLineAndCharacterOfPosition(node.end).line;
        if (last - first + 1 > FUNCTION_LIMIT) over[`${name}#${nameOf(node)}`] = last - first + 1;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return over;
};

describe(`the source: no file over ${FILE_LIMIT} lines, no function over ${FUNCTION_LIMIT}`, () => {
  const over = measureSource();
  console.log(
    `over the limits: ${Object.entries(over)
      .map(([name, lines]) => `${name} ${lines}`)
      .join(', ')}`,
  );

  test('nothing goes over that was not over already', () => {
    expect(Object.keys(over).filter((name) => KNOWN_OVER[name] === undefined)).toEqual([]);
  });

  test('nothing still over its limit grew', () => {
    const grown = Object.entries(over).filter(([name, lines]) => lines > (KNOWN_OVER[name] ?? Infinity));
    expect(grown.map(([name, lines]) => `${name}: ${lines} lines, was ${KNOWN_OVER[name]}`)).toEqual([]);
  });

  test('what came under its limit has left the list of those over it', () => {
    expect(Object.keys(KNOWN_OVER).filter((name) => over[name] === undefined)).toEqual([]);
  });
});

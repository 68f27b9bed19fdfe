/**
 * No import cycle anywhere in packages/ and apps/: every TypeScript source's imports (type-only
 * ones and `export ... from` included, as a reader follows them), relative paths and our own
 * `@econdata/*` package entries resolved to files, searched for a cycle. A cycle is broken by
 * moving the piece both sides need one level down (core's errors <-> retry, the desktop's
 * bridge <-> contract, analysis's presets <-> request, sheets' arrange <-> types were).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const TOP = ['packages', 'apps'];
const SKIP = new Set(['node_modules', 'out', 'dist', 'build', 'docs', 'coverage']);

function sources(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, into);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) into.push(path);
  }
  return into;
}

/** `@econdata/x` and `@econdata/x/sub` -> the file its package.json `exports` names. */
function packageEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const top of TOP) {
    for (const name of readdirSync(join(ROOT, top))) {
      const file = join(ROOT, top, name, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name: string; exports?: Record<string, string> };
      for (const [sub, target] of Object.entries(pkg.exports ?? {})) {
        if (typeof target === 'string') entries.set(sub === '.' ? pkg.name : `${pkg.name}/${sub.slice(2)}`, resolve(ROOT, top, name, target));
      }
    }
  }
  return entries;
}

function resolveImport(from: string, spec: string, entries: Map<string, string>): string | undefined {
  if (entries.has(spec)) return entries.get(spec);
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** The import graph: file -> the files it imports. */
function importGraph(): Map<string, string[]> {
  const entries = packageEntries();
  const graph = new Map<string, string[]>();
  for (const file of TOP.flatMap((top) => sources(join(ROOT, top)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((i) => resolveImport(file, i.fileName, entries)).filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle found by a depth-first search (each reported once, from where the search met it). */
function cycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found.map((cycle) => cycle.map((f) => relative(ROOT, f)));
}

describe('import cycles', () => {
  it('finds a planted cycle (the search can fail)', () => {
    const graph = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]].map(([k, v]) => [resolve(ROOT, k as string), (v as string[]).map((f) => resolve(ROOT, f))]));
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('has none in packages/ and apps/', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(500);
    expect(cycles(graph)).toEqual([]);
  });
});

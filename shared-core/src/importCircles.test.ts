import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No import circles inside shared-core, type-only imports included: a circle makes the order in which modules
 * initialise depend on who imports first (a value read before it is defined), and it ties modules that should
 * stand alone (branding and the contract were one such pair).
 */
const ROOT = import.meta.dirname;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^;'"]*?\s+from\s+)?'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

type Graph = Map<string, string[]>;

function importGraph(files: string[]): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const targets: string[] = [];
    for (const [, staticImport, dynamicImport] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = staticImport ?? dynamicImport;
      if (!specifier?.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every strongly connected group of more than one file (or a file importing itself): each holds a circle. */
function findCircles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)?.includes(node)) circles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe('shared-core imports', () => {
  it('form no circle (type-only imports included)', () => {
    const graph = importGraph(sourceFiles(ROOT));
    expect(graph.size).toBeGreaterThan(20);
    const circles = findCircles(graph).map((group) => group.map((file) => path.relative(ROOT, file)).join(' <-> '));
    expect(circles).toEqual([]);
  });

  it('the check finds a circle and reads type-only imports', () => {
    const graph: Graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCircles(graph)).toEqual([['a', 'b', 'c']]);
    const typeImport = "import type { LicenseeConfig } from './contract/bootstrap';";
    expect([...typeImport.matchAll(IMPORT)].map((match) => match[1])).toEqual(['./contract/bootstrap']);
  });
});

// The house's rules, read from the code: every import of the server, the shared folder and the
// client, the layer each file stands on, and the invariants ARCHITECTURE.md names. Pure functions
// over an import graph, so a test can plant a violation and see it reported.

import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/** One import: the importing file, what it names (a repository path without extension, or a
 * package name), and whether only types cross. */
export interface Import { from: string; to: string; typeOnly: boolean }

/** The folders of the house, bottom up. Folders on one floor are siblings: neither imports the other. */
export const FLOORS: readonly (readonly string[])[] = [
  ['shared'],
  ['server/src/base', 'server/src/version'],
  ['server/src/preprocess'],
  ['server/src/syntax'],
  ['server/src/symbolic'],
  ['server/src/model'],
  ['server/src/checks'],
  ['server/src/translate', 'server/src/cuda'],
  ['server/src/tile', 'server/src/cost'],
  ['server/src/optimize'],
  ['server/src/lsp'],
  ['server/src/cli'],
];

/** Packages only the editor adapters may use. */
const EDITOR_PACKAGES = /^(vscode|vscode-languageserver|vscode-languageclient|vscode-jsonrpc)(\/|$|-)/;

/** The invariants, in ARCHITECTURE.md's words. */
export const RULES = {
  layers: 'a layer imports only the layers below it',
  siblings: 'the translators and the generator are siblings (and so are the tiler and the cost model): neither imports the other',
  syntax: '`syntax` knows nothing of the model, the checks or any editor',
  cost: 'the cost model never imports the optimizer',
  core: 'only the language server and the client know an editor protocol',
  client: 'the client talks only to the server: it imports the shared protocol and settings, never the server',
  cycles: 'no two files import each other, directly or around a circle',
} as const;
export type Rule = keyof typeof RULES;
export interface Violation { rule: Rule; at: string }

/** The folder (or top-level file) of a repository path, as FLOORS names it. */
export function roomOf(file: string): string {
  if (file.startsWith('shared/')) return 'shared';
  if (file.startsWith('client/')) return 'client';
  const m = /^server\/src\/([^/]+)/.exec(file);
  return m ? `server/src/${m[1].replace(/\.ts$/, '')}` : file;
}

function floorOf(room: string): number {
  return FLOORS.findIndex(f => f.includes(room));
}

/** The imports a TypeScript source makes: static imports and re-exports, `import()` and `require()`. */
export function importsIn(file: string, text: string): { specifier: string; typeOnly: boolean }[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (n: ts.Node): void => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(n) ? !!n.importClause?.isTypeOnly : n.isTypeOnly;
      out.push({ specifier: n.moduleSpecifier.text, typeOnly });
    } else if (ts.isCallExpression(n) && n.arguments.length === 1 && ts.isStringLiteral(n.arguments[0])
      && (n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === 'require'))) {
      out.push({ specifier: n.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) {
      out.push({ specifier: n.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

/** Every import of the house's sources under `root` (server/src, shared, client/src). */
export function readImports(root: string): Import[] {
  const imports: Import[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) {
        const from = rel.replace(/\.ts$/, '');
        for (const { specifier, typeOnly } of importsIn(rel, fs.readFileSync(path.join(root, rel), 'utf8'))) {
          const to = specifier.startsWith('.') ? path.posix.join(path.posix.dirname(rel), specifier) : specifier;
          imports.push({ from, to, typeOnly });
        }
      }
    }
  };
  for (const dir of ['server/src', 'shared', 'client/src']) walk(dir);
  return imports;
}

/** The import cycles between files: each a strongly connected set of more than one file (or a
 * file importing itself), listed sorted. */
export function cycles(imports: readonly Import[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const i of imports) {
    if (!isLocal(i.to)) continue;
    if (!edges.has(i.from)) edges.set(i.from, new Set());
    edges.get(i.from)!.add(i.to);
  }
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, counter); low.set(v, counter); counter++;
    stack.push(v); onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) { connect(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do { w = stack.pop()!; onStack.delete(w); component.push(w); } while (w !== v);
    if (component.length > 1 || edges.get(v)?.has(v)) found.push(component.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) connect(v);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

const isLocal = (to: string) => /^(server|shared|client)\//.test(to);

/** Every broken rule, one line per import (and per cycle), sorted. */
export function violations(imports: readonly Import[]): Violation[] {
  const out: Violation[] = [];
  const add = (rule: Rule, i: Import) => out.push({ rule, at: `${i.from} -> ${i.to}` });
  for (const i of imports) {
    const from = roomOf(i.from);
    if (from === 'client') {
      if (isLocal(i.to) && !i.to.startsWith('client/') && !i.to.startsWith('shared/')) add('client', i);
      continue;
    }
    if (!isLocal(i.to)) {
      if (EDITOR_PACKAGES.test(i.to) && from !== 'server/src/lsp' && from !== 'shared') add('core', i);
      continue;
    }
    const to = roomOf(i.to);
    if (to === from) continue;
    if (to === 'client') { add('client', i); continue; }
    const [a, b] = [floorOf(from), floorOf(to)];
    if (from === 'server/src/syntax' && !['server/src/base', 'server/src/preprocess', 'shared'].includes(to)) {
      add('syntax', i);
    } else if (from === 'server/src/cost' && to === 'server/src/optimize') add('cost', i);
    else if (a === b) add('siblings', i);
    else if (a < 0 || b < 0 || b > a) add('layers', i);
  }
  for (const c of cycles(imports)) out.push({ rule: 'cycles', at: c.join(' -> ') });
  return out.sort((x, y) => x.rule.localeCompare(y.rule) || x.at.localeCompare(y.at));
}

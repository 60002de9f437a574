// Lists the exports of server/src and shared that no other file uses (server, client, shared,
// test; scripts/ by name): "dead" when nothing uses the name at all, "local" when only its own
// file does (drop the export keyword). A type named by another export of its file (a parameter's or
// a result's type) is part of that export's signature and stays. Run: node scripts/dead-exports.mjs

import { readdirSync, readFileSync } from 'fs';
import path from 'path';
import { createRequire } from 'module';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const walk = dir => readdirSync(dir, { withFileTypes: true }).flatMap(e => {
  const p = path.join(dir, e.name);
  return e.isDirectory() ? (e.name === 'node_modules' ? [] : walk(p)) : [p];
});
const sources = ['server/src', 'shared', 'client/src', 'client/test', 'test']
  .flatMap(d => walk(path.join(root, d))).filter(f => f.endsWith('.ts') && !f.endsWith('.d.ts'));
const scripts = walk(path.join(root, 'scripts')).filter(f => /\.(mjs|js|sh)$/.test(f))
  .map(f => readFileSync(f, 'utf8')).join('\n');

const { options } = ts.parseJsonConfigFileContent(
  ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, root);
const program = ts.createProgram(sources, { ...options, noEmit: true, types: ['node'] });
const checker = program.getTypeChecker();
const resolved = s => (s && s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);

// Where each symbol is used: the files of its uses, declarations excluded.
const usedIn = new Map();
for (const file of program.getSourceFiles()) {
  if (!sources.includes(path.resolve(file.fileName))) continue;
  const visit = node => {
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const declaring = parent && parent.name === node && !ts.isPropertyAccessExpression(parent)
        && !ts.isImportSpecifier(parent) && !ts.isExportSpecifier(parent) && !ts.isShorthandPropertyAssignment(parent);
      const s = resolved(checker.getSymbolAtLocation(node));
      if (s && !declaring) (usedIn.get(s) ?? usedIn.set(s, new Set()).get(s)).add(path.resolve(file.fileName));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

// Whether a type is named inside another exported declaration of its file.
const inSignature = (s, file) => {
  if (!(s.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Enum))) return false;
  const exported = n => ts.getCombinedModifierFlags(n) & ts.ModifierFlags.Export;
  let found = false;
  const visit = (node, inside) => {
    if (found) return;
    if (inside && ts.isIdentifier(node) && resolved(checker.getSymbolAtLocation(node)) === s
      && node.parent?.name !== node) found = true;
    const declares = n => ts.isDeclarationStatement(n) || ts.isVariableStatement(n);
    ts.forEachChild(node, n => visit(n, inside || (declares(n) && exported(n))));
  };
  visit(file, false);
  return found;
};

// Re-exports (`export { unparen }`): used only when some file imports them from the re-exporting file.
const importedFrom = new Set();
for (const file of program.getSourceFiles()) {
  for (const st of file.statements) {
    const bindings = ts.isImportDeclaration(st) ? st.importClause?.namedBindings : undefined;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const target = checker.getSymbolAtLocation(st.moduleSpecifier)?.valueDeclaration?.fileName;
    for (const e of bindings.elements) importedFrom.add(`${target}:${(e.propertyName ?? e.name).text}`);
  }
}

const owned = f => /^(server\/src|shared)\//.test(path.relative(root, f));
for (const file of program.getSourceFiles()) {
  const name = path.resolve(file.fileName);
  if (!sources.includes(name) || !owned(name)) continue;
  const module = checker.getSymbolAtLocation(file);
  if (!module) continue;
  for (const e of checker.getExportsOfModule(module)) {
    const s = resolved(e);
    if (s.declarations?.every(d => d.getSourceFile() !== file)) {
      if (!importedFrom.has(`${file.fileName}:${e.name}`)) {
        console.log(`${path.relative(root, name)}\t${e.name}\tre-export`);
      }
      continue;
    }
    const files = usedIn.get(s) ?? new Set();
    const outside = [...files].some(f => f !== name) || new RegExp(`\\b${e.name}\\b`).test(scripts);
    if (outside || inSignature(s, file)) continue;
    console.log(`${path.relative(root, name)}\t${e.name}\t${files.has(name) ? 'local' : 'dead'}`);
  }
}

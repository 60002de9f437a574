// Renames declarations across the project the way an editor's "Rename Symbol" does (TypeScript's
// language service: every reference, import and shorthand property follows), from a spec that can
// be run again after a merge. usage: node scripts/rename.mjs SPEC.json
// SPEC: { "renames": [{ "file": "server/src/cuda/footprint.ts", "name": "Tile", "to": "StagedBox" },
//                     { "file": "...", "name": "Staging.tiles", "to": "boxes" }],
//         "typed": [{ "type": "StagedBox", "from": "tiles", "to": "boxes" }] }
// `name` is a declaration of the file (`Container.member` for a member, the container an interface,
// class, type or variable); `typed` renames every variable or parameter called `from` whose type
// mentions `type`. Steps run in order ("before" renames, then "renames", then "typed", then
// "literals": exact text in code such as `'tile' in unit`). The language service does not refuse a
// rename that shadows another name: the type check after it does, mostly; read the diff.

import { readdirSync, readFileSync, writeFileSync } from 'fs';
import path from 'path';
import { createRequire } from 'module';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));

const walk = dir => readdirSync(dir, { withFileTypes: true }).flatMap(e => {
  const p = path.join(dir, e.name);
  return e.isDirectory() ? (e.name === 'node_modules' ? [] : walk(p)) : [p];
});
const files = ['server/src', 'shared', 'client/src', 'client/test', 'test']
  .flatMap(d => walk(path.join(root, d))).filter(f => f.endsWith('.ts') && !f.endsWith('.d.ts'));
const texts = new Map(files.map(f => [f, readFileSync(f, 'utf8')]));
const versions = new Map(files.map(f => [f, 0]));
const { options } = ts.parseJsonConfigFileContent(
  ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, root);
const service = ts.createLanguageService({
  getScriptFileNames: () => files,
  getScriptVersion: f => String(versions.get(f) ?? 0),
  getScriptSnapshot: f => {
    const text = texts.get(f) ?? (ts.sys.fileExists(f) ? ts.sys.readFile(f) : undefined);
    return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
  },
  getCurrentDirectory: () => root,
  getCompilationSettings: () => ({ ...options, types: ['node'] }),
  getDefaultLibFileName: o => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists, readFile: ts.sys.readFile, readDirectory: ts.sys.readDirectory,
}, ts.createDocumentRegistry());

function renameAt(file, position, to) {
  const locations = service.findRenameLocations(file, position, false, false,
    { providePrefixAndSuffixTextForRename: true });
  if (!locations) throw new Error(`${path.relative(root, file)}:${position}: cannot rename`);
  const byFile = new Map();
  for (const l of locations) byFile.set(l.fileName, [...(byFile.get(l.fileName) ?? []), l]);
  for (const [f, ls] of byFile) {
    let text = texts.get(f);
    for (const l of ls.sort((a, b) => b.textSpan.start - a.textSpan.start)) {
      const end = l.textSpan.start + l.textSpan.length;
      text = text.slice(0, l.textSpan.start) + (l.prefixText ?? '') + to + (l.suffixText ?? '') + text.slice(end);
    }
    texts.set(f, text);
    versions.set(f, versions.get(f) + 1);
  }
}

/** The position of the name of the declaration `name` (or `Container.member`) in `file`. */
function declared(file, name) {
  const [outer, inner] = name.includes('.') ? name.split('.') : [undefined, name];
  const source = service.getProgram().getSourceFile(file);
  let found;
  const visit = (node, container) => {
    if (found !== undefined) return;
    const n = node.name;
    if (n && (ts.isIdentifier(n) || ts.isStringLiteral(n)) && n.text === inner && container === outer
      && !ts.isPropertyAccessExpression(node)) {
      found = n.getStart(source);
      return;
    }
    const own = (ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node) || ts.isTypeAliasDeclaration(node)
      || ts.isVariableDeclaration(node)) && node.name && ts.isIdentifier(node.name) ? node.name.text : container;
    ts.forEachChild(node, c => visit(c, own));
  };
  visit(source, undefined);
  if (found === undefined) throw new Error(`${path.relative(root, file)}: no declaration '${name}'`);
  return found;
}

for (const r of [...spec.before ?? [], ...spec.renames ?? []]) {
  const file = path.join(root, r.file);
  renameAt(file, declared(file, r.name), r.to);
}

// Variables and parameters by their type, one at a time (each rename moves the others' positions).
for (const t of spec.typed ?? []) {
  for (;;) {
    const program = service.getProgram(), checker = program.getTypeChecker();
    let next;
    for (const f of files) {
      const source = program.getSourceFile(f);
      const visit = node => {
        if (next) return;
        const variable = ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node);
        if (variable && ts.isIdentifier(node.name) && node.name.text === t.from
          && checker.typeToString(checker.getTypeAtLocation(node.name)).includes(t.type)) {
          next = [f, node.name.getStart(source)];
        } else ts.forEachChild(node, visit);
      };
      visit(source);
      if (next) break;
    }
    if (!next) break;
    renameAt(next[0], next[1], t.to);
  }
}

for (const l of spec.literals ?? []) {
  const file = path.join(root, l.file);
  texts.set(file, texts.get(file).split(l.text).join(l.to));
  versions.set(file, versions.get(file) + 1);
}

for (const f of files) if (versions.get(f)) writeFileSync(f, texts.get(f));

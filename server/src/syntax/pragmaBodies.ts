// A pragma as the unbraced body of a loop or an `if` (`for (...)` + `#pragma omp parallel for` +
// `for (...)`): C allows it (the pragma and the statement after it are the body, as gcc reads
// them), but tree-sitter's grammar takes directives only in blocks, so it ends the outer statement
// with a missing ';' and leaves the pragma and the statement beside it. This puts them back.

/** The parser's node, by shape (the parser calls this module: no import back). */
interface SNode {
  type: string;
  start: number;
  end: number;
  field: string | null;
  named: boolean;
  missing: boolean;
  children: SNode[];
  parent: SNode | null;
}

/** Statement kinds whose body (the field named) may be a pragma followed by a statement. */
const BODY_FIELD: Record<string, string> = {
  for_statement: 'body', while_statement: 'body', for_range_loop: 'body', if_statement: 'consequence',
};

/** A body tree-sitter made up: an empty statement of one missing ';'. */
function isMissingBody(n: SNode | undefined): boolean {
  return !!n && n.type === 'expression_statement' && n.end === n.start && n.children.every(c => c.missing);
}

/** Repairs `node`'s subtree in place; only a tree with a missing token can need it. */
export function repairPragmaBodies(node: SNode): void {
  for (const c of node.children) repairPragmaBodies(c);
  const kids = node.children;
  // From the end, so that nested ones (`for` + pragma + `for` + pragma + `for`) fold inside out.
  for (let i = kids.length - 1; i >= 0; i--) {
    const s = kids[i];
    const field = BODY_FIELD[s.type];
    const body = field ? s.children[s.children.length - 1] : undefined;
    if (!field || body?.field !== field || !isMissingBody(body)) continue;
    let j = i + 1;
    while (j < kids.length && (kids[j].type === 'preproc_call' || kids[j].type === 'comment')) j++;
    const statement = kids[j];
    if (j === i + 1 || !statement?.named || statement.missing) continue;
    const moved = kids.splice(i + 1, j - i);
    s.children.pop();
    for (const m of moved) { m.parent = s; s.children.push(m); }
    statement.field = field;
    s.end = statement.end;
  }
}

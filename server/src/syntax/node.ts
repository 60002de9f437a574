// The syntax tree's node as the analyses walk it: a lightweight copy of a tree-sitter node (plain JS
// objects are fast to walk many times). Its own module, so that the parser's repairs
// (syntax/pragmaBodies), which the parser calls, read the same type without importing the parser.

export interface SNode {
  type: string;
  start: number;
  end: number;
  field: string | null;
  named: boolean;
  missing: boolean;
  children: SNode[];
  parent: SNode | null;
}

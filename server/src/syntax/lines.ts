// Offsets <-> LSP positions (0-based line, UTF-16 character), by binary search on line starts.

export interface Position { line: number; character: number }

export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  position(offset: number): Position {
    let lo = 0, hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return { line: lo, character: offset - this.starts[lo] };
  }

  offset(p: Position): number {
    const start = this.starts[Math.min(Math.max(p.line, 0), this.starts.length - 1)];
    const next = p.line + 1 < this.starts.length ? this.starts[p.line + 1] : this.text.length + 1;
    return Math.min(start + Math.max(p.character, 0), next - 1, this.text.length);
  }

  get lineCount(): number { return this.starts.length; }
}

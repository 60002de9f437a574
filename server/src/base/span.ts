// A stretch of the user's text: offsets in UTF-16 code units, as LSP counts them. Every layer
// speaks in spans; positions (line, character) are made from them only at the edges.

export interface Span { start: number; end: number }

/** `s` lies inside `outer`. */
export function within(s: Span, outer: Span): boolean { return outer.start <= s.start && s.end <= outer.end; }

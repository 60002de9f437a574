// Whether an angled header name no `-I` folder holds is one the tool knows (the C library, OpenMP,
// Cilk): the system's own headers are never read. The table of known headers lives beside this
// (preprocess/system); until it answers, every name is taken as known.

/** Whether `<name>` is a C library or runtime header the tool knows. */
export function isKnownSystemHeader(_name: string): boolean {
  return true;
}

// Inactive regions: the groups an `#if` leaves out, sent after each check for the editor to grey
// out, as clangd does.

import type { InactiveRegionsParams } from '../../../../shared/protocol';
import type { DocumentState } from '../documents';
import { sourceRangeOf } from '../convert';

export function inactiveRegions(state: DocumentState): InactiveRegionsParams {
  const ranges = state.checked.syntax.unit.inactive.map(span => sourceRangeOf(state.lines, span));
  return { uri: state.uri, version: state.version, ranges };
}

// The language server: wires LSP to the modules that do the work. Diagnostics are published
// after every burst of changes (documents.ts); features read the analysed state of the
// document's current version. A schedule's kernels (hover, lens) come from that state's model,
// in-process; translations and a whole file's `.cu` run in a worker (jobs.ts); all are kept per
// version.

import {
  CodeAction, CodeActionKind, Connection, createConnection, ErrorCodes, InitializeParams, LSPErrorCodes,
  CodeLensRefreshRequest, DocumentSymbol, ProposedFeatures, ResponseError, TextDocuments, TextDocumentSyncKind, WorkspaceEdit,
} from 'vscode-languageserver/node';
import type { CancellationToken } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import * as path from 'path';
import { packageVersion } from '../version';
import { toLsp } from '../base/diagnostic';
import type { MfDiagnostic } from '../base/diagnostic';
import type { TextEdit } from '../base/edits';
import type { Span } from '../base/span';
import { LineIndex } from '../base/lines';
import { CUDA_REQUEST, CudaParams, CudaResult as CudaResponse, TRANSLATE_REQUEST, TranslateParams, TranslateResult, OPTIMIZE_REQUEST, OptimizeParams, OptimizeResult as OptimizeResponse, ANALYZE_REQUEST, AnalyzeParams, CostEstimateResult as AnalyzeResponse, PLOT_REQUEST, PlotParams, PlotResult as PlotResponse } from '../../../shared/protocol';
import { Dialect } from '../../../shared/dialects';
import { formatCaseDiscussion } from '../optimize/format';
import { estimateSummary, formatSchedule } from '../cost/format';
import { GPUS } from '../cost/gpus';
import { DEFAULT_SETTINGS, GPU_PRESETS, isGpuPreset, MetaforkSettings, SETTINGS_SECTION } from '../../../shared/settings';
import type { Translation } from '../translate';
import { derive, DocumentState, DocumentStore, pathOf } from './documents';
import { constructSpan } from '../model/constructs';
import { Cancelled, Jobs } from './jobs';
import type { Result, Work } from './worker';
import { hover } from './hover';
import { minimalEdit, offloadActions, quickFixes, rangeOf, TileActionData, TranslationActionData, translationActions } from './actions';
import { casesLens, codeLenses, cudaLens, LensData, documentSymbols, semanticTokens, TOKEN_LEGEND } from './outline';

const DIALECTS: readonly Dialect[] = ['metafork', 'openmp', 'cilkplus'];

export function startServer(connection: Connection = createConnection(ProposedFeatures.all)): Connection {
  const documents = new TextDocuments(TextDocument);
  const jobs = new Jobs();
  let settings: MetaforkSettings = DEFAULT_SETTINGS;
  let client = { configuration: false, resolveEdit: false, disabled: false, documentChanges: false, lensRefresh: false };

  const store = new DocumentStore(
    uri => documents.get(uri),
    async state => {
      await connection.sendDiagnostics({ uri: state.uri, version: state.version, diagnostics: lsp(state.analysis.diagnostics, state.lines) });
    },
    message => connection.console.error(message),
  );

  connection.onInitialize((params: InitializeParams) => {
    const caps = params.capabilities;
    client = {
      configuration: !!caps.workspace?.configuration,
      resolveEdit: !!caps.textDocument?.codeAction?.resolveSupport?.properties.includes('edit'),
      disabled: !!caps.textDocument?.codeAction?.disabledSupport,
      documentChanges: !!caps.workspace?.workspaceEdit?.documentChanges,
      lensRefresh: !!caps.workspace?.codeLens?.refreshSupport,
    };
    settings = merge(params.initializationOptions?.settings);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite], resolveProvider: true },
        documentSymbolProvider: true,
        codeLensProvider: { resolveProvider: true },
        semanticTokensProvider: { legend: TOKEN_LEGEND, full: true },
      },
      serverInfo: { name: 'metafork', version: packageVersion() },
    };
  });

  connection.onInitialized(() => { void refreshSettings(); });
  connection.onDidChangeConfiguration(change => {
    if (client.configuration) void refreshSettings();
    else settings = merge(change.settings?.[SETTINGS_SECTION]);
  });
  const refreshSettings = async () => {
    if (!client.configuration) return;
    const before = JSON.stringify(settings.cuda);
    try { settings = merge(await connection.workspace.getConfiguration(SETTINGS_SECTION)); } catch { /* keep the last settings */ }
    // The lenses show the CUDA and its estimate for the memory mode and GPU of the settings.
    if (client.lensRefresh && JSON.stringify(settings.cuda) !== before) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  };

  documents.onDidChangeContent(({ document }) => store.changed(document.uri));
  documents.onDidClose(({ document }) => {
    store.closed(document.uri);
    symbolMemos.delete(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  /** The analysed current version of a document, or an LSP error for an unknown one. */
  const stateOf = async (uri: unknown, token?: CancellationToken): Promise<DocumentState> => {
    if (typeof uri !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'textDocument.uri must be a string');
    const state = await store.current(uri);
    if (!state) throw new ResponseError(ErrorCodes.InvalidParams, `unknown document ${uri}: open it first (textDocument/didOpen)`);
    if (token?.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
    return state;
  };
  const scheduleCuda = (state: DocumentState) => (schedule: Span) => store.scheduleCuda(state, schedule, settings.cuda.memory);
  /** A schedule's estimate on the configured GPU, in a sentence (`short`: the time alone). */
  const scheduleCost = (state: DocumentState, short = false) => (schedule: Span) => {
    const s = store.scheduleCost(state, schedule, settings.cuda.memory, settings.cuda.gpu);
    return s && estimateSummary(GPUS[settings.cuda.gpu], s, short);
  };
  const offsetOf = (state: DocumentState, position: unknown): number => {
    const p = position as { line?: unknown; character?: unknown } | undefined;
    if (!p || typeof p.line !== 'number' || typeof p.character !== 'number') throw new ResponseError(ErrorCodes.InvalidParams, 'position must be {line, character}');
    return state.lines.offset({ line: p.line, character: p.character });
  };
  /** A worker's result for this version: finished ones are kept with the state; requests for
   * one under way share its job (each may cancel only its own wait). */
  const job = async <W extends Work>(state: DocumentState, what: string, work: W, token?: CancellationToken): Promise<Result<W>> => {
    const key = `${state.uri}@${state.version}:${what}`;
    if (state.derived.has(key)) return state.derived.get(key) as Result<W>;
    const result = await jobs.run(key, work, token);
    state.derived.set(key, result);
    return result;
  };
  const translation = (state: DocumentState, to: Dialect, focus: number | undefined, token?: CancellationToken): Promise<Translation> =>
    job(state, `translate:${to}:${focus ?? ''}`, { kind: 'translate', text: state.text, to, options: { fileName: pathOf(state.uri), ...(focus === undefined ? {} : { focus }) } }, token);
  /** Maps the server's errors to LSP errors (cancellation, time-out). */
  const answer = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (e) {
      if (e instanceof ResponseError) throw e;
      if (e instanceof Cancelled) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
      throw new ResponseError(LSPErrorCodes.RequestFailed, (e as Error).message);
    }
  };

  connection.onHover((params, token) => answer(async () => {
    const state = await stateOf(params.textDocument?.uri, token);
    return hover(state, offsetOf(state, params.position), scheduleCuda(state), scheduleCost(state));
  }));

  connection.onCodeAction((params, token) => answer(async () => {
    const state = await stateOf(params.textDocument?.uri, token);
    const offset = offsetOf(state, params.range?.start);
    const out: CodeAction[] = [];
    for (const { fix, diagnostic } of quickFixes(state, params.context?.diagnostics ?? [])) {
      out.push({ title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: fix.preferred, edit: workspaceEdit(state, fix.edits) });
    }
    // `only` lists kinds the client wants; a kind includes its sub-kinds (`refactor` ⊃ `refactor.rewrite`).
    const only = params.context?.only;
    const wanted = (kind: string) => !only || only.some(k => kind === k || kind.startsWith(`${k}.`));
    if (wanted(CodeActionKind.RefactorRewrite)) {
      for (const action of [...offloadActions(state, offset, client.disabled), ...translationActions(state, offset, client.disabled)]) {
        out.push(client.resolveEdit || action.disabled ? action : await resolveAction(action, token));
      }
    }
    return out.filter(a => wanted(a.kind ?? ''));
  }));

  const resolveAction = (action: CodeAction, token?: CancellationToken): Promise<CodeAction> =>
    (action.data as { kind?: string } | undefined)?.kind === 'tile' ? resolveOffload(action, token) : resolveTranslation(action, token);

  /** The nest at the action's offset as a meta_schedule (computed in the worker). */
  const resolveOffload = async (action: CodeAction, token?: CancellationToken): Promise<CodeAction> => {
    const data = action.data as TileActionData;
    const state = await stateOf(data.uri, token);
    if (state.version !== data.version) throw new ResponseError(LSPErrorCodes.ContentModified, 'the document changed since this action was offered');
    const result = await job(state, `tile:${data.offset}`, { kind: 'tile', text: state.text, options: { fileName: pathOf(state.uri), offset: data.offset } }, token);
    if (result.text === undefined) {
      void connection.window.showErrorMessage(`MetaFork: the loop nest stays serial: ${result.nests[0]?.reasons[0] ?? result.diagnostics[0]?.message ?? 'refused'}`);
      return { ...action, edit: { changes: {} } };
    }
    return { ...action, edit: workspaceEdit(state, [minimalEdit(state.text, result.text)]) };
  };

  const resolveTranslation = async (action: CodeAction, token?: CancellationToken): Promise<CodeAction> => {
    const data = action.data as TranslationActionData | undefined;
    if (!data || data.kind !== 'translate' || !DIALECTS.includes(data.to)) throw new ResponseError(ErrorCodes.InvalidParams, 'not a MetaFork translation action');
    const state = await stateOf(data.uri, token);
    if (state.version !== data.version) throw new ResponseError(LSPErrorCodes.ContentModified, 'the document changed since this action was offered');
    const result = await translation(state, data.to, data.focus, token);
    if (result.text === undefined) {
      const why = result.diagnostics.filter(d => d.severity === 'error').map(d => `${state.lines.position(d.start).line + 1}:${state.lines.position(d.start).character + 1}: ${d.message}`);
      void connection.window.showErrorMessage(`MetaFork: no translation to ${data.to}: ${why.join('; ') || 'refused'}`);
      return { ...action, edit: { changes: {} } };
    }
    return { ...action, edit: workspaceEdit(state, [minimalEdit(state.text, result.text)]) };
  };
  connection.onCodeActionResolve((action, token) => answer(() => resolveAction(action, token)));

  const workspaceEdit = (state: DocumentState, edits: TextEdit[]): WorkspaceEdit => {
    const lspEdits = edits.map(e => ({ range: rangeOf(state, e), newText: e.newText }));
    return client.documentChanges
      ? { documentChanges: [{ textDocument: { uri: state.uri, version: state.version }, edits: lspEdits }] }
      : { changes: { [state.uri]: lspEdits } };
  };

  const symbolMemos = new Map<string, Map<string, DocumentSymbol>>();
  connection.onDocumentSymbol((params, token) => answer(async () => {
    const state = await stateOf(params.textDocument?.uri, token);
    return derive(state, 'symbols', () => {
      const { symbols, memo } = documentSymbols(state, symbolMemos.get(state.uri) ?? new Map());
      symbolMemos.set(state.uri, memo);
      return symbols;
    });
  }));
  connection.onCodeLens((params, token) => answer(async () => {
    const state = await stateOf(params.textDocument?.uri, token);
    return codeLenses(state, store.schedules(state));
  }));
  connection.languages.semanticTokens.on((params, token) => answer(async () => {
    const state = await stateOf(params.textDocument?.uri, token);
    return derive(state, 'tokens', () => semanticTokens(state));
  }));

  connection.onRequest(TRANSLATE_REQUEST, (params: TranslateParams, token) => answer(async (): Promise<TranslateResult> => {
    const state = await stateOf(params?.textDocument?.uri, token);
    if (!DIALECTS.includes(params.to)) throw new ResponseError(ErrorCodes.InvalidParams, `'to' must be one of ${DIALECTS.join(', ')}`);
    const focus = params.position === undefined ? undefined : offsetOf(state, params.position);
    const result = await translation(state, params.to, focus, token);
    return {
      version: state.version, ...(result.text === undefined ? {} : { text: result.text }),
      diagnostics: lsp(result.diagnostics, state.lines), from: result.from, to: result.to,
      ...(result.focus ? { range: rangeOf(state, result.focus.input) } : {}),
    };
  }));

  connection.onRequest(CUDA_REQUEST, (params: CudaParams, token) => answer(async (): Promise<CudaResponse> => {
    const state = await stateOf(params?.textDocument?.uri, token);
    const memory = params.memory ?? settings.cuda.memory;
    if (memory !== 'global' && memory !== 'shared') throw new ResponseError(ErrorCodes.InvalidParams, "'memory' must be 'global' or 'shared'");
    const result = await job(state, `cuda:${memory}`, { kind: 'cuda', text: state.text, options: { fileName: pathOf(state.uri), memory } }, token);
    return {
      version: state.version, ...(result.text === undefined ? {} : { text: result.text }),
      diagnostics: lsp(result.diagnostics, state.lines), kernels: result.kernels, tiles: result.tiles,
      schedules: result.schedules.map(s => ({
        range: rangeOf(state, s),
        kernels: s.kernels.map(k => ({ name: k.name, source: k.source, launch: k.launch, grid: k.grid, block: k.block })),
      })),
    };
  }));

  /** The optimization of the document (every schedule, or the one at `offset`), in the worker.
   * Registers come from the configured nvcc only (never one found on the PATH: SPEC §12). */
  const optimization = (state: DocumentState, offset: number | undefined, token?: CancellationToken) => {
    const nvcc = settings.cuda.nvccPath;
    const registers = nvcc ? { nvcc } : 'estimate' as const;
    return job(state, `optimize:${offset ?? ''}:${nvcc}`, { kind: 'optimize', text: state.text, options: { fileName: pathOf(state.uri), registers, ...(offset === undefined ? {} : { offset }) } }, token);
  };

  connection.onCodeLensResolve((lens, token) => answer(async () => {
    const data = lens.data as LensData | undefined;
    if (!data || (data.kind !== 'cases' && data.kind !== 'cuda')) return lens;
    const state = await stateOf(data.uri, token);
    if (state.version !== data.version) throw new ResponseError(LSPErrorCodes.ContentModified, 'the document changed since this lens was offered');
    if (data.kind === 'cuda') return cudaLens(lens, data, scheduleCuda(state)(data), scheduleCost(state, true)(data));
    return casesLens(lens, data, await optimization(state, undefined, token));
  }));

  connection.onRequest(OPTIMIZE_REQUEST, (params: OptimizeParams, token) => answer(async (): Promise<OptimizeResponse> => {
    const state = await stateOf(params?.textDocument?.uri, token);
    const offset = params.position === undefined ? undefined : offsetOf(state, params.position);
    const result = await optimization(state, offset, token);
    // The discussion names the file as people see it in the editor's tab.
    const name = path.basename(pathOf(state.uri) ?? state.uri);
    return {
      version: state.version,
      ...(result.schedules.length ? { text: result.schedules.map(s => formatCaseDiscussion(name, s)).join('\n') } : {}),
      ...(result.cuda === undefined ? {} : { cuda: result.cuda }),
      diagnostics: lsp([...result.diagnostics, ...result.schedules.flatMap(s => s.notes)], state.lines),
      schedules: result.schedules.map(s => ({
        range: rangeOf(state, s),
        cases: s.cases.map(c => ({
          index: c.index, summary: c.summary, constraints: c.systems.map(x => x.constraints), strategies: c.systems.map(x => x.strategies),
          registers: c.registers, sharedWords: c.sharedWords, metafork: c.metafork, kernels: c.kernels,
        })),
        empty: s.empty.map(e => e.constraints),
        milliseconds: s.milliseconds,
      })),
    };
  }));

  connection.onRequest(ANALYZE_REQUEST, (params: AnalyzeParams, token) => answer(async (): Promise<AnalyzeResponse> => {
    const state = await stateOf(params?.textDocument?.uri, token);
    const gpu = params.gpu ?? settings.cuda.gpu;
    if (!isGpuPreset(gpu)) throw new ResponseError(ErrorCodes.InvalidParams, `'gpu' must be one of ${GPU_PRESETS.join(', ')}`);
    const set = params.set ?? {};
    if (typeof set !== 'object' || Object.values(set).some(v => typeof v !== 'number' || !Number.isFinite(v))) throw new ResponseError(ErrorCodes.InvalidParams, "'set' must map names to numbers");
    const offset = params.position === undefined ? undefined : offsetOf(state, params.position);
    const options = { fileName: pathOf(state.uri), gpu, set, memory: settings.cuda.memory, ...(offset === undefined ? {} : { offset }) };
    const result = await job(state, `analyze:${JSON.stringify(options)}`, { kind: 'analyze', text: state.text, options }, token);
    const name = path.basename(pathOf(state.uri) ?? state.uri);
    return {
      version: state.version,
      ...(result.schedules.length ? { text: result.schedules.map(s => formatSchedule(name, result, s)).join('\n') } : {}),
      gpu: { name: result.gpu.name, sms: result.gpu.sms, clockMHz: result.gpu.clockMHz },
      diagnostics: lsp(result.diagnostics, state.lines),
      schedules: result.schedules.map(({ start, end, line: _line, ...s }) => ({ range: rangeOf(state, { start, end }), ...s, kernels: s.kernels.map(k => ({ ...k, at: { ...k.at } })) })),
    };
  }));

  connection.onRequest(PLOT_REQUEST, (params: PlotParams, token) => answer(async (): Promise<PlotResponse> => {
    const state = await stateOf(params?.textDocument?.uri, token);
    const gpu = params.gpu ?? settings.cuda.gpu;
    if (!isGpuPreset(gpu)) throw new ResponseError(ErrorCodes.InvalidParams, `'gpu' must be one of ${GPU_PRESETS.join(', ')}`);
    const offset = offsetOf(state, params.position);
    // One plot per schedule and version: the cursor moving inside it asks for the same job.
    const at = store.schedules(state).map(constructSpan).find(s => s.start <= offset && offset <= s.end);
    const result = await job(state, `plot:${gpu}:${at?.start ?? offset}`, { kind: 'plot', text: state.text, options: { fileName: pathOf(state.uri), offset: at?.start ?? offset, gpu } }, token);
    return {
      version: state.version, gpu: result.gpu,
      ...(result.cases.length ? { range: rangeOf(state, { start: result.start, end: result.end }) } : {}),
      blockParameters: result.blockParameters, values: result.values, assumed: result.assumed,
      cases: result.cases.map(c => ({ ...c, points: c.points.map(p => ({ ...p, microseconds: Number.isFinite(p.microseconds) ? p.microseconds : null })) })),
      ...(result.chosen ? { chosen: result.chosen } : {}),
      diagnostics: lsp(result.diagnostics, state.lines),
    };
  }));

  connection.onShutdown(() => jobs.dispose());
  documents.listen(connection);
  connection.listen();
  return connection;
}

function lsp(diagnostics: readonly MfDiagnostic[], lines: LineIndex) {
  return diagnostics.map(d => toLsp(d, lines));
}

function merge(partial: unknown): MetaforkSettings {
  const p = (partial ?? {}) as Partial<MetaforkSettings>;
  const cuda = { ...DEFAULT_SETTINGS.cuda, ...(p.cuda ?? {}) };
  // A GPU the presets do not know (a typo in settings.json) falls back to the default preset.
  if (!isGpuPreset(cuda.gpu)) cuda.gpu = DEFAULT_SETTINGS.cuda.gpu;
  return { ...DEFAULT_SETTINGS, ...p, cuda };
}

"use strict";
// Neovim (0.7, headless) as the LSP client: the README's snippet starts the server with
// vim.lsp.start_client and attaches it to a MetaFork and an OpenMP buffer; the diagnostics Neovim
// receives, and a hover asked through Neovim, are written to a JSON file that this test reads.
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const common_1 = require("./common");
/** Lua string literal (the paths here are ASCII: JSON's escapes are then Lua's). */
const lua = (s) => {
    if (!/^[\x20-\x7e]*$/.test(s))
        throw new Error(`not a printable ASCII path: ${s}`);
    return JSON.stringify(s);
};
const HARD_TIMEOUT_MS = 40000;
(0, node_test_1.test)('Neovim: diagnostics and hover through vim.lsp.start_client (README snippet)', async (t) => {
    if (!(0, common_1.hasCommand)('nvim')) {
        t.skip('nvim not installed');
        return;
    }
    const dir = (0, common_1.fixtureDir)('metafork-nvim-');
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const resultFile = path.join(dir, 'result.json');
    // The README's Neovim 0.7 snippet, with the server named by absolute path.
    const snippet = (0, common_1.substituteOnce)((0, common_1.readmeSnippets)('lua')[0], "cmd = { 'metafork', 'lsp', '--stdio' }", `cmd = { ${common_1.SERVER_CMD.map(lua).join(', ')} }`);
    const files = common_1.FIXTURES.map(f => path.join(dir, f.file));
    const script = `
local results = { published = {}, shown = {}, filetypes = {}, notes = {}, waited = false }
vim.notify = function(msg) table.insert(results.notes, tostring(msg)) end
local publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  table.insert(results.published, result)
  return publish(err, result, ctx, config)
end
local function published(file)
  for _, p in ipairs(results.published) do
    if p.uri == vim.uri_from_fname(file) then return true end
  end
  return false
end
local files = { ${files.map(lua).join(', ')} }
local function main()
  vim.cmd('filetype on')
-- README snippet begins
${snippet}
-- README snippet ends
  local bufs = {}
  for _, f in ipairs(files) do
    vim.cmd('edit ' .. vim.fn.fnameescape(f))
    bufs[f] = vim.api.nvim_get_current_buf()
    results.filetypes[vim.fn.fnamemodify(f, ':t')] = vim.bo.filetype
  end
  results.waited = vim.wait(20000, function()
    for _, f in ipairs(files) do if not published(f) then return false end end
    return true
  end, 20)
  for f, b in pairs(bufs) do
    local shown = {}
    for _, d in ipairs(vim.diagnostic.get(b)) do
      table.insert(shown, { lnum = d.lnum, code = d.code, message = d.message })
    end
    results.shown[vim.fn.fnamemodify(f, ':t')] = shown
  end
  local hover_buf = bufs[${lua(path.join(dir, common_1.HOVER_AT.file))}]
  vim.api.nvim_set_current_buf(hover_buf)
  local params = { textDocument = { uri = vim.uri_from_bufnr(hover_buf) }, position = { line = ${common_1.HOVER_AT.line}, character = ${common_1.HOVER_AT.character} } }
  -- Neovim 0.7 sends no request a server did not advertise (buf_request_sync would just time out).
  local capable = false
  for _, client in pairs(vim.lsp.buf_get_clients(hover_buf)) do
    if client.resolved_capabilities.hover then capable = true end
  end
  if capable then
    local responses, err = vim.lsp.buf_request_sync(hover_buf, 'textDocument/hover', params, 5000)
    results.hoverError = err
    for _, r in pairs(responses or {}) do results.hover = { result = r.result, error = r.error } end
  else
    results.hoverError = 'the server advertises no hoverProvider'
  end
end
local ok, err = xpcall(main, debug.traceback)
if not ok then results.error = tostring(err) end
local out = io.open(${lua(resultFile)}, 'w')
out:write(vim.fn.json_encode(results))
out:close()
for _, client in ipairs(vim.lsp.get_active_clients()) do client.stop() end
vim.wait(2000, function() return #vim.lsp.get_active_clients() == 0 end, 20)
vim.cmd('qa!')
`;
    fs.writeFileSync(path.join(dir, 't.lua'), script);
    const run = await (0, common_1.runWithTimeout)('nvim', ['--headless', '--clean', '-u', 'NONE', '-c', 'luafile t.lua'], { cwd: dir, timeoutMs: HARD_TIMEOUT_MS });
    t.diagnostic(`nvim ran ${(run.ms / 1000).toFixed(1)} s`);
    strict_1.default.ok(!run.timedOut, `nvim killed after ${HARD_TIMEOUT_MS} ms\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
    strict_1.default.ok(fs.existsSync(resultFile), `nvim wrote no result (exit ${run.status})\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
    const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
    strict_1.default.equal(result.error, undefined, `the Lua script failed: ${result.error}`);
    strict_1.default.deepEqual(result.filetypes, { 'fib.mfc': 'metafork', 'omp.c': 'c' });
    strict_1.default.ok(result.waited, `no diagnostics published for every file within 20 s: ${JSON.stringify(result.published)}`);
    await t.test('diagnostics: codes and lines', () => {
        for (const f of common_1.FIXTURES) {
            const last = (0, common_1.lastFor)(result.published, f.file);
            strict_1.default.ok(last, `nothing published for ${f.file}`);
            strict_1.default.deepEqual(last.diagnostics.map(d => ({ code: d.code, line: d.range.start.line })), f.expect, f.file);
            // ... and Neovim shows them on those lines.
            strict_1.default.deepEqual(result.shown[f.file].map(d => ({ code: d.code, line: d.lnum })), f.expect, `vim.diagnostic for ${f.file}`);
        }
    });
    await t.test('hover on meta_fork', () => {
        const text = (0, common_1.hoverText)(result.hover?.result?.contents);
        strict_1.default.match(text, common_1.HOVER_SAYS, `hover at ${common_1.HOVER_AT.file}:${common_1.HOVER_AT.line + 1}:${common_1.HOVER_AT.character + 1}: ${JSON.stringify({ hover: result.hover, error: result.hoverError, notes: result.notes })}`);
    });
});
//# sourceMappingURL=neovim.test.js.map
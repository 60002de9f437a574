// Neovim (0.7, headless) as the LSP client: the README's snippet starts the server with
// vim.lsp.start_client and attaches it to a MetaFork and an OpenMP buffer; the diagnostics Neovim
// receives, and a hover asked through Neovim, are written to a JSON file that this test reads.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { FIXTURES, HOVER_AT, HOVER_SAYS, hoverText, Published, SERVER_CMD, fixtureDir, hasCommand, lastFor, readmeSnippets, runWithTimeout, substituteOnce } from './common';

/** Lua string literal (the paths here are ASCII: JSON's escapes are then Lua's). */
const lua = (s: string) => {
  if (!/^[\x20-\x7e]*$/.test(s)) throw new Error(`not a printable ASCII path: ${s}`);
  return JSON.stringify(s);
};

interface NvimResult {
  error?: string;
  waited: boolean;
  filetypes: Record<string, string>;
  published: Published[];
  /** What vim.diagnostic holds per file: the editor-side view of the same diagnostics. */
  shown: Record<string, { lnum: number; code?: string; message: string }[]>;
  hover?: { result?: { contents?: unknown }; error?: { code: number; message: string } };
  hoverError?: string;
  notes: string[];
}

const HARD_TIMEOUT_MS = 40000;

test('Neovim: diagnostics and hover through vim.lsp.start_client (README snippet)', async t => {
  if (!hasCommand('nvim')) { t.skip('nvim not installed'); return; }
  const dir = fixtureDir('metafork-nvim-');
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const resultFile = path.join(dir, 'result.json');
  // The README's Neovim 0.7 snippet, with the server named by absolute path.
  const snippet = substituteOnce(readmeSnippets('lua')[0], "cmd = { 'metafork', 'lsp', '--stdio' }", `cmd = { ${SERVER_CMD.map(lua).join(', ')} }`);
  const files = FIXTURES.map(f => path.join(dir, f.file));
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
  local hover_buf = bufs[${lua(path.join(dir, HOVER_AT.file))}]
  vim.api.nvim_set_current_buf(hover_buf)
  local params = { textDocument = { uri = vim.uri_from_bufnr(hover_buf) }, position = { line = ${HOVER_AT.line}, character = ${HOVER_AT.character} } }
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
  const run = await runWithTimeout('nvim', ['--headless', '--clean', '-u', 'NONE', '-c', 'luafile t.lua'], { cwd: dir, timeoutMs: HARD_TIMEOUT_MS });
  t.diagnostic(`nvim ran ${(run.ms / 1000).toFixed(1)} s`);
  assert.ok(!run.timedOut, `nvim killed after ${HARD_TIMEOUT_MS} ms\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  assert.ok(fs.existsSync(resultFile), `nvim wrote no result (exit ${run.status})\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  const result = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as NvimResult;
  assert.equal(result.error, undefined, `the Lua script failed: ${result.error}`);
  assert.deepEqual(result.filetypes, { 'fib.mfc': 'metafork', 'omp.c': 'c' });
  assert.ok(result.waited, `no diagnostics published for every file within 20 s: ${JSON.stringify(result.published)}`);

  await t.test('diagnostics: codes and lines', () => {
    for (const f of FIXTURES) {
      const last = lastFor(result.published, f.file);
      assert.ok(last, `nothing published for ${f.file}`);
      assert.deepEqual(last.diagnostics.map(d => ({ code: d.code, line: d.range.start.line })), f.expect, f.file);
      // ... and Neovim shows them on those lines.
      assert.deepEqual(result.shown[f.file].map(d => ({ code: d.code, line: d.lnum })), f.expect, `vim.diagnostic for ${f.file}`);
    }
  });

  await t.test('hover on meta_fork', () => {
    const text = hoverText(result.hover?.result?.contents);
    assert.match(text, HOVER_SAYS, `hover at ${HOVER_AT.file}:${HOVER_AT.line + 1}:${HOVER_AT.character + 1}: ${JSON.stringify({ hover: result.hover, error: result.hoverError, notes: result.notes })}`);
  });
});

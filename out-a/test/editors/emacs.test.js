"use strict";
// Emacs (batch, -Q) with eglot as the LSP client: the README's snippet defines metafork-mode and
// the eglot-server-programs entry; eglot-ensure starts the server for a MetaFork and an OpenMP
// buffer. The publishDiagnostics notifications eglot handles (seen through an advice on
// eglot-handle-notification), what Flymake shows, and a hover asked through eglot are written to a
// JSON file that this test reads.
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
const child_process_1 = require("child_process");
const common_1 = require("./common");
/** Elisp string literal (the paths here are ASCII: JSON's escapes are then Elisp's). */
const elisp = (s) => {
    if (!/^[\x20-\x7e]*$/.test(s))
        throw new Error(`not a printable ASCII path: ${s}`);
    return JSON.stringify(s);
};
/** Debian's elpa-eglot lives under site-lisp/elpa, which `emacs -Q` does not put on the load-path. */
const LOAD_PATH = `(dolist (dir (file-expand-wildcards "/usr/share/emacs/site-lisp/elpa/*")) (add-to-list 'load-path dir))`;
function eglotAvailable() {
    const version = (0, child_process_1.spawnSync)('emacs', ['--version'], { stdio: 'ignore', timeout: 10000 });
    if (version.error || version.status !== 0)
        return 'emacs not installed';
    const eglot = (0, child_process_1.spawnSync)('emacs', ['--batch', '-Q', '--eval', `(progn ${LOAD_PATH} (require 'eglot))`], { encoding: 'utf8', timeout: 20000 });
    if (eglot.status !== 0)
        return `eglot not available to emacs -Q: ${(eglot.stderr || '').trim().split('\n').pop()}`;
    return undefined;
}
const HARD_TIMEOUT_MS = 40000;
(0, node_test_1.test)('Emacs: diagnostics and hover through eglot (README snippet)', async (t) => {
    const missing = eglotAvailable();
    if (missing) {
        t.skip(missing);
        return;
    }
    const dir = (0, common_1.fixtureDir)('metafork-emacs-');
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const resultFile = path.join(dir, 'result.json');
    // The README's eglot snippet, with the server named by absolute path.
    const snippet = (0, common_1.substituteOnce)((0, common_1.readmeSnippets)('elisp')[0], '("metafork" "lsp" "--stdio")', `(${common_1.SERVER_CMD.map(elisp).join(' ')})`);
    const files = common_1.FIXTURES.map(f => path.join(dir, f.file));
    const script = `
${LOAD_PATH}
(require 'json)
(require 'cl-lib)
(defvar mf-published nil)
(defvar mf-result (list (cons 'waited :json-false)))
(defun mf-put (key value) (setf (alist-get key mf-result) value))
(defun mf-diag (d)
  \`((code . ,(plist-get d :code))
    (message . ,(plist-get d :message))
    (range . ((start . ((line . ,(plist-get (plist-get (plist-get d :range) :start) :line))))))))
(defun mf-record (_server method &rest params)
  (when (eq method 'textDocument/publishDiagnostics)
    (push \`((uri . ,(plist-get params :uri))
            ,@(when (plist-get params :version) \`((version . ,(plist-get params :version))))
            (diagnostics . ,(vconcat (mapcar #'mf-diag (plist-get params :diagnostics)))))
          mf-published)))
(defun mf-published-p (file)
  (cl-some (lambda (p) (string-suffix-p (concat "/" (file-name-nondirectory file)) (alist-get 'uri p))) mf-published))
(defvar mf-files (list ${files.map(elisp).join(' ')}))
(condition-case err
    (progn
;; README snippet begins
${snippet}
;; README snippet ends
      ;; The README's alternative for C buffers (metafork-mode, derived from c-mode, runs it too).
      (add-hook 'c-mode-hook #'eglot-ensure)
      (advice-add 'eglot-handle-notification :before #'mf-record)
      (let ((modes nil) (managed nil))
        (dolist (f mf-files)
          (with-current-buffer (find-file-noselect f)
            ;; eglot-ensure connects from post-command-hook: batch Emacs runs no command loop.
            (run-hooks 'post-command-hook)
            (push (cons (file-name-nondirectory f) (symbol-name major-mode)) modes)
            (push (cons (file-name-nondirectory f) (if eglot--managed-mode t :json-false)) managed)))
        (mf-put 'modes modes)
        (mf-put 'managed managed))
      (let ((deadline (+ (float-time) 20)))
        (while (and (not (cl-every #'mf-published-p mf-files)) (< (float-time) deadline))
          (accept-process-output nil 0.05)))
      (mf-put 'waited (if (cl-every #'mf-published-p mf-files) t :json-false))
      (let ((shown nil))
        (dolist (f mf-files)
          (with-current-buffer (get-file-buffer f)
            ;; Flymake starts its backends on an idle timer, and batch Emacs is never idle.
            (flymake-start)
            (let ((deadline (+ (float-time) 5)))
              (while (and (flymake-running-backends) (not (flymake-reporting-backends)) (< (float-time) deadline))
                (accept-process-output nil 0.05)))
            (push (cons (file-name-nondirectory f)
                        (vconcat (mapcar (lambda (d) \`((line . ,(1- (line-number-at-pos (flymake-diagnostic-beg d))))
                                                        (text . ,(flymake-diagnostic-text d))))
                                         (flymake-diagnostics))))
                  shown)))
        (mf-put 'shown shown))
      (with-current-buffer (get-file-buffer ${elisp(path.join(dir, common_1.HOVER_AT.file))})
        (goto-char (point-min))
        (forward-line ${common_1.HOVER_AT.line})
        (forward-char ${common_1.HOVER_AT.character})
        (if (not (eglot--server-capable :hoverProvider))
            (mf-put 'hoverError "the server advertises no hoverProvider")
          (condition-case herr
              (mf-put 'hover (let ((r (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover
                                                       (eglot--TextDocumentPositionParams) :timeout 5)))
                               \`((contents . ,(plist-get r :contents)))))
            (error (mf-put 'hoverError (format "%S" herr)))))))
  (error (mf-put 'error (format "%S" err))))
(mf-put 'published (vconcat (reverse mf-published)))
(with-temp-file ${elisp(resultFile)} (insert (json-encode mf-result)))
(ignore-errors (eglot-shutdown-all))
(kill-emacs 0)
`;
    fs.writeFileSync(path.join(dir, 't.el'), script);
    const run = await (0, common_1.runWithTimeout)('emacs', ['--batch', '-Q', '-l', path.join(dir, 't.el')], { cwd: dir, timeoutMs: HARD_TIMEOUT_MS });
    t.diagnostic(`emacs ran ${(run.ms / 1000).toFixed(1)} s`);
    strict_1.default.ok(!run.timedOut, `emacs killed after ${HARD_TIMEOUT_MS} ms\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
    strict_1.default.ok(fs.existsSync(resultFile), `emacs wrote no result (exit ${run.status})\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
    const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
    strict_1.default.equal(result.error, undefined, `the Elisp script failed: ${result.error}\nstderr: ${run.stderr}`);
    strict_1.default.deepEqual(result.modes, { 'fib.mfc': 'metafork-mode', 'omp.c': 'c-mode' });
    strict_1.default.deepEqual(result.managed, { 'fib.mfc': true, 'omp.c': true }, 'eglot manages both buffers');
    strict_1.default.ok(result.waited, `no diagnostics published for every file within 20 s: ${JSON.stringify(result.published)}\nstderr: ${run.stderr}`);
    await t.test('diagnostics: codes and lines', () => {
        for (const f of common_1.FIXTURES) {
            const last = (0, common_1.lastFor)(result.published, f.file);
            strict_1.default.ok(last, `nothing published for ${f.file}`);
            strict_1.default.deepEqual(last.diagnostics.map(d => ({ code: d.code, line: d.range.start.line })), f.expect, f.file);
            // ... and Flymake shows them on those lines, with the code in the text.
            strict_1.default.deepEqual(result.shown[f.file].map(d => ({ code: /\[(MF\d+)\]/.exec(d.text)?.[1], line: d.line })), f.expect, `Flymake for ${f.file}`);
        }
    });
    await t.test('hover on meta_fork', () => {
        const text = (0, common_1.hoverText)(result.hover?.contents);
        strict_1.default.match(text, common_1.HOVER_SAYS, `hover at ${common_1.HOVER_AT.file}:${common_1.HOVER_AT.line + 1}:${common_1.HOVER_AT.character + 1}: ${JSON.stringify({ hover: result.hover, error: result.hoverError, stderr: run.stderr })}`);
    });
});
//# sourceMappingURL=emacs.test.js.map
"use strict";
// The data of the editor's plot: for the schedule at a position, the estimated time of
// each case of its comprehensive optimization against the block size, on a GPU preset; a point
// is marked feasible when the case's constraints hold there with the preset's limits, and the
// chosen point is the fastest feasible one (what the dispatcher's ranking picks on that GPU).
Object.defineProperty(exports, "__esModule", { value: true });
exports.plotData = plotData;
const index_1 = require("../checks/index");
const index_2 = require("../cuda/index");
const constructs_1 = require("../model/constructs");
const constraints_1 = require("./constraints");
const index_3 = require("./index");
const program_1 = require("./program");
const index_4 = require("../cost/index");
const gpus_1 = require("../cost/gpus");
async function plotData(text, options) {
    const gpu = gpus_1.GPUS[options.gpu ?? 'h100'];
    const empty = (diagnostics) => ({
        gpu: gpu.name,
        start: options.offset,
        end: options.offset,
        blockParameters: [],
        values: {},
        assumed: [],
        cases: [],
        diagnostics,
    });
    const analysis = await (0, index_1.checkText)(text, options.fileName, options);
    try {
        const { source, diagnostics } = (0, program_1.readScheduleSource)(analysis, options.fileName, { offset: options.offset });
        if (!source)
            return empty(diagnostics);
        const { result, systems, programs } = await (0, index_3.optimizeSchedule)(source, {
            fileName: options.fileName,
            // nvcc's counts where it took them (the case view's), never run here: the plot follows the cursor.
            registers: 'cached',
        });
        const limits = (0, gpus_1.machineLimits)(gpu);
        const cases = [];
        let values = {}, blockParameters = [], assumed = [];
        for (const [k, c] of result.cases.entries()) {
            // The case's own program, analysed like the input: its schedule is the same ordinal.
            const program = await (0, index_1.checkText)(programs[k], options.fileName, analysis.syntax.context);
            try {
                const schedule = (0, index_2.schedulesOf)(program.model)[source.ordinal];
                const cost = (0, index_4.estimateFromModel)(program.model, program.diagnostics, {
                    gpu: options.gpu,
                    set: options.set,
                    registers: c.registers,
                    offset: (0, constructs_1.constructSpan)(schedule).start,
                });
                const s = cost.schedules[0];
                if (!s)
                    continue;
                if (k === 0) {
                    values = Object.fromEntries(Object.entries(s.values).filter(([n]) => !s.blockParameters.includes(n) && !source.derived.some(d => d.name === n)));
                    blockParameters = s.blockParameters;
                    assumed = s.assumed.filter(n => n in values);
                }
                // A case's constraints are about the program's parameters as given (its own s), the machine's limits.
                const given = Object.fromEntries(source.tunables.filter(t => t.role === 'granularity').map(t => [t.name, values[t.name] ?? s.values[t.name]]));
                const points = s.sweep.map(p => {
                    const point = new Map([
                        [constraints_1.MACHINE.registers, BigInt(limits.R_B)],
                        [constraints_1.MACHINE.sharedWords, BigInt(limits.Z_B)],
                        [constraints_1.MACHINE.threads, BigInt(limits.T_B)],
                    ]);
                    for (const [n, v] of Object.entries({ ...s.values, ...given, ...p.block }))
                        if (v !== undefined)
                            point.set(n, BigInt(Math.round(v)));
                    const fits = systems[k].some(sys => sys.every(x => {
                        try {
                            return (0, constraints_1.holdsAt)(x, point);
                        }
                        catch {
                            return false;
                        }
                    }));
                    return { block: p.block, threads: p.threads, microseconds: p.microseconds, fits };
                });
                cases.push({ index: c.index, summary: c.summary, points });
            }
            finally {
                program.syntax.dispose();
            }
        }
        let chosen;
        for (const c of cases)
            for (const p of c.points)
                if (p.fits && Number.isFinite(p.microseconds) && (!chosen || p.microseconds < chosen.microseconds))
                    chosen = { case: c.index, block: p.block, threads: p.threads, microseconds: p.microseconds };
        return {
            gpu: gpu.name,
            start: result.start,
            end: result.end,
            blockParameters,
            values,
            assumed,
            cases,
            ...(chosen ? { chosen } : {}),
            diagnostics: [...diagnostics, ...result.notes],
        };
    }
    finally {
        analysis.syntax.dispose();
    }
}
//# sourceMappingURL=plot.js.map
package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/render"
)

// techniqueRun is what `generate --technique` was asked for.
type techniqueRun struct {
	name     string
	report   bool
	count    int
	seed     uint64
	sym      engine.Symmetry
	attempts int
	digOnly  bool
	png      string
}

// orTechniques lists techniques one of which applies, as English lists
// alternatives (l10n's OrList): "a or b", "a, b or c". NeverFirst names
// three for the two-unit fish, so naming the first two would leave
// Claiming out.
func orTechniques(ts []engine.TechniqueID) string {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = string(t)
	}
	return l10n.English().OrList(names)
}

// techniqueNames is the list an unknown name's error offers: the
// techniques training offers (engine.Offered).
func techniqueNames() string {
	var names []string
	for _, t := range engine.TechniqueIDs() {
		if engine.Offered(t) {
			names = append(names, string(t))
		}
	}
	return strings.Join(names, ", ")
}

// dig says whether the run digs (engine.GenerateTechnique) rather than
// serves from the technique library (engine.TrainingPuzzle, what training
// does): asked with --attempts, or a --symmetry the library's puzzles do
// not have.
func (tr techniqueRun) dig() bool {
	return tr.attempts != 0 || tr.digOnly || tr.sym != engine.SymNone
}

// make makes one puzzle of the run.
func (tr techniqueRun) make(t engine.TechniqueID, seed uint64) (engine.TechniquePuzzle, error) {
	if tr.dig() {
		return engine.GenerateTechnique(engine.TechniqueOptions{Technique: t, Seed: seed,
			Symmetry: tr.sym, Attempts: tr.attempts, DigOnly: tr.digOnly})
	}
	return engine.TrainingPuzzle(engine.TrainOptions{Technique: t, Seed: seed})
}

// runGenerateTechnique prints, per puzzle, PUZZLE LEVEL SCORE STEP
// POSITION: the puzzle, its grade, the index of the first step of the
// technique in its teaching path and the position just before it (81
// cells, or - when training starts from the puzzle itself). With --report
// it measures every technique instead.
func runGenerateTechnique(ctx context.Context, env *cliEnv, tr techniqueRun) int {
	if tr.report || tr.name == "all" {
		if tr.name != "all" || !tr.report {
			fmt.Fprintln(env.stderr, "generate: --report goes with --technique all, and --technique all with --report")
			return exitUsage
		}
		return techniqueReport(ctx, env, tr)
	}
	t, ok := engine.LookupTechnique(tr.name)
	if !ok {
		fmt.Fprintf(env.stderr, "generate: --technique: unknown technique %q; choose one of: %s\n", tr.name, techniqueNames())
		return exitUsage
	}
	if !engine.Trainable(t) {
		fmt.Fprintf(env.stderr, "generate: --technique: %s is not on the solving path (hints never teach it), so no puzzle can need it; choose one of: %s\n", t, techniqueNames())
		return exitUsage
	}
	by, never := engine.NeverFirst(t)
	switch {
	case never && tr.dig():
		fmt.Fprintf(env.stderr, "generate: --technique: %s is never the solving path's first step: wherever it applies, %s applies too and comes first (engine.NeverFirst), so no dug puzzle can need it; without --attempts or --symmetry it is served from its illustrations. Offered: %s\n", t, orTechniques(by), techniqueNames())
		return exitError
	case !engine.Servable(t) && tr.dig():
		fmt.Fprintf(env.stderr, "generate: --technique: %s: no puzzle that needs it is known yet (the technique library has none, see engine/pooldata/TECHNIQUES.md); digging for one (--attempts, or a --symmetry) rarely succeeds. Offered: %s\n", t, techniqueNames())
	case !engine.Offered(t):
		fmt.Fprintf(env.stderr, "generate: --technique: %s: no puzzle that needs it is known yet (the technique library has none, see engine/pooldata/TECHNIQUES.md), so it cannot be trained; dig for one with --attempts N. Offered: %s\n", t, techniqueNames())
		return exitError
	case !engine.Servable(t) && never:
		fmt.Fprintf(env.stderr, "generate: %s is never the solving path's first step (wherever it applies, %s applies too): served from its illustrations, positions where it applies although an easier step does too; STEP is the position's index on the path and LEVEL SCORE the puzzle's grade\n", t, orTechniques(by))
	case !engine.Servable(t):
		fmt.Fprintf(env.stderr, "generate: %s: no puzzle whose path takes it first is known yet (engine/pooldata/TECHNIQUES.md): served from its illustrations, positions where it applies although an easier step does too; STEP is the position's index on the path and LEVEL SCORE the puzzle's grade\n", t)
	}
	if tr.png != "" && tr.count != 1 {
		fmt.Fprintln(env.stderr, "generate: --png draws one puzzle: use it with --count 1")
		return exitUsage
	}
	out := bufio.NewWriter(env.stdout)
	code := exitOK
	for i := range tr.count {
		if err := ctx.Err(); err != nil {
			out.Flush()
			fmt.Fprintf(env.stderr, "generate: %v\n", err)
			return exitError
		}
		tp, err := tr.make(t, engine.DeriveSeed(tr.seed, uint64(i)))
		if err != nil {
			code = exitError
			fmt.Fprintf(out, "error: %v\n", err)
		} else {
			pos := "-"
			if tp.StartBefore {
				pos = tp.Position.Grid.String()
			}
			fmt.Fprintf(out, "%s %s %.1f %d %s\n", tp.Puzzle, tp.Grade.Level, tp.Grade.Score, tp.StepIndex+1, pos)
			if tr.png != "" {
				if err := techniquePNG(env, tr.png, tp); err != nil {
					out.Flush()
					fmt.Fprintf(env.stderr, "generate: --png: %v\n", err)
					return exitError
				}
			}
		}
		if err := out.Flush(); err != nil {
			fmt.Fprintf(env.stderr, "generate: %v\n", err)
			return exitError
		}
	}
	return code
}

// techniquePNG draws where training starts: the position before the step
// with its candidates and the step's area (hint level 1), or the puzzle.
func techniquePNG(env *cliEnv, path string, tp engine.TechniquePuzzle) error {
	p := render.Position{Puzzle: tp.Puzzle}
	o := render.Options{}
	if tp.StartBefore {
		marks := tp.Position.Cands
		for c, d := range tp.Position.Grid {
			if d != 0 {
				marks[c] = 0
			}
		}
		p.Progress, p.Marks, o.Candidates = tp.Position.Grid, &marks, true
		s := tp.Step
		o.Hint, o.HintLevel = &s, 1
	}
	b, err := render.BoardPNG(p, o)
	if err != nil {
		return err
	}
	if path == "-" {
		_, err = env.stdout.Write(b)
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// techniqueReport generates count puzzles for every technique of the
// catalogue and prints, per technique, how many it made, how many came
// from the pool or the technique library, the time each took (median, p95
// and max CPU time of the process where the system tells it, else wall
// time; and the p95 wall time, what a player waits on this machine) and
// why the others failed.
func techniqueReport(ctx context.Context, env *cliEnv, tr techniqueRun) int {
	// Fixed widths rather than a tabwriter: each row is printed as soon as
	// it is measured.
	w := bufio.NewWriter(env.stdout)
	const row = "%-36s %-8s %-6s %-7s %-14s %-12s %-12s %-13s %-13s %-14s %s\n"
	clock := "cpu"
	if _, ok := cpuTime(); !ok {
		clock = "wall"
	}
	fmt.Fprintf(w, row, "technique", "level", "made", "pooled", "median "+clock+" ms", "p95 "+clock+" ms", "max "+clock+" ms", "p95 wall ms", "median tried", "from position", "note")
	var unreachable []string
	for _, t := range engine.TechniqueIDs() {
		if err := ctx.Err(); err != nil {
			w.Flush()
			fmt.Fprintf(env.stderr, "generate: %v\n", err)
			return exitError
		}
		level := engine.TechniqueLevel(t, 0)
		if !engine.Trainable(t) {
			unreachable = append(unreachable, fmt.Sprintf("%s (%s): off the solving path (engine.OffPath), never taught", t, level))
			continue
		}
		var times, walls []time.Duration
		var tried []int
		made, pooled, before := 0, 0, 0
		note := ""
		if !engine.Servable(t) && engine.Offered(t) && !tr.dig() {
			note = "from illustrations: no puzzle whose path takes it first is known (engine/pooldata/TECHNIQUES.md says why)"
			if by, never := engine.NeverFirst(t); never {
				note = fmt.Sprintf("from illustrations: never taken first (engine.NeverFirst), %s always comes first", orTechniques(by))
			}
		}
		for i := range tr.count {
			start, cpu0 := time.Now(), must(cpuTime())
			tp, err := tr.make(t, engine.DeriveSeed(tr.seed, uint64(i)))
			d := time.Since(start)
			walls = append(walls, d)
			if c, ok := cpuTime(); ok {
				d = c - cpu0
			}
			times = append(times, d)
			if err != nil {
				switch {
				case errors.Is(err, engine.ErrTechniqueUnavailable):
					note = "no puzzle known: none in the technique library (engine/pooldata/TECHNIQUES.md says why)"
					if by, never := engine.NeverFirst(t); never {
						note = fmt.Sprintf("never taken first (engine.NeverFirst): %s always comes first", orTechniques(by))
					}
				case errors.Is(err, engine.ErrTechniqueNotReached):
					note = "not reached within budget"
				default:
					note = err.Error()
				}
				continue
			}
			made++
			tried = append(tried, tp.Tried)
			if tp.Pooled {
				pooled++
			}
			if tp.StartBefore {
				before++
			}
		}
		slices.Sort(times)
		slices.Sort(walls)
		slices.Sort(tried)
		medTried := "-"
		if len(tried) > 0 {
			medTried = fmt.Sprint(tried[len(tried)/2])
		}
		if made == 0 {
			unreachable = append(unreachable, fmt.Sprintf("%s (%s): %s (%d seeds)", t, level, note, tr.count))
		}
		fmt.Fprintf(w, row, t, level, fmt.Sprintf("%d/%d", made, tr.count), fmt.Sprint(pooled),
			fmt.Sprintf("%.1f", ms(times[len(times)/2])), fmt.Sprintf("%.1f", ms(p95(times))),
			fmt.Sprintf("%.1f", ms(times[len(times)-1])), fmt.Sprintf("%.1f", ms(p95(walls))), medTried, fmt.Sprint(before), note)
		// Flush each row: the whole report takes minutes.
		if err := w.Flush(); err != nil {
			return exitError
		}
	}
	fmt.Fprintf(w, "\nnot reached (%d):\n", len(unreachable))
	for _, u := range unreachable {
		fmt.Fprintf(w, "  %s\n", u)
	}
	if err := w.Flush(); err != nil {
		return exitError
	}
	return exitOK
}

// p95 is the nearest-rank 95th percentile of sorted durations.
func p95(d []time.Duration) time.Duration { return d[(len(d)*95+99)/100-1] }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func must(d time.Duration, _ bool) time.Duration { return d }

package cli

import (
	"bufio"
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"flag"
	"fmt"

	"github.com/sudokubot/sudokubot/engine"
)

// runGenerate prints one generated puzzle per line. Puzzle i of a run
// comes from engine.DeriveSeed(seed, i), so any one of a batch can be
// regenerated, and a run without --seed reports the seed it drew.
func runGenerate(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	count := fs.Int("count", 1, "number of puzzles")
	seed := fs.Uint64("seed", 0, "seed of the run (default: a random one, printed to standard error)")
	symName := fs.String("symmetry", "none", "symmetry of the givens: none, rotational, rotational90, horizontal, vertical, diagonal, antidiagonal")
	givens := fs.Int("givens", 0, "stop at this many givens, 17-81 (default: dig to a minimal puzzle)")
	level := fs.String("level", "", "difficulty level: easy, medium, hard, expert, master or extreme (default: any)")
	technique := fs.String("technique", "", "a technique the puzzle's teaching path must take, e.g. X-Wing (all, with --report, measures every one)")
	report := fs.Bool("report", false, "with --technique all: the success rate and time of every technique, --count seeds each")
	attempts := fs.Int("attempts", 0, "with --technique, puzzles to dig before the pool is searched (default: by the technique's level)")
	png := fs.String("png", "", "with --technique and --count 1, draw where training starts to `FILE` (- for standard output)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot generate [--level L] [--count N] [--seed S] [--symmetry SYM] [--givens N]")
		fmt.Fprintln(fs.Output(), "       sudokubot generate --technique NAME [--count N] [--seed S] [--symmetry SYM] [--attempts N] [--png FILE]")
		fmt.Fprintln(fs.Output(), "       sudokubot generate --technique all --report [--count N] [--seed S]")
		fmt.Fprintln(fs.Output(), "Prints PUZZLE LEVEL SCORE per line (81 characters, '.' for a blank; the grade")
		fmt.Fprintln(fs.Output(), "on the player scale, as rate prints it), each puzzle with a unique solution;")
		fmt.Fprintln(fs.Output(), "the same flags and seed always give the same puzzles. With --technique each line")
		fmt.Fprintln(fs.Output(), "is PUZZLE LEVEL SCORE STEP POSITION: STEP is the number of the technique's first")
		fmt.Fprintln(fs.Output(), "step in the hints' path, POSITION the board just before it where training starts")
		fmt.Fprintln(fs.Output(), "there (81 cells), or - when it starts from the puzzle.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(env, fs, args); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(env.stderr, "generate: "+format+"\n", a...)
		return exitUsage
	}
	if fs.NArg() > 0 {
		return usageErr("unexpected argument %q", fs.Arg(0))
	}
	var lv engine.Level
	if *level != "" {
		l, err := engine.ParseLevel(*level)
		if err != nil {
			return usageErr("--level: %v", err)
		}
		if *givens != 0 {
			return usageErr("--givens and --level cannot be combined: the level decides how far to dig")
		}
		lv = l
	}
	if *technique != "" && (*level != "" || *givens != 0) {
		return usageErr("--technique cannot be combined with --level or --givens: the technique decides the level")
	}
	if *technique == "" && (*report || *attempts != 0 || *png != "") {
		return usageErr("--report, --attempts and --png go with --technique")
	}
	if *count < 1 {
		return usageErr("--count must be at least 1, got %d", *count)
	}
	sym, err := engine.ParseSymmetry(*symName)
	if err != nil {
		return usageErr("--symmetry: %v", err)
	}
	if *givens != 0 && (*givens < 17 || *givens > engine.NumCells) {
		return usageErr("--givens must be 17-81 (no unique puzzle has fewer than 17), got %d", *givens)
	}
	seeded := false
	fs.Visit(func(f *flag.Flag) { seeded = seeded || f.Name == "seed" })
	if !seeded {
		var b [8]byte
		if _, err := crand.Read(b[:]); err != nil {
			fmt.Fprintf(env.stderr, "generate: drawing a seed: %v\n", err)
			return exitError
		}
		*seed = binary.LittleEndian.Uint64(b[:])
		fmt.Fprintf(env.stderr, "generate: seed %d (repeat with --seed %d)\n", *seed, *seed)
	}

	if *technique != "" {
		if *report && !countSet(fs) {
			*count = 5
		}
		return runGenerateTechnique(ctx, env, techniqueRun{name: *technique, report: *report, count: *count, seed: *seed,
			sym: sym, attempts: *attempts, png: *png})
	}

	out := bufio.NewWriter(env.stdout)
	code := exitOK
	for i := range *count {
		if err := ctx.Err(); err != nil {
			out.Flush()
			fmt.Fprintf(env.stderr, "generate: %v\n", err)
			return exitError
		}
		var line string
		if *level != "" {
			line, err = generateLevelLine(lv, engine.DeriveSeed(*seed, uint64(i)), sym)
		} else {
			line, err = generateLine(engine.DeriveSeed(*seed, uint64(i)), sym, *givens)
		}
		if err != nil {
			code = exitError
			fmt.Fprintf(out, "error: %v\n", err)
		} else {
			fmt.Fprintln(out, line)
		}
		// Flush each line: generating can be slow, and a consumer of a
		// pipe should see puzzles as they come.
		if err := out.Flush(); err != nil {
			fmt.Fprintf(env.stderr, "generate: %v\n", err)
			return exitError
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(env.stderr, "generate: %v\n", err)
		return exitError
	}
	return code
}

// generateLine digs one puzzle with no level in mind and grades it, so
// every line of generate has the same PUZZLE LEVEL SCORE form.
func generateLine(seed uint64, sym engine.Symmetry, givens int) (string, error) {
	p, err := engine.Generate(engine.GenerateOptions{Seed: seed, Symmetry: sym, Givens: givens})
	if err != nil {
		return "", err
	}
	g, err := engine.Rate(p.Puzzle)
	if err != nil {
		return "", fmt.Errorf("grading %s: %w", p.Puzzle, err)
	}
	return fmt.Sprintf("%s %s %.1f", p.Puzzle, g.Level, g.Score), nil
}

// countSet reports whether --count was given.
func countSet(fs *flag.FlagSet) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "count" })
	return set
}

package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// runTechlib mines and builds the technique library
// (engine/pooldata/techniques.txt, see TECHNIQUES.md there).
func runTechlib(ctx context.Context, env *cliEnv, args []string) int {
	if len(args) > 0 && args[0] == "scan" {
		return techlibScan(ctx, env, args[1:])
	}
	if len(args) > 0 && args[0] == "build" {
		return techlibBuild(ctx, env, args[1:])
	}
	if len(args) > 0 && args[0] == "illustrate" {
		return techlibIllustrate(ctx, env, args[1:])
	}
	if len(args) > 0 && args[0] == "climb" {
		return techlibClimb(ctx, env, args[1:])
	}
	if len(args) > 0 && args[0] == "climbs" {
		return techlibClimbs(ctx, env, args[1:])
	}
	fs := flag.NewFlagSet("techlib", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot techlib scan|illustrate|climb|climbs|build ...")
		fmt.Fprintln(fs.Output(), "  scan        walk puzzles (files, or dug from seeds) and append the technique library's finds to a file")
		fmt.Fprintln(fs.Output(), "  illustrate  walk puzzles and append illustrations (a technique that applies where the path takes another step) to a file")
		fmt.Fprintln(fs.Output(), "  climb       move givens, one at a time, towards puzzles whose path takes a rare technique, and append them to a file")
		fmt.Fprintln(fs.Output(), "  climbs      show where the bot's background climbs (technique-climb jobs) stand, from its database")
		fmt.Fprintln(fs.Output(), "  build       merge scan files into engine/pooldata/techniques.txt (--illustrations: into illustrations.txt)")
		fmt.Fprintln(fs.Output(), "See engine/pooldata/TECHNIQUES.md; techlib scan -h, illustrate -h, climb -h and build -h for their flags.")
	}
	if code, ok := parseFlagsOnly(env, fs, args); !ok {
		return code
	}
	fs.Usage()
	return exitUsage
}

// scanItem is one puzzle to scan and where it came from.
type scanItem struct {
	source string
	grid   engine.Grid
}

// techlibScan walks puzzles' teaching paths and appends every library
// find to --out, with a "# done SOURCE" line after each puzzle, so a run
// that stops resumes where it was (the done sources are skipped) and
// several processes may mine disjoint inputs into their own files.
func techlibScan(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("techlib scan", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	out := fs.String("out", "", "`FILE` the finds are appended to (required); its done sources are skipped")
	maxText := fs.String("max-level", "master", "walk no path above this `LEVEL` (extreme walks cost seconds a puzzle)")
	digFrom := fs.Uint64("dig-seed", 0, "dig minimal puzzles from this `SEED` on (engine.MineGrid), as well as reading FILEs")
	digCount := fs.Int("dig-count", 0, "how many puzzles to dig")
	digGivens := fs.Int("dig-givens", 0, "dig to this many givens (engine.Generate) rather than to a minimal puzzle: 26-30 gives the medium puzzles the direct techniques need")
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles walked in parallel")
	repair := fs.Int("repair", 0, "with --want: add up to `N` givens to puzzles whose path takes a wanted technique but then needs something harder (engine.LibraryRepair)")
	wantText := fs.String("want", "", "comma-separated `TECHNIQUES` whose finds are kept (default: all); the rare ones, when the common ones have plenty")
	nearText := fs.String("neighbours", "", "comma-separated `TECHNIQUES`: also walk every puzzle one moved given away from the shipped library's puzzles of these (engine.MovedGivens; source SOURCE~rXcY>rZcW)")
	nearFrom := fs.String("neighbours-from", "", "comma-separated scan `FILES` whose puzzles of the --neighbours techniques have their neighbours walked instead of the shipped library's: feeding each run's finds to the next spreads out from a rare find")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot techlib scan --out FILE [--max-level L] [--neighbours TECHNIQUES [--neighbours-from FILES]] [--dig-seed S --dig-count N [--dig-givens N]] [-j N] [PUZZLE-FILE...]")
		fmt.Fprintln(fs.Output(), "Appends library lines (engine.LibraryEntry) for every technique each puzzle trains.")
		fs.PrintDefaults()
	}
	files, code, ok := parseFlagsInterspersed(env, fs, args)
	if !ok {
		return code
	}
	maxLevel, err := engine.ParseLevel(*maxText)
	if err != nil || *out == "" || *jobs < 1 || *digCount < 0 {
		fmt.Fprintln(env.stderr, "techlib scan: need --out, a valid --max-level, -j >= 1 and --dig-count >= 0")
		return exitUsage
	}
	want, err := wantedTechniques(*wantText)
	if err != nil {
		fmt.Fprintf(env.stderr, "techlib scan: --want: %v\n", err)
		return exitUsage
	}
	near, err := wantedTechniques(*nearText)
	if err != nil {
		fmt.Fprintf(env.stderr, "techlib scan: --neighbours: %v\n", err)
		return exitUsage
	}
	if *nearFrom != "" && len(near) == 0 {
		fmt.Fprintln(env.stderr, "techlib scan: --neighbours-from walks the neighbours of the --neighbours techniques' puzzles: name them with --neighbours")
		return exitUsage
	}
	nearLib := engine.DefaultTechniqueLibrary()
	if *nearFrom != "" {
		var extra []engine.LibraryEntry
		for _, name := range strings.Split(*nearFrom, ",") {
			if err := readScanFile(name, func(e engine.LibraryEntry) { extra = append(extra, e) }); err != nil {
				fmt.Fprintf(env.stderr, "techlib scan: --neighbours-from: %v\n", err)
				return exitUsage
			}
		}
		nearLib = new(engine.TechniqueLibrary).With(extra)
	}
	feed := func(ctx context.Context, items chan<- scanItem, done map[string]bool) error {
		return scanInputs(ctx, items, done, files, near, nearLib, *digFrom, *digCount, *digGivens)
	}
	return scanToFile(ctx, env, "techlib scan", *out, *jobs, 100, feed, func(it scanItem) ([]engine.LibraryEntry, string, error) {
		finds, err := engine.LibraryFinds(it.grid, maxLevel, it.source)
		if err == nil && *repair > 0 {
			var more []engine.LibraryEntry
			more, err = engine.LibraryRepair(it.grid, want, rand.New(rand.NewPCG(hashSource(it.source), 1)), *repair, it.source)
			finds = append(finds, more...)
		}
		kept := finds[:0:0]
		for _, e := range finds {
			if len(want) == 0 || want[e.Technique] {
				kept = append(kept, e)
			}
		}
		return kept, "", err
	})
}

// scanToFile is the loop techlib scan and illustrate share: it reads the
// sources out already holds as done, feeds the others to jobs workers
// that walk each puzzle, and appends each puzzle's entries to out with a
// "# done SOURCE" line after them (a puzzle whose walk failed is
// reported and marked done too), printing progress every puzzles. A walk
// may return a note on the puzzle, written as a "# " line before its
// done line (techlib climb records each climb so). name prefixes the
// messages.
func scanToFile(ctx context.Context, env *cliEnv, name, out string, jobs, every int,
	feed func(ctx context.Context, items chan<- scanItem, done map[string]bool) error,
	walk func(scanItem) ([]engine.LibraryEntry, string, error)) int {
	done, err := scanDone(out)
	if err != nil {
		fmt.Fprintf(env.stderr, "%s: %v\n", name, err)
		return exitError
	}
	f, err := os.OpenFile(out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		fmt.Fprintf(env.stderr, "%s: %v\n", name, err)
		return exitError
	}
	defer f.Close()

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	items := make(chan scanItem)
	var readErr error
	go func() {
		defer close(items)
		if readErr = feed(ctx, items, done); readErr != nil {
			cancel()
		}
	}()
	var mu sync.Mutex
	var wg sync.WaitGroup
	scanned, found := 0, 0
	start := time.Now()
	for range jobs {
		wg.Go(func() {
			for it := range items {
				finds, note, err := walk(it)
				mu.Lock()
				if err != nil {
					fmt.Fprintf(env.stderr, "%s: %s: %v\n", name, it.source, err)
				}
				for _, e := range finds {
					fmt.Fprintln(f, e)
					found++
				}
				if note != "" {
					fmt.Fprintf(f, "# %s\n", note)
				}
				fmt.Fprintf(f, "# done %s\n", it.source)
				scanned++
				if scanned%every == 0 {
					fmt.Fprintf(env.stderr, "%s: %d puzzles, %d finds, %s\n", name, scanned, found, time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if readErr != nil {
		fmt.Fprintf(env.stderr, "%s: %v\n", name, readErr)
		return exitError
	}
	fmt.Fprintf(env.stderr, "%s: %d puzzles, %d finds, %s\n", name, scanned, found, time.Since(start).Round(time.Second))
	return exitOK
}

// hashSource seeds a repair from the puzzle's source (FNV-1a), so a rerun
// repairs alike.
func hashSource(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// wantedTechniques reads --want: comma-separated technique names.
func wantedTechniques(text string) (map[engine.TechniqueID]bool, error) {
	want := map[engine.TechniqueID]bool{}
	for _, name := range strings.Split(text, ",") {
		if strings.TrimSpace(name) == "" {
			continue
		}
		t, ok := engine.LookupTechnique(name)
		if !ok {
			return nil, fmt.Errorf("unknown technique %q", name)
		}
		want[t] = true
	}
	return want, nil
}

// scanInputs sends the puzzles of the files, then the neighbours of
// nearLib's puzzles of the near techniques (catalogue order), then the
// dug ones, that are not done, until ctx ends.
func scanInputs(ctx context.Context, items chan<- scanItem, done map[string]bool, files []string, near map[engine.TechniqueID]bool, nearLib *engine.TechniqueLibrary, digFrom uint64, digCount, digGivens int) error {
	send := func(it scanItem) bool { return offer(ctx, items, done, it) }
	for _, name := range files {
		if err := readPuzzleFile(name, send); err != nil {
			return err
		}
	}
	// A puzzle two library puzzles share as a neighbour, or one of them,
	// is walked once a run: a run spreading out from a find meets the
	// same grids again by other moves.
	seen := map[string]bool{}
	for _, t := range engine.TechniqueIDs() {
		if near[t] {
			for _, e := range nearLib.Entries(t) {
				seen[e.Canon()] = true
			}
		}
	}
	for _, t := range engine.TechniqueIDs() {
		if !near[t] {
			continue
		}
		for _, e := range nearLib.Entries(t) {
			for move, g := range engine.MovedGivens(e.Puzzle) {
				k := engine.CanonicalKey(g)
				if seen[k] {
					continue
				}
				seen[k] = true
				if !send(scanItem{source: e.Source + "~" + move, grid: g}) {
					return nil
				}
			}
		}
	}
	for i := range uint64(digCount) {
		s := digFrom + i
		it := scanItem{source: "dig:" + strconv.FormatUint(s, 10)}
		if digGivens == 0 {
			it.grid = engine.MineGrid(s)
		} else {
			p, err := engine.Generate(engine.GenerateOptions{Seed: s, Givens: digGivens})
			if err != nil {
				continue
			}
			it.source, it.grid = fmt.Sprintf("gen:%d:%d", s, digGivens), p.Puzzle
		}
		if !send(it) {
			return nil
		}
	}
	return nil
}

// offer sends it to the walkers unless an earlier run did it, and
// reports false when ctx ended first (the feed stops then).
func offer(ctx context.Context, items chan<- scanItem, done map[string]bool, it scanItem) bool {
	if done[it.source] {
		return true
	}
	select {
	case items <- it:
		return true
	case <-ctx.Done():
		return false
	}
}

// scanDone reads the sources an earlier scan into path finished.
func scanDone(path string) (map[string]bool, error) {
	done := map[string]bool{}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return done, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	for sc.Scan() {
		if s, ok := strings.CutPrefix(sc.Text(), "# done "); ok {
			done[s] = true
		}
	}
	return done, sc.Err()
}

// readPuzzleFile sends each puzzle of a puzzle file (the first field of
// each line; '#' lines skipped) as FILE:LINE.
func readPuzzleFile(name string, send func(scanItem) bool) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	base := filepath.Base(name)
	for sc.Scan() {
		n++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") || len(fields[0]) != engine.NumCells {
			continue
		}
		g, err := engine.Parse(fields[0])
		if err != nil {
			continue
		}
		if !send(scanItem{source: fmt.Sprintf("%s:%d", base, n), grid: g}) {
			return nil
		}
	}
	return sc.Err()
}

// techlibBuild merges scan files into the shipped library: at most --per
// puzzles per technique, one entry per puzzle and technique (the entries
// are in canonical form, so a puzzle found twice in disguise counts
// once), in the catalogue's order, with a header naming the command that
// made it. It prints to standard error how many each technique got.
func techlibBuild(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("techlib build", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	per := fs.Int("per", 24, "puzzles kept per technique")
	header := fs.String("header", "", "a provenance line for the header (the scan commands)")
	illus := fs.Bool("illustrations", false, "build engine/pooldata/illustrations.txt from techlib illustrate files: the best --per of each technique by rank (one teaching step search each)")
	practice := fs.Int("practice", 0, "with --illustrations, also keep up to `N` more of each technique, for training: the best by rank of those whose puzzle grades within the technique's level")
	verify := fs.Bool("verify", false, "walk every entry again (engine.LibraryEntry.Remake): re-make one whose step or grade moved, drop one whose technique the teaching path no longer takes, each named on stderr, and fail on any other fault; after a change to the path")
	jobs := fs.Int("j", runtime.NumCPU(), "entries verified in parallel, with --verify")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot techlib build [--per N] [--header TEXT] [--verify [-j N]] SCAN-FILE... > engine/pooldata/techniques.txt")
		fmt.Fprintln(fs.Output(), "       sudokubot techlib build --illustrations [--per N] [--practice N] [--header TEXT] ILLUSTRATE-FILE... > engine/pooldata/illustrations.txt")
		fs.PrintDefaults()
	}
	files, code, ok := parseFlagsInterspersed(env, fs, args)
	if !ok {
		return code
	}
	if *per < 1 || len(files) == 0 {
		fmt.Fprintln(env.stderr, "techlib build: need --per >= 1 and at least one scan file")
		return exitUsage
	}
	if *verify && *illus {
		fmt.Fprintln(env.stderr, "techlib build: --verify checks library entries; illustrations are not verified (build them without --verify)")
		return exitUsage
	}
	by := map[engine.TechniqueID][]engine.LibraryEntry{}
	seen := map[string]bool{}
	for _, name := range files {
		if err := readScanFile(name, func(e engine.LibraryEntry) {
			key := string(e.Technique) + " " + e.Canon()
			if seen[key] {
				return
			}
			seen[key] = true
			by[e.Technique] = append(by[e.Technique], e)
		}); err != nil {
			fmt.Fprintf(env.stderr, "techlib build: %v\n", err)
			return exitError
		}
	}
	if *verify && !verifyBuild(ctx, env, by, *jobs) {
		return exitError
	}
	w := bufio.NewWriter(env.stdout)
	if *illus {
		kept, err := buildIllustrations(by, *per, *practice)
		if err != nil {
			fmt.Fprintf(env.stderr, "techlib build: %v\n", err)
			return exitError
		}
		by = kept
		fmt.Fprintln(w, "# sudokubot illustrations: TECHNIQUE PUZZLE STEP PROGRESS CANDIDATES SCORE HARDEST SOURCE, tab-separated; STEP a position where the technique applies but the path takes another step (see TECHNIQUES.md)")
		practiceFlag := ""
		if *practice > 0 {
			practiceFlag = fmt.Sprintf(" --practice %d", *practice)
		}
		fmt.Fprintf(w, "# built with: sudokubot techlib build --illustrations --per %d%s %s\n", *per, practiceFlag, strings.Join(baseNames(files), " "))
	} else {
		fmt.Fprintln(w, "# sudokubot technique library: TECHNIQUE PUZZLE STEP PROGRESS CANDIDATES SCORE HARDEST SOURCE, tab-separated (see TECHNIQUES.md)")
		verifyFlag := ""
		if *verify {
			verifyFlag = " --verify"
		}
		fmt.Fprintf(w, "# built with: sudokubot techlib build --per %d%s %s\n", *per, verifyFlag, strings.Join(baseNames(files), " "))
	}
	if *header != "" {
		for _, l := range strings.Split(*header, "\n") {
			fmt.Fprintf(w, "# %s\n", l)
		}
	}
	var missing []string
	for _, t := range engine.TechniqueIDs() {
		if !engine.Trainable(t) {
			continue
		}
		es := by[t]
		if *illus {
			if len(es) == 0 {
				continue // only the techniques asked for
			}
			for _, e := range es {
				fmt.Fprintln(w, e)
			}
			fmt.Fprintf(env.stderr, "%-40s %s %d\n", t, engine.TechniqueLevel(t, 0), len(es))
			continue
		}
		// Spread the kept entries over the sources: dug and public
		// puzzles alike, never the first N of one file only.
		slices.SortStableFunc(es, func(a, b engine.LibraryEntry) int { return strings.Compare(a.Canon(), b.Canon()) })
		es = spreadRoots(es, *per)
		for _, e := range es {
			fmt.Fprintln(w, e)
		}
		fmt.Fprintf(env.stderr, "%-40s %s %d\n", t, engine.TechniqueLevel(t, 0), len(es))
		if len(es) == 0 {
			missing = append(missing, string(t))
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(env.stderr, "techlib build: %v\n", err)
		return exitError
	}
	if !*illus {
		// Illustrations are built for the techniques asked for only:
		// the others are not missing.
		fmt.Fprintf(env.stderr, "missing (%d): %s\n", len(missing), strings.Join(missing, ", "))
	}
	return exitOK
}

// verifyBuild re-makes or drops by's entries as verifyEntries does,
// reporting each on stderr; false when verifying failed (said there).
func verifyBuild(ctx context.Context, env *cliEnv, by map[engine.TechniqueID][]engine.LibraryEntry, jobs int) bool {
	var all []engine.LibraryEntry
	for _, t := range slices.Sorted(maps.Keys(by)) {
		all = append(all, by[t]...)
	}
	kept, changed, err := verifyEntries(ctx, all, max(jobs, 1), func(e engine.LibraryEntry, why error, remade bool) {
		what := "dropped"
		if remade {
			what = "re-made"
		}
		fmt.Fprintf(env.stderr, "techlib build: %s %s (%s): %v\n", what, e.Puzzle, e.Source, why)
	})
	if err != nil {
		fmt.Fprintf(env.stderr, "techlib build: --verify: %v\n", err)
		return false
	}
	clear(by)
	for _, e := range kept {
		by[e.Technique] = append(by[e.Technique], e)
	}
	fmt.Fprintf(env.stderr, "techlib build: --verify re-made %d and dropped %d of %d entries\n", changed, len(all)-len(kept), len(all))
	return true
}

// verifyEntries returns the entries of es as the teaching path takes
// them now, in their order, walking j at a time (engine.LibraryEntry.Remake,
// once each): an entry unchanged as it is, one whose step, position or
// grade moved re-made (changed counts them), none where the path no
// longer takes its technique (engine.ErrNotTaken). report hears of each
// entry re-made or dropped, with why. Any other error (an entry not in
// canonical form, a puzzle without one solution, an unsound step: a fault
// of the input or of the engine, never a reason to ship less) is
// returned, as is ctx's when it ends first.
func verifyEntries(ctx context.Context, es []engine.LibraryEntry, j int, report func(e engine.LibraryEntry, why error, remade bool)) (kept []engine.LibraryEntry, changed int, err error) {
	type result struct {
		f   engine.LibraryEntry
		err error
	}
	res := make([]result, len(es))
	next := make(chan int)
	var wg sync.WaitGroup
	for range j {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				e := es[i]
				if engine.Canonical(e.Puzzle) != e.Puzzle {
					res[i].err = fmt.Errorf("%s: the puzzle is not in canonical form", e.Technique)
					continue
				}
				res[i].f, res[i].err = e.Remake()
			}
		}()
	}
	for i := range es {
		if ctx.Err() != nil {
			break
		}
		select {
		case next <- i:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	for i, e := range es {
		r := res[i]
		switch {
		case errors.Is(r.err, engine.ErrNotTaken):
			report(e, r.err, false)
		case r.err != nil:
			return nil, 0, fmt.Errorf("%s (%s): %w", e.Puzzle, e.Source, r.err)
		case e.Mismatch(r.f) != nil:
			report(e, e.Mismatch(r.f), true)
			kept = append(kept, r.f)
			changed++
		default:
			kept = append(kept, e)
		}
	}
	return kept, changed, nil
}

// spreadRoots keeps at most per of es (in canonical key order), taking
// them in turn from each family (engine.LibraryEntry.Family): a climb's
// find and its neighbours are many related grids of one family (134
// Dynamic Forcing Chain (+) puzzles from one climb, the same step at the
// same place); in turn, the kept ones come from every climb. Entries of a
// source without moves are families of their own, so for them this is
// the canonical order's first per.
func spreadRoots(es []engine.LibraryEntry, per int) []engine.LibraryEntry {
	if len(es) <= per {
		return es
	}
	var roots []string
	by := map[string][]engine.LibraryEntry{}
	for _, e := range es {
		root := e.Family()
		if by[root] == nil {
			roots = append(roots, root)
		}
		by[root] = append(by[root], e)
	}
	var kept []engine.LibraryEntry
	for i := 0; len(kept) < per; i++ {
		for _, r := range roots {
			if i < len(by[r]) && len(kept) < per {
				kept = append(kept, by[r][i])
			}
		}
	}
	slices.SortStableFunc(kept, func(a, b engine.LibraryEntry) int { return strings.Compare(a.Canon(), b.Canon()) })
	return kept
}

// readScanFile calls add for each library line of a scan file.
func readScanFile(name string, add func(engine.LibraryEntry)) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return readLibraryLines(f, name, add)
}

func readLibraryLines(r io.Reader, name string, add func(engine.LibraryEntry)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		e, err := engine.ParseLibraryEntry(line)
		if err != nil {
			return fmt.Errorf("%s:%d: %w", name, n, err)
		}
		add(e)
	}
	return sc.Err()
}

func baseNames(files []string) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = filepath.Base(f)
	}
	return out
}

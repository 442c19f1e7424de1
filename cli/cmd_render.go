package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
	"github.com/sudokubot/sudokubot/render"
)

// renderFlags are the render command's settings after parsing.
type renderFlags struct {
	out        string
	progress   string
	marks      string
	candidates bool
	hint       bool
	level      int
	wrong      bool
	solution   bool
	theme      string
	size       int
	title      string
	card       bool
	time       time.Duration
	hints      int
	mistakes   int
	streak     int
	date       string
	number     int
	difficulty string
}

// runRender writes one PNG. Bad flags or arguments (a bad PUZZLE, progress
// that changes a given, a size out of range) are usage errors; a puzzle
// the engine cannot solve or explain is an "error: " line.
func runRender(_ context.Context, env *cliEnv, args []string) int {
	var f renderFlags
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	fs.StringVar(&f.out, "o", "", "write the PNG to `FILE` (- for standard output); required")
	fs.StringVar(&f.progress, "progress", "", "the player's board (81 cells, `GRID`): givens and entries")
	fs.StringVar(&f.marks, "marks", "", "the player's pencil marks: 81 comma-separated `CELLS` (as for hint); implies --candidates")
	fs.BoolVar(&f.candidates, "candidates", false, "draw the pencil marks of every empty cell")
	fs.BoolVar(&f.hint, "hint", false, "draw the next hint from this position")
	fs.IntVar(&f.level, "level", 0, "with --hint, how much to draw: 1 the area, 2 the cells and reasoning, 3 the result (default 3)")
	fs.BoolVar(&f.wrong, "wrong", false, "mark the entries that differ from the solution")
	fs.BoolVar(&f.solution, "solution", false, "draw the solved board")
	fs.StringVar(&f.theme, "theme", "dark", "colour `THEME`: dark or light")
	fs.IntVar(&f.size, "size", 0, fmt.Sprintf("image width in `PX`, %d-%d (default %d, %d for --card)", render.MinSize, render.MaxSize, render.DefaultSize, render.DefaultCardSize))
	fs.StringVar(&f.title, "title", "", "a line above the board, e.g. \"Daily · 22 Nov 2026 · Hard\" (with --hint, default the technique)")
	fs.BoolVar(&f.card, "card", false, "draw a spoiler-free result card instead of the board (uses --number, --date, --difficulty, --time, --hints, --mistakes, --streak)")
	fs.StringVar(&f.date, "date", "", "with --card, the daily's date, `YYYY-MM-DD`")
	fs.IntVar(&f.number, "number", 0, "with --card, the daily's number (0 hides it)")
	fs.StringVar(&f.difficulty, "difficulty", "", "with --card, the puzzle's `LEVEL`, drawn as pips ("+strings.Join(engine.LevelNames(), ", ")+")")
	fs.Var((*solveTime)(&f.time), "time", "with --card, the solve time: 12:34, 1:02:03 or 12m34s")
	fs.IntVar(&f.hints, "hints", 0, "with --card, hints used")
	fs.IntVar(&f.mistakes, "mistakes", 0, "with --card, mistakes made")
	fs.IntVar(&f.streak, "streak", 0, "with --card, the day streak (0 hides it)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot render [--progress GRID] [--marks CELLS] [--candidates] [--hint [--level 1-3]] [--wrong] [--solution] [--theme dark|light] [--size PX] [--title T] -o FILE PUZZLE")
		fmt.Fprintln(fs.Output(), "       sudokubot render --card [--number N] [--date YYYY-MM-DD] [--difficulty LEVEL] [--time D] [--hints N] [--mistakes N] [--streak N] -o FILE [PUZZLE]")
		fmt.Fprintln(fs.Output(), "PUZZLE is 81 cells, or - (or nothing) to read the first puzzle line of standard input.")
		fs.PrintDefaults()
	}
	rest, code, ok := parseFlagsInterspersed(env, fs, args)
	if !ok {
		return code
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(env.stderr, "render: "+format+"\n", a...)
		return exitUsage
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	switch {
	case f.out == "":
		return usage("-o FILE is required")
	case len(rest) > 1:
		return usage("want one PUZZLE argument, got %d", len(rest))
	case set["level"] && !f.hint:
		return usage("--level needs --hint")
	case f.hint && set["level"] && (f.level < 1 || f.level > engine.HintLevels):
		return usage("--level %d: want 1, 2 or 3", f.level)
	case set["size"] && (f.size < render.MinSize || f.size > render.MaxSize):
		return usage("--size %d: want %d to %d pixels", f.size, render.MinSize, render.MaxSize)
	case f.hint && f.solution:
		return usage("--hint and --solution do not go together")
	case f.time < 0 || f.hints < 0 || f.mistakes < 0 || f.streak < 0 || f.number < 0:
		return usage("--time, --hints, --mistakes, --streak and --number cannot be negative")
	case f.card && set["title"]:
		return usage("--title: a card carries no words, so it reads the same in every language; use --number, --date and --difficulty")
	case !f.card && (set["date"] || set["number"] || set["difficulty"]):
		return usage("--date, --number and --difficulty need --card")
	}
	var date time.Time
	if f.date != "" {
		d, err := time.Parse(time.DateOnly, f.date)
		if err != nil {
			return usage("--date %q: want YYYY-MM-DD", f.date)
		}
		date = d
	}
	var level engine.Level
	if f.difficulty != "" {
		var err error
		if level, err = engine.ParseLevel(f.difficulty); err != nil {
			return usage("--difficulty: %v", err)
		}
	}
	theme, err := render.ThemeByName(f.theme)
	if err != nil {
		return usage("--theme: %v", err)
	}

	// A card needs no puzzle; given one, it draws the puzzle's shape.
	var puzzle engine.Grid
	if !f.card || len(rest) == 1 {
		arg := "-"
		if len(rest) == 1 {
			arg = rest[0]
		}
		if puzzle, err = readPuzzleArg(env, arg); err != nil {
			return usage("PUZZLE: %v", err)
		}
	}

	var img image.Image
	if f.card {
		img, err = render.ResultCard(render.Result{Date: date, Number: f.number, Level: level, Graded: f.difficulty != "", Time: f.time, Hints: f.hints,
			Mistakes: f.mistakes, Streak: f.streak, Givens: puzzle}, render.Options{Theme: theme, Size: f.size})
	} else {
		var code int
		img, code = renderBoard(env, f, theme, puzzle)
		if img == nil {
			return code
		}
	}
	if err != nil {
		fmt.Fprintf(env.stdout, "error: %v\n", err)
		return exitError
	}
	if err := writeImage(env, f.out, img); err != nil {
		fmt.Fprintf(env.stdout, "error: %v\n", err)
		return exitError
	}
	return exitOK
}

// renderBoard draws the board for runRender. On failure it returns a nil
// image and the exit status, having said why.
func renderBoard(env *cliEnv, f renderFlags, theme render.Theme, puzzle engine.Grid) (image.Image, int) {
	usage := func(format string, a ...any) (image.Image, int) {
		fmt.Fprintf(env.stderr, "render: "+format+"\n", a...)
		return nil, exitUsage
	}
	fail := func(err error) (image.Image, int) {
		fmt.Fprintf(env.stdout, "error: %s\n", gradeErrorText(err))
		return nil, exitError
	}
	pos := render.Position{Puzzle: puzzle}
	if f.progress != "" {
		p, err := engine.Parse(f.progress)
		if err != nil {
			return usage("--progress: %v", err)
		}
		for c := range engine.NumCells {
			if puzzle[c] != 0 && p[c] != 0 && p[c] != puzzle[c] {
				return usage("--progress: %s is given as %d but progress has %d", engine.CellName(c), puzzle[c], p[c])
			}
		}
		pos.Progress = p
	}
	opts := render.Options{Theme: theme, Size: f.size, Title: f.title, Candidates: f.candidates || f.marks != ""}
	var hintOpts []engine.HintOption
	if f.marks != "" {
		m, err := parseMarks(f.marks)
		if err != nil {
			return usage("--marks: %v", err)
		}
		hintOpts = append(hintOpts, engine.WithMarks(m))
		pos.Marks = playerMarks(puzzle, pos.Progress, m)
	}

	// A puzzle without exactly one solution is an error whatever is
	// drawn: a board of it would present an unsolvable or ambiguous
	// puzzle as a good one.
	sol, err := engine.Solve(puzzle)
	if err != nil {
		return fail(fmt.Errorf("puzzle: %w", err))
	}
	if f.wrong || f.solution {
		if f.wrong {
			opts.Solution = sol
		}
		if f.solution {
			pos.Progress = sol
		}
	}

	if f.hint {
		h, err := engine.Hint(puzzle, pos.Progress, hintOpts...)
		if err != nil {
			if errors.Is(err, engine.ErrProgressMismatch) {
				return usage("%v", err)
			}
			return fail(err)
		}
		level := f.level
		if level == 0 {
			level = engine.HintLevels
		}
		title := ""
		switch h.Kind {
		case engine.HintStep:
			step := h.Step
			opts.Hint, opts.HintLevel = &step, level
			title = explain.Title(nil, step)
		case engine.HintMistake:
			title = "Mistake"
			if level >= 2 {
				// From level 2 on the hint names the wrong cells; the
				// image marks them, never showing the right digit.
				opts.Solution = sol
			}
		case engine.HintConflict:
			title = "Conflict" // the image marks broken rules anyway
		case engine.HintSolved:
			title = "Solved"
		}
		if opts.Title == "" {
			opts.Title = title
		}
		if f.out != "-" {
			fmt.Fprintln(env.stdout, strings.Join(explain.Hint(nil, h, level), "\n"))
		}
	}

	img, err := render.Board(pos, opts)
	if err != nil {
		if errors.Is(err, render.ErrProgress) || errors.Is(err, render.ErrGrid) {
			return usage("%v", err)
		}
		return fail(err)
	}
	return img, exitOK
}

// playerMarks turns the player's pencil marks into what render draws,
// as engine.Hint reads them: a marked cell shows its marks less the digits
// its peers rule out, an unmarked cell every candidate.
func playerMarks(puzzle, progress engine.Grid, m [engine.NumCells]engine.Digits) *[engine.NumCells]engine.Digits {
	g := puzzle
	for c, d := range progress {
		if d != 0 {
			g[c] = d
		}
	}
	marks := engine.NewBoard(g).Cands
	for c := range marks {
		if m[c] != 0 {
			marks[c] &= m[c]
		}
	}
	return &marks
}

// readPuzzleArg parses PUZZLE, or reads the first puzzle line of standard
// input when it is "-".
func readPuzzleArg(env *cliEnv, arg string) (engine.Grid, error) {
	if arg != "-" {
		return engine.Parse(arg)
	}
	var (
		g     engine.Grid
		found bool
	)
	errFound := errors.New("found")
	err := eachPuzzle(bufio.NewReader(env.stdin), func(p engine.Grid, err error) error {
		if err != nil {
			return err
		}
		g, found = p, true
		return errFound
	})
	switch {
	case errors.Is(err, errFound):
		return g, nil
	case err != nil:
		return g, fmt.Errorf("standard input: %w", err)
	case !found:
		return g, errors.New("no puzzle on standard input")
	}
	return g, nil
}

// writeImage encodes img to path, or to standard output for "-". A file
// is written whole or not at all.
func writeImage(env *cliEnv, path string, img image.Image) error {
	if path == "-" {
		return render.WritePNG(env.stdout, img)
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, ".render-*.png")
	if err != nil {
		// The error names the temporary file, which the user never asked
		// for: say what is wrong with the directory instead.
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("write %s: the directory %s does not exist", path, dir)
		}
		return fmt.Errorf("write %s: cannot create a file in %s: %w", path, dir, err)
	}
	defer os.Remove(tmp.Name()) // no-op once renamed
	w := bufio.NewWriter(tmp)
	err = tmp.Chmod(0o644)
	if err == nil {
		err = render.WritePNG(w, img)
	}
	if err == nil {
		err = w.Flush()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// solveTime is the --time flag: a solve time as a clock shows it (12:34,
// 1:02:03), which is how players write it, or as a Go duration (12m34s).
type solveTime time.Duration

func (t *solveTime) String() string {
	if t == nil || *t == 0 {
		return ""
	}
	return time.Duration(*t).String()
}

// Set reads MM:SS, H:MM:SS or a Go duration, at least zero.
func (t *solveTime) Set(v string) error {
	bad := fmt.Errorf("want a time like 12:34, 1:02:03 or 12m34s")
	if strings.Contains(v, ":") {
		parts := strings.Split(v, ":")
		if len(parts) > 3 {
			return bad
		}
		var d time.Duration
		for i, p := range parts {
			n, err := strconv.Atoi(p)
			if err != nil || n < 0 || n > 100000 || (i > 0 && (n > 59 || len(p) != 2)) {
				return bad
			}
			d = d*60 + time.Duration(n)
		}
		*t = solveTime(d * time.Second)
		return nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return bad
	}
	*t = solveTime(d)
	return nil
}

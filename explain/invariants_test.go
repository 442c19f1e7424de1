package explain

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/shareddata"
)

// The invariants every family's text must keep, checked on real paths
// through the shared puzzle sets: a level-2 hint never names a result,
// every text fits a Discord message, no line of the `steps` listing is
// longer than MaxLine, and every link joins candidates that really are
// linked in the position the step was found in.

var sweep = flag.Bool("sweep", false, "check every puzzle of the shared sets, not a fixed sample")

// discordLimit is the length of a Discord message's content.
const discordLimit = 2000

// fitsMessage reports whether a hint's lines fit a Discord message as the
// bot sends them: the whole text, or for a proof by cases (a step with
// branches, whose hints give the whole proof), the first line, which
// stands alone beside the proof attached as a file.
func fitsMessage(lines []string, s engine.Step) bool {
	text := strings.Join(lines, "\n")
	if len([]rune(text)) <= discordLimit {
		return true
	}
	return len(s.Branches) > 0 && len(lines) > 1 && len([]rune(lines[0])) <= discordLimit-200
}

// sharedSets are the shared puzzle files the invariants run over, with the
// number of puzzles CI samples from each (all of them with -sweep).
var sharedSets = []struct {
	file   string
	sample int
}{
	{"sxbank_easy.txt", 3}, {"sxbank_medium.txt", 3}, {"sxbank_hard.txt", 6},
	{"sxbank_diabolical.txt", 6}, {"sxbank_hardest_se8.8plus.txt", 3},
	{"cbg000_easy.txt", 2}, {"cbg000_medium.txt", 2}, {"cbg000_hard.txt", 3},
	{"cbg000_diabolical.txt", 4}, {"cbg000_first500_natural.txt", 2},
	{"csp_rules_ser_examples.txt", 3}, {"q2_hardest_top300.txt", 2},
}

func sharedPuzzles(t testing.TB, file string, n int) []engine.Grid {
	t.Helper()
	path := shareddata.Puzzles(t, file)
	if *sweep {
		path = shareddata.WholePuzzles(t, file)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []engine.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() && (n <= 0 || len(out) < n) {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		g, err := engine.Parse(strings.Fields(line)[0])
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		out = append(out, g)
	}
	return out
}

func TestInvariantsSharedSets(t *testing.T) {
	t.Parallel() // pure: the words are made from read-only catalogues
	for _, set := range sharedSets {
		t.Run(set.file, func(t *testing.T) {
			n := set.sample
			if *sweep {
				n = 0
			}
			for i, g := range sharedPuzzles(t, set.file, n) {
				p, err := engine.SolvePath(g)
				if err != nil {
					t.Fatalf("puzzle %d: %v", i+1, err)
				}
				b := engine.NewBoard(g)
				for j, s := range p.Steps {
					for _, err := range checkStep(&b, s) {
						t.Errorf("puzzle %d step %d (%s): %v", i+1, j+1, s.Technique, err)
					}
					b.Apply(s)
				}
			}
		})
	}
}

// checkStep checks one step found in position b against every invariant.
func checkStep(b *engine.Board, s engine.Step) []error {
	var errs []error
	if err := checkLinks(b, s); err != nil {
		errs = append(errs, err)
	}
	for _, l := range Step(nil, s) {
		if len(l) > MaxLine {
			errs = append(errs, fmt.Errorf("steps line of %d bytes: %.80q...", len(l), l))
		}
	}
	h := engine.HintResult{Kind: engine.HintStep, Cells: s.Cells, Step: s}
	for level := 1; level <= engine.HintLevels; level++ {
		lines := Hint(nil, h, level)
		text := strings.Join(lines, "\n")
		if !fitsMessage(lines, s) {
			errs = append(errs, fmt.Errorf("level %d text of %d characters", level, len(text)))
		}
		if strings.TrimSpace(text) == "" {
			errs = append(errs, fmt.Errorf("level %d text is empty", level))
		}
		if level < 3 {
			for _, leak := range leaks(text, s) {
				errs = append(errs, fmt.Errorf("level %d names the result %s: %q", level, leak, text))
			}
		}
	}
	return errs
}

var (
	// unitWords are unit names and lists ("row 5", "rows 2, 5 and 8",
	// "box 5"), removed before looking for a bare digit, so that a unit's
	// number is not taken for a candidate.
	unitWords = regexp.MustCompile(`\b(rows?|columns?|box(es)?|lines?)\s+\d(\s*(,|and|or)\s*\d)*`)
	cellName  = regexp.MustCompile(`r[1-9]c[1-9]`)
	// clauseSep splits a text into clauses: punctuation (CJK too), "so"
	// and "then", and the links of a chain written as r1c1#5 = r1c7#5.
	clauseSep = regexp.MustCompile(`[.;:,()\n、。：；（），]|\bso\b|\bthen\b|→|\s[=-]\s`)
	// counted is a number with a Chinese or Japanese counter ("3つ",
	// "2マス", "两格"): a count of cells or digits, never a candidate.
	counted = regexp.MustCompile(`\d\s*(つ|マス|個|个|格|種|种|次|行目|列目|通り)`)
)

// leaks lists the result candidates a text names: a clause (text between
// punctuation, "so" or "then") that names a result's cell and holds its
// digit as a bare number.
func leaks(text string, s engine.Step) []string {
	var results []engine.Candidate
	results = append(results, s.Placements...)
	results = append(results, s.Eliminations...)
	var out []string
	seen := map[engine.Candidate]bool{}
	for _, clause := range clauseSep.Split(text, -1) {
		bare := counted.ReplaceAllString(unitWords.ReplaceAllString(clause, " "), " ")
		names := map[string]bool{}
		for _, n := range cellName.FindAllString(bare, -1) {
			names[n] = true
		}
		bare = cellName.ReplaceAllString(bare, " ")
		for _, r := range results {
			if seen[r] || !names[engine.CellName(r.Cell)] {
				continue
			}
			if regexp.MustCompile(`(^|[^0-9])` + fmt.Sprint(r.Digit) + `([^0-9]|$)`).MatchString(bare) {
				seen[r] = true
				out = append(out, r.String())
			}
		}
	}
	return out
}

var errLink = errors.New("link")

// checkLinks checks that every strong link of s is strong in b (the only
// two places of a digit in a unit, groups included, or the two candidates
// of a bivalue cell) and every weak link joins candidates that cannot both
// be true. ALS links are checked for being an almost locked set.
func checkLinks(b *engine.Board, s engine.Step) error {
	for _, l := range s.Links {
		from, to := nodeCells(l.From, l.FromGroup), nodeCells(l.To, l.ToGroup)
		for _, c := range append(append([]int(nil), from...), to...) {
			if c < 0 || c >= engine.NumCells {
				return fmt.Errorf("%w %v: cell %d out of range", errLink, l, c)
			}
		}
		for _, x := range []struct {
			cells []int
			d     uint8
		}{{from, l.From.Digit}, {to, l.To.Digit}} {
			for _, c := range x.cells {
				if b.Grid[c] != 0 || !b.Cands[c].Has(x.d) {
					return fmt.Errorf("%w %s-%s: %s has no candidate %d", errLink, l.From, l.To, engine.CellName(c), x.d)
				}
			}
		}
		if len(l.ALS) > 0 {
			var union engine.Digits
			for _, c := range l.ALS {
				union |= b.Cands[c]
			}
			if union.Count() != len(l.ALS)+1 {
				return fmt.Errorf("%w %s-%s: ALS %v has %d candidates in %d cells", errLink, l.From, l.To, l.ALS, union.Count(), len(l.ALS))
			}
			continue
		}
		var ok bool
		if l.Strong {
			ok = strongLink(b, from, l.From.Digit, to, l.To.Digit)
		} else {
			ok = weakLink(from, l.From.Digit, to, l.To.Digit)
		}
		if !ok {
			kind := "weak"
			if l.Strong {
				kind = "strong"
			}
			return fmt.Errorf("%w %s-%s (%v-%v) is not a %s link here", errLink, l.From, l.To, from, to, kind)
		}
	}
	return nil
}

func nodeCells(c engine.Candidate, group []int) []int {
	if len(group) > 0 {
		return group
	}
	return []int{c.Cell}
}

func strongLink(b *engine.Board, from []int, fd uint8, to []int, td uint8) bool {
	if fd != td {
		// A bivalue cell.
		return len(from) == 1 && len(to) == 1 && from[0] == to[0] &&
			b.Cands[from[0]] == engine.DigitSet(fd, td)
	}
	// The only places of the digit in some unit are exactly from and to
	// (two grouped nodes may overlap: "one of them holds the digit" still
	// follows when together they cover every place).
	node := map[int]bool{}
	for _, c := range append(append([]int(nil), from...), to...) {
		node[c] = true
	}
	for u := 0; u < engine.NumUnits; u++ {
		inUnit := true
		for c := range node {
			inUnit = inUnit && inUnitCells(u, c)
		}
		if !inUnit {
			continue
		}
		places := 0
		for _, c := range engine.UnitCells[u] {
			if b.Grid[c] == 0 && b.Cands[c].Has(fd) {
				places++
				if !node[c] {
					places = -100
				}
			}
		}
		if places == len(node) {
			return true
		}
	}
	return false
}

func inUnitCells(u, c int) bool {
	for _, x := range engine.UnitCells[u] {
		if x == c {
			return true
		}
	}
	return false
}

func weakLink(from []int, fd uint8, to []int, td uint8) bool {
	if fd != td {
		return len(from) == 1 && len(to) == 1 && from[0] == to[0]
	}
	for _, a := range from {
		for _, b := range to {
			if a == b || !engine.SeesCell(a, b) {
				return false
			}
		}
	}
	return true
}

func TestLeaks(t *testing.T) {
	s := engine.Step{Eliminations: []engine.Candidate{{Cell: engine.CellAt(5, 2), Digit: 7}}}
	for _, tc := range []struct {
		text string
		leak bool
	}{
		{"In rows 2 and 7, 7 can only go in columns 3 and 6.", false},
		{"r6c3 is not 7.", true},
		{"So 7 can be removed from r6c3.", true},
		{"r6c3 holds 7 and 9 in row 7.", true},
		{"r6c3 lies in row 7 and box 4.", false},
		{"r6c3 is 2; 7 is in r1c1.", false},
	} {
		if got := len(leaks(tc.text, s)) > 0; got != tc.leak {
			t.Errorf("leaks(%q) = %v, want %v", tc.text, got, tc.leak)
		}
	}
}

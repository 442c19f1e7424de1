package stepjson

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
	"github.com/sudokubot/sudokubot/internal/shareddata"
	"github.com/sudokubot/sudokubot/l10n"
)

// Level 2 of a refutation (Nishio, dynamic contradiction, nested forcing
// chain) must not let a player read off its result: no claim of the text
// in any language (a clause with its reason in brackets) names the result's
// cell and digit together, and no claim of the JSON (an implication with
// what it follows from, a pattern entry, a link) holds both. The sample
// under testdata/ runs always; -leaksweep runs every contradiction step of
// the shared hardest sets.

var leakSweep = flag.Bool("leaksweep", false, "check every contradiction step of the shared hardest sets")

// hardestSets are the shared sets the sweep reads, with the lowest SE
// rating kept (0: all).
var hardestSets = []struct {
	file  string
	minSE float64
}{
	{"q2_hardest_top300.txt", 0}, {"csp_rules_ser_examples.txt", 0}, {"sxbank_hardest_se8.8plus.txt", 8.8},
}

func TestLevel2RefutationLeaksSample(t *testing.T) {
	t.Parallel() // pure: no state shared with other tests
	puzzles := readPuzzles(t, filepath.Join("testdata", "contradictions.txt"), 0)
	steps, leaky := refutationLeaks(t, puzzles)
	if steps == 0 {
		t.Fatal("the sample has no contradiction step")
	}
	t.Logf("%d contradiction steps, %d leak at level 2", steps, leaky)
}

func TestLevel2RefutationLeaksSweep(t *testing.T) {
	if !*leakSweep {
		t.Skip("run with -args -leaksweep")
	}
	var puzzles []engine.Grid
	for _, set := range hardestSets {
		path := shareddata.WholePuzzles(t, set.file)
		puzzles = append(puzzles, readPuzzles(t, path, set.minSE)...)
	}
	steps, leaky := refutationLeaks(t, puzzles)
	t.Logf("%d puzzles, %d contradiction steps, %d leak at level 2", len(puzzles), steps, leaky)
}

// readPuzzles reads the puzzles of a file whose second column, if a
// number, is at least minSE.
func readPuzzles(t *testing.T, path string, minSE float64) []engine.Grid {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []engine.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if minSE > 0 {
			var se float64
			if len(fields) < 2 {
				continue
			}
			if _, err := fmt.Sscan(fields[1], &se); err != nil || se < minSE {
				continue
			}
		}
		g, err := engine.Parse(fields[0])
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, g)
	}
	return out
}

// refutationLeaks walks each puzzle's path and checks level 2 of every
// refutation step in every language and in JSON. It reports the steps
// seen and the number with a leak; each leak is a test error.
func refutationLeaks(t *testing.T, puzzles []engine.Grid) (steps, leaky int) {
	t.Helper()
	var langs []*l10n.Lang
	for _, tag := range l10n.Tags() {
		langs = append(langs, l10n.For(tag))
	}
	matchers := map[string]*leakMatcher{}
	for _, l := range langs {
		matchers[l.Tag()] = newLeakMatcher(l)
	}
	perLang := map[string]int{}
	for i, g := range puzzles {
		p, err := engine.SolvePath(g)
		if err != nil {
			t.Fatalf("puzzle %d: %v", i+1, err)
		}
		for j, s := range p.Steps {
			if s.Variant != engine.VariantContradiction && s.Variant != engine.VariantNested {
				continue
			}
			steps++
			h := engine.HintResult{Kind: engine.HintStep, Cells: s.Cells, Step: s}
			var found []string
			for _, l := range langs {
				text := strings.Join(explain.Hint(l, h, 2), "\n")
				if claim, ok := matchers[l.Tag()].leak(text, s); ok {
					perLang[l.Tag()]++
					found = append(found, fmt.Sprintf("%s: %q", l.Tag(), claim))
				}
				// The board's step-by-step texts, one claim a line.
				if claim, ok := matchers[l.Tag()].leak(strings.Join(walkLines(FromHint(l, h, 2).Branches), "\n"), s); ok {
					perLang[l.Tag()+" walk"]++
					found = append(found, fmt.Sprintf("%s walk: %q", l.Tag(), claim))
				}
			}
			if claim, ok := jsonLeak(FromHint(nil, h, 2), s); ok {
				perLang["json"]++
				found = append(found, "json: "+claim)
			}
			if len(found) > 0 {
				leaky++
				if leaky <= 10 {
					t.Errorf("puzzle %d step %d (%s, %s): level 2 gives the result away:\n%s", i+1, j+1, s.Technique, s.Variant, strings.Join(found, "\n"))
				}
			}
		}
	}
	if leaky > 0 {
		t.Errorf("%d of %d contradiction steps leak at level 2, by language: %v", leaky, steps, perLang)
	}
	return steps, leaky
}

// leakMatcher finds, in one language's text, a claim that names a result
// cell and holds its digit as a bare number: not a cell's or a unit's
// number, not a count.
type leakMatcher struct {
	claimSep *regexp.Regexp
	noise    []*regexp.Regexp
}

func newLeakMatcher(l *l10n.Lang) *leakMatcher {
	seps := []string{`[.;:\n。；：]`, `→`, `⇒`}
	for _, id := range []string{"fc.sep_so", "fc.sep_semi"} {
		if s := strings.TrimSpace(strings.Trim(l.T(id), ",，、 ")); s != "" {
			seps = append(seps, regexp.QuoteMeta(s))
		}
	}
	m := &leakMatcher{claimSep: regexp.MustCompile(strings.Join(seps, "|"))}
	list := `\d(?:\s*(?:` + regexp.QuoteMeta(l.T("list.sep")) + `|` + regexp.QuoteMeta(l.T("list.last")) + `|` + regexp.QuoteMeta(l.T("list.or")) + `)\s*\d)*`
	for _, u := range []struct{ id, field, num string }{
		{"unit.row", "N", `\d`}, {"unit.column", "N", `\d`}, {"unit.box", "N", `\d`},
		{"unit.rows", "List", list}, {"unit.columns", "List", list}, {"unit.boxes", "List", list},
	} {
		parts := strings.Split(l.T(u.id, u.field, "\x00"), "\x00")
		for i, p := range parts {
			parts[i] = strings.ReplaceAll(regexp.QuoteMeta(strings.TrimSpace(p)), `\ `, `\s*`)
		}
		m.noise = append(m.noise, regexp.MustCompile(strings.Join(parts, `\s*`+u.num+`\s*`)))
	}
	m.noise = append(m.noise,
		regexp.MustCompile(`r[1-9]c[1-9]`),
		// A count of cells, digits, steps or cases ("3つ", "两格", "41").
		regexp.MustCompile(`\d+\s*(つ|マス|個|个|格|種|种|次|行目|列目|通り|件|步|歩|ステップ)`),
		regexp.MustCompile(`\d{2,}`))
	return m
}

// leak returns the first claim of text that names a result candidate.
func (m *leakMatcher) leak(text string, s engine.Step) (string, bool) {
	results := slices.Concat(s.Placements, s.Eliminations)
	for _, claim := range m.claimSep.Split(text, -1) {
		cells := map[string]bool{}
		for _, n := range regexp.MustCompile(`r[1-9]c[1-9]`).FindAllString(claim, -1) {
			cells[n] = true
		}
		bare := claim
		for _, re := range m.noise {
			bare = re.ReplaceAllString(bare, " ")
		}
		for _, r := range results {
			if cells[engine.CellName(r.Cell)] && strings.ContainsRune(bare, rune('0'+r.Digit)) {
				return strings.TrimSpace(claim), true
			}
		}
	}
	return "", false
}

// jsonLeak returns the first claim of a level-2 hint's JSON that holds a
// result's cell and digit: an implication (its literal, what it follows
// from and its pattern), an assumption, a contradiction, a pattern entry
// or a link.
func jsonLeak(h Hint, s engine.Step) (string, bool) {
	type claim struct {
		cells  []Cell
		digits []uint8
		what   string
	}
	var claims []claim
	litClaim := func(ls ...Lit) claim {
		var c claim
		for _, l := range ls {
			c.cells = append(c.cells, Cell{Row: l.Row, Col: l.Col})
			c.cells = append(c.cells, l.Group...)
			c.digits = append(c.digits, l.Digit)
		}
		return c
	}
	var walk func(bs []Branch)
	walk = func(bs []Branch) {
		for _, b := range bs {
			c := litClaim(append([]Lit{b.Assume}, b.Also...)...)
			c.what = fmt.Sprintf("assumption %+v", b.Assume)
			claims = append(claims, c)
			for _, im := range b.Steps {
				c := litClaim(append([]Lit{im.Lit}, im.From...)...)
				c.cells = append(c.cells, im.Cells...)
				c.digits = append(c.digits, im.Digits...)
				c.what = fmt.Sprintf("implication %+v from %+v", im.Lit, im.From)
				claims = append(claims, c)
			}
			if k := b.Contradiction; k != nil {
				claims = append(claims, claim{cells: []Cell{{Row: k.Row, Col: k.Col}}, digits: []uint8{k.Digit}, what: fmt.Sprintf("contradiction %+v", *k)})
			}
			walk(b.Sub)
		}
	}
	walk(h.Branches)
	for _, p := range h.Pattern {
		claims = append(claims, claim{cells: []Cell{{Row: p.Row, Col: p.Col}}, digits: p.Digits, what: fmt.Sprintf("pattern %+v", p)})
	}
	for _, l := range h.Links {
		claims = append(claims, claim{cells: []Cell{{Row: l.From.Row, Col: l.From.Col}, {Row: l.To.Row, Col: l.To.Col}}, digits: []uint8{l.From.Digit, l.To.Digit}, what: fmt.Sprintf("link %+v", l)})
	}
	if len(h.Placements)+len(h.Eliminations) > 0 {
		return "placements or eliminations", true
	}
	for _, r := range slices.Concat(s.Placements, s.Eliminations) {
		at := Cell{Row: engine.RowOf(r.Cell) + 1, Col: engine.ColOf(r.Cell) + 1}
		for _, c := range claims {
			if slices.Contains(c.cells, at) && slices.Contains(c.digits, r.Digit) {
				return c.what, true
			}
		}
	}
	return "", false
}

// walkLines are the texts of cases, implications and endings, one a line.
func walkLines(bs []Branch) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Text)
		for _, im := range b.Steps {
			out = append(out, im.Text)
		}
		out = append(out, b.End)
		out = append(out, walkLines(b.Sub)...)
	}
	return out
}

package explain

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// Forcing chains: a proof by cases. The first line says what is assumed
// and where the cases lead; then one line per branch, indented under it,
// each implication with what it follows from; nested cases one level
// deeper. Long branches wrap at implication boundaries. Hints and the
// `steps` listing show the whole proof: a reply too long for one message
// comes in parts, one case at a time (HintCases; package bot).

// isForcing reports whether reasonForcing words a technique, case by case.
func isForcing(t engine.TechniqueID) bool {
	info, ok := t.Info()
	return ok && info.Family == engine.FamilyForcingChains
}

// reasonForcing words the whole proof, in every language.
func reasonForcing(l *l10n.Lang, s engine.Step, reveal bool) []string {
	return newProofWriter(l, s, reveal).write()
}

// proofWriter words one forcing chain step.
type proofWriter struct {
	l      *l10n.Lang
	s      engine.Step
	reveal bool
	// result holds the step's placed and eliminated candidates: with
	// reveal false no clause may name one.
	result map[engine.Candidate]bool
	// refute: the step refutes its single assumption (a contradiction or
	// a proof by cases); otherwise every branch ends in the conclusion.
	refute bool
	// x is the digit a refutation tries, written as the letter x below
	// level 3 (0: none): every digit of the proof is shown but that one,
	// so the proof can be followed and its result not read off.
	x uint8
	// turn counts the connectors of the branch being written (see
	// connectorTurns).
	turn  int
	lines []string
	// cases holds, for each line, the top-level case (Branches index + 1)
	// it words; 0 for the summary.
	cases []int
}

func newProofWriter(l *l10n.Lang, s engine.Step, reveal bool) *proofWriter {
	w := &proofWriter{l: l, s: s, reveal: reveal, result: map[engine.Candidate]bool{}}
	for _, c := range s.Placements {
		w.result[c] = true
	}
	for _, c := range s.Eliminations {
		w.result[c] = true
	}
	w.refute = s.Variant == engine.VariantContradiction || s.Variant == engine.VariantNested
	if w.refute && !reveal && len(s.Branches) > 0 {
		w.x = s.Branches[0].Assume.Digit
	}
	return w
}

// d is a digit as the proof writes it: the letter x for the tried digit
// of a refutation below level 3.
//
// It is a noun whose kind tells the two apart, so that a sentence can
// word the tried value as its language writes a variable: German "für x"
// beside "für die 7", French "pour x" beside "pour le 7".
func (w *proofWriter) d(d uint8) l10n.Forms {
	if w.x != 0 && d == w.x {
		return l10n.Forms{"nom": w.l.T("fc.x"), "kind": l10n.KindValue}
	}
	return l10n.Forms{"nom": fmt.Sprint(d), "kind": l10n.KindDigit}
}

// digitStrings are digits as the proof writes them, in increasing order.
func (w *proofWriter) digitStrings(ds engine.Digits) []string {
	var out []string
	for _, d := range ds.Slice() {
		out = append(out, fmt.Sprint(w.d(d)))
	}
	return out
}

// lit words a literal as litL does, the tried digit as x.
func (w *proofWriter) lit(x engine.Lit) string {
	l := w.l
	if len(x.Group) > 1 {
		names := make([]string, len(x.Group))
		for i, c := range x.Group {
			names[i] = engine.CellName(c)
		}
		if x.On {
			return l.T("lit.group_on", "Two", len(names) == 2, "Digit", w.d(x.Digit), "Cells", l.OrList(names))
		}
		return l.T("lit.group_off", "Two", len(names) == 2, "Digit", w.d(x.Digit), "Cells", strings.Join(names, l.T("list.sep")), "NorCells", norListL(l, names))
	}
	if x.On {
		return l.T("lit.on", "Cell", engine.CellName(x.Cell), "Digit", w.d(x.Digit))
	}
	return l.T("lit.off", "Cell", engine.CellName(x.Cell), "Digit", w.d(x.Digit))
}

// write words the summary and every branch.
func (w *proofWriter) write() []string {
	w.lines = []string{w.summary()}
	w.cases = []int{0}
	for i, br := range w.s.Branches {
		w.branch(br, 1)
		for len(w.cases) < len(w.lines) {
			w.cases = append(w.cases, i+1)
		}
	}
	return w.lines
}

// summary is the first line: what is assumed and where it leads.
func (w *proofWriter) summary() string {
	s, l := w.s, w.l
	if len(s.Branches) == 0 {
		return l.T("fc.follow_each")
	}
	first := s.Branches[0].Assume
	cell := engine.CellName(first.Cell)
	if w.refute {
		nested := s.Variant == "nested"
		if w.reveal {
			id := "fc.refute_"
			if first.On {
				id += "on_"
			} else {
				id += "off_"
			}
			if nested {
				id += "nested"
			} else {
				id += "contra"
			}
			return l.T(id, "Cell", cell, "Digit", first.Digit, "Neg", litL(l, negate(first)))
		}
		try := l.T("fc.try_x_on", "Cell", cell, "X", w.d(first.Digit))
		if !first.On {
			try = l.T("fc.try_x_off", "Cell", cell, "X", w.d(first.Digit))
		}
		if nested {
			return l.T("fc.try_nested", "Try", try)
		}
		return l.T("fc.try_contra", "Try", try)
	}
	var cases string
	switch s.Variant {
	case "double":
		cases = l.T("fc.cases_double", "Cell", cell, "Digit", first.Digit)
	case "region":
		unit := -1
		if hs := houses(s, engine.RoleAssumption); len(hs) > 0 {
			unit = hs[0]
		}
		var places []int
		for _, br := range s.Branches {
			for _, a := range append([]engine.Lit{br.Assume}, br.Also...) {
				places = append(places, a.Cell)
			}
		}
		slices.Sort(places)
		if unit >= 0 {
			cases = l.T("fc.cases_region_in", "Unit", unitL(l, unit), "Digit", first.Digit, "Places", orCells(l, places))
		} else {
			cases = l.T("fc.cases_region", "Digit", first.Digit, "Places", orCells(l, places))
		}
	default:
		cases = l.T("fc.cases_cell", "Cell", cell, "Digits", orDigitsL(l, s.Digits))
	}
	if !w.reveal {
		return l.T("fc.cases_follow", "Cases", cases)
	}
	lead := "fc.lead_each"
	switch s.Variant {
	case "double":
		lead = "fc.lead_both"
	case "region":
		lead = "fc.lead_place"
	}
	t := w.target()
	target := l.T("fc.target_off", "Cell", engine.CellName(t.Cell), "Digit", t.Digit)
	if t.On {
		target = l.T("fc.target_on", "Cell", engine.CellName(t.Cell), "Digit", t.Digit)
	}
	return l.T(lead, "Cases", cases, "Target", target)
}

// target is the conclusion every branch reaches.
func (w *proofWriter) target() engine.Lit {
	if len(w.s.Placements) > 0 {
		p := w.s.Placements[0]
		return engine.Lit{Cell: p.Cell, Digit: p.Digit, On: true}
	}
	if len(w.s.Eliminations) > 0 {
		e := w.s.Eliminations[0]
		return engine.Lit{Cell: e.Cell, Digit: e.Digit}
	}
	return engine.Lit{}
}

func negate(l engine.Lit) engine.Lit {
	l.On = !l.On
	return l
}

// names reports whether a literal names a result candidate.
func (w *proofWriter) names(l engine.Lit) bool {
	return len(l.Group) == 0 && w.result[engine.Candidate{Cell: l.Cell, Digit: l.Digit}]
}

// so is the connector of the next link that follows from the one before,
// the language's next in its sequence.
func (w *proofWriter) so() string {
	s := w.l.T("fc.sep_so", "Turn", w.turn%connectorTurns)
	w.turn++
	return s
}

// piece is one clause of a branch line, with what joins it to the clause
// before: "", ", so " or "; ".
type piece struct {
	sep, text string
}

// branch words one branch at a depth: its assumption, its implications
// (wrapped onto continuation lines), how it ends, and its nested cases one
// level deeper.
func (w *proofWriter) branch(br engine.Branch, depth int) {
	l := w.l
	indent := strings.Repeat("  ", depth)
	head := indent + l.T("fc.if", "Assume", w.assumptions(br))
	steps := br.Steps
	// With reveal false a branch stops before the first implication that
	// names the result: the conclusion itself. A refutation goes on to its
	// contradiction, its result being the tried candidate, written x.
	hidden := -1
	if !w.reveal && w.x == 0 {
		for i, im := range steps {
			if w.names(im.Lit) {
				hidden = i
				break
			}
		}
		if hidden >= 0 {
			steps = steps[:hidden]
		}
	}
	var pieces []piece
	w.turn = 0
	prev := []engine.Lit{br.Assume}
	prev = append(prev, br.Also...)
	add := func(g []engine.Implication) {
		sep := l.T("fc.sep_semi")
		if follows(g[0], prev) {
			sep = w.so()
		}
		if len(pieces) == 0 {
			sep = ""
		}
		pieces = append(pieces, piece{sep, l.T("fc.clause", "Lits", w.groupLits(g), "Why", w.why(g[0], prev, mixedCount(g)))})
		prev = prev[:0:0]
		for _, im := range g {
			prev = append(prev, im.Lit)
		}
	}
	for _, g := range groupSteps(steps) {
		add(g)
	}
	pieces, end := w.ending(br, hidden, pieces, prev)
	w.emit(head, indent+"    ", pieces, end)
	if hidden >= 0 || len(br.Sub) == 0 {
		return
	}
	for _, sub := range br.Sub {
		w.branch(sub, depth+1)
	}
}

// ending adds to pieces how a branch ends (its assumption failing, the
// common conclusion, a contradiction or a split into cases) and returns
// them with the line's final punctuation. hidden is the index of the
// first step not shown, or -1.
func (w *proofWriter) ending(br engine.Branch, hidden int, pieces []piece, prev []engine.Lit) ([]piece, string) {
	l := w.l
	end := l.T("fc.end_dot")
	switch {
	case hidden >= 0 && (w.refute || br.Contradiction != nil || len(br.Sub) > 0):
		im := br.Steps[hidden]
		pieces = append(pieces, piece{w.so(), l.T("fc.assumption_fails", "Why", w.why(im, prev, 0))})
		if len(pieces) == 1 {
			pieces[0].sep = ""
		}
	case hidden >= 0:
		if len(pieces) == 0 {
			pieces = append(pieces, piece{"", l.T("fc.one_step")})
		} else {
			pieces = append(pieces, piece{l.T("fc.sep_and"), l.T("fc.one_more_step")})
		}
	case br.Contradiction != nil:
		c := br.Contradiction
		pieces = append(pieces, piece{l.T("fc.sep_semi"), l.T("fc.both", "Cell", engine.CellName(c.Cell), "Digit", w.d(c.Digit))})
		if len(pieces) == 1 {
			pieces[0].sep = ""
		}
	case len(br.Sub) > 0:
		ds := make([]string, len(br.Sub))
		for i, sub := range br.Sub {
			ds[i] = fmt.Sprint(w.d(sub.Assume.Digit))
		}
		id := "fc.then_only"
		if len(pieces) == 0 {
			id = "fc.only"
		}
		pieces = append(pieces, piece{l.T("fc.sep_semi"), l.T(id, "Cell", engine.CellName(br.Sub[0].Assume.Cell), "Digits", l.OrList(ds))})
		if len(pieces) == 1 {
			pieces[0].sep = ""
		}
		end = l.T("fc.end_colon")
	case len(pieces) == 0:
		pieces = append(pieces, piece{"", l.T("fc.nothing_more")})
	}
	return pieces, end
}

// emit writes pieces as lines of at most MaxLine columns, breaking only
// between pieces; continuation lines start with cont. A line is
// measured as the reader sees it, after the language's typography
// (l10n.Typeset turns "(" into "（" in Chinese and Japanese, two columns
// instead of one), so that finish never has to break it again, which
// would indent a clause deeper than its neighbours.
//
// The pieces fill each line in turn; then, if the last line would be a
// short tail (under minTail columns, such as 「再走一步即得共同結論。」
// alone), clauses move down to it from the line above while that line
// stays the wider of the two: the break comes earlier and no clause is
// left alone under a full line.
func (w *proofWriter) emit(head, cont string, pieces []piece, end string) {
	// line writes pieces[from:to] as one line.
	line := func(from, to int) string {
		var b strings.Builder
		if from == 0 {
			b.WriteString(head)
		} else {
			b.WriteString(cont)
			_, word := splitSep(pieces[from].sep)
			b.WriteString(word + pieces[from].text)
			from++
		}
		for _, p := range pieces[from:to] {
			b.WriteString(p.sep + p.text)
		}
		if to == len(pieces) {
			b.WriteString(end)
		} else {
			// Break the line after the separator's punctuation: its
			// connector starts the next line (", so " ends a line on ","
			// and the next starts "so "; "，于是" on "，" and "于是…").
			punct, _ := splitSep(pieces[to].sep)
			b.WriteString(punct)
		}
		return b.String()
	}
	fits := func(from, to int) bool { return textWidth(w.l.Typeset(line(from, to))) <= MaxLine }
	// starts holds the first piece of every line.
	starts := []int{0}
	for i := 1; i < len(pieces); i++ {
		if !fits(starts[len(starts)-1], i+1) {
			starts = append(starts, i)
		}
	}
	if n := len(starts); n > 1 {
		// Widths without the indentation: what the eye compares.
		width := func(from, to int) int {
			return textWidth(strings.TrimLeft(w.l.Typeset(line(from, to)), " "))
		}
		for {
			prev, last := starts[n-2], starts[n-1]
			if last-prev < 2 || width(last, len(pieces)) >= minTail {
				break
			}
			// Move the last clause of the line above down, if both still
			// fit and the line above stays the wider.
			if !fits(last-1, len(pieces)) || width(prev, last-1) < width(last-1, len(pieces)) {
				break
			}
			starts[n-1] = last - 1
		}
	}
	for k, from := range starts {
		to := len(pieces)
		if k+1 < len(starts) {
			to = starts[k+1]
		}
		w.lines = append(w.lines, line(from, to))
	}
}

// groupSteps gathers runs of implications that read as one clause: a
// digit ruled out of several cells by the same peer ("r7c7 and r7c8 are
// not 4 (same box as r8c9)"), several digits ruled out of a cell by the
// digit it holds ("r1c5 is not 1 or 2 (it is 6)"), or several candidates
// ruled out by the same pattern.
func groupSteps(steps []engine.Implication) [][]engine.Implication {
	var out [][]engine.Implication
	for i := 0; i < len(steps); {
		j := i + 1
		sameCell := j < len(steps) && steps[j].Lit.Cell == steps[i].Lit.Cell
		for j < len(steps) && joins(steps[i], steps[j], sameCell) {
			j++
		}
		out = append(out, steps[i:j])
		i = j
	}
	return out
}

// joins reports whether b reads as one clause with a: both ruled out for
// the same reason, in the same cell (sameCell) or of the same digit.
func joins(a, b engine.Implication, sameCell bool) bool {
	if a.Reason != b.Reason || a.Lit.On || b.Lit.On {
		return false
	}
	if sameCell {
		if a.Lit.Cell != b.Lit.Cell || a.Lit.Digit == b.Lit.Digit {
			return false
		}
	} else if a.Lit.Digit != b.Lit.Digit || a.Lit.Cell == b.Lit.Cell {
		return false
	}
	switch a.Reason {
	case engine.ReasonSameUnit, engine.ReasonSameCell:
		return len(a.From) == 1 && len(b.From) == 1 && sameLit(a.From[0], b.From[0]) &&
			(a.Reason == engine.ReasonSameCell) == sameCell
	case engine.ReasonPattern:
		return a.Technique == b.Technique && a.Digits == b.Digits &&
			slices.Equal(a.Units, b.Units) && slices.Equal(a.Cells, b.Cells)
	}
	return false
}

// mixedUnits reports whether a clause's cells share different units with
// what rules them out.
func mixedUnits(g []engine.Implication) bool {
	for _, im := range g {
		if im.Unit != g[0].Unit {
			return true
		}
	}
	return false
}

// groupLits says the literals of a clause: "r7c7 and r7c8 are not 4",
// "r1c5 is not 1 or 2".
func (w *proofWriter) groupLits(g []engine.Implication) string {
	l := w.l
	if len(g) == 1 {
		return w.lit(g[0].Lit)
	}
	if g[1].Lit.Cell == g[0].Lit.Cell {
		var ds engine.Digits
		for _, im := range g {
			ds |= engine.DigitSet(im.Lit.Digit)
		}
		return l.T("fc.cell_not_digits", "Cell", engine.CellName(g[0].Lit.Cell), "Digits", l.OrList(w.digitStrings(ds)),
			"Nor", norListL(l, w.digitStrings(ds)))
	}
	cs := make([]int, len(g))
	for i, im := range g {
		cs[i] = im.Lit.Cell
	}
	return l.T("fc.cells_not_digit", "Cells", cellsL(l, cs), "Digit", w.d(g[0].Lit.Digit))
}

// follows reports whether an implication uses one of the literals just
// stated.
func follows(im engine.Implication, prev []engine.Lit) bool {
	for _, f := range im.From {
		for _, p := range prev {
			if sameLit(f, p) {
				return true
			}
		}
	}
	return false
}

func sameLit(a, b engine.Lit) bool {
	return a.Cell == b.Cell && a.Digit == b.Digit && a.On == b.On
}

// why says what an implication follows from. A peer just stated is "the
// same row"; one stated earlier is named. mixed is the number of cells
// of a group in different units that all see one cell (0: none), which
// the sentence words ("both see" two, "all see" more).
func (w *proofWriter) why(im engine.Implication, prev []engine.Lit, mixed int) string {
	l := w.l
	switch im.Reason {
	case engine.ReasonSameCell:
		if len(im.From) > 0 && w.names(im.From[0]) && !w.reveal && w.x == 0 {
			return l.T("fc.holds_tried")
		}
		if len(im.From) > 0 {
			return l.T("fc.it_is", "Digit", w.d(im.From[0].Digit))
		}
		return l.T("fc.another")
	case engine.ReasonSameUnit:
		kind := unitKind(im.Unit)
		if mixed > 0 {
			return l.T("fc.all_see", "Cell", engine.CellName(im.From[0].Cell), "Count", mixed)
		}
		if len(im.From) == 0 || follows(im, prev) {
			return l.T("ch.same_" + kind)
		}
		return l.T("fc.same_as_"+kind, "Cell", engine.CellName(im.From[0].Cell))
	case engine.ReasonNakedSingle:
		return l.T("fc.naked_single")
	case engine.ReasonHiddenSingle:
		return l.T("fc.hidden_single", "Digit", w.d(im.Lit.Digit), "Unit", unitL(l, im.Unit))
	case engine.ReasonPattern:
		return w.pattern(im)
	}
	return l.T("fc.follows")
}

// pattern words a pattern found inside a branch.
func (w *proofWriter) pattern(im engine.Implication) string {
	l := w.l
	u := func(i int) l10n.Forms {
		if i < len(im.Units) {
			return unitL(l, im.Units[i])
		}
		return l.Noun("fc.a_unit", l10n.KindHouse)
	}
	ds := im.Digits.Slice()
	d := l10n.Forms{"nom": "0", "kind": l10n.KindDigit}
	if len(ds) > 0 {
		d = w.d(ds[0])
	}
	// A pair that names a result cell is worded by its unit alone at
	// reveal false: the pair's digits beside that cell would read as the
	// result.
	namesResult := false
	for _, c := range im.Cells {
		for _, x := range ds {
			namesResult = namesResult || w.result[engine.Candidate{Cell: c, Digit: x}]
		}
	}
	switch im.Technique {
	case engine.PatternPointing:
		return l.T("fc.p_pointing", "Digit", d, "U0", u(0), "U1", u(1))
	case engine.PatternClaiming:
		return l.T("fc.p_claiming", "Digit", d, "U0", u(0), "U1", u(1))
	case engine.PatternNakedPair:
		if namesResult && !w.reveal {
			return l.T("fc.p_naked_unit", "U0", u(0))
		}
		return l.T("fc.p_naked", "Cells", cellsL(l, im.Cells), "Digits", l.List(w.digitStrings(im.Digits)))
	case engine.PatternHiddenPair:
		if namesResult && !w.reveal {
			return l.T("fc.p_hidden_unit", "U0", u(0))
		}
		return l.T("fc.p_hidden", "Digits", l.List(w.digitStrings(im.Digits)), "Cells", cellsL(l, im.Cells), "U0", u(0))
	case engine.PatternXWing:
		id := "fc.p_xwing_cols"
		if len(im.Units) > 0 && im.Units[0]/9 == 1 {
			id = "fc.p_xwing_rows"
		}
		return l.T(id, "Digit", d, "Units", unitsL(l, im.Units))
	}
	return l.T("fc.p_other")
}

// unitKind is "row", "column" or "box".
func unitKind(u int) string {
	switch {
	case u < 0:
		return "unit"
	case u < 9:
		return "row"
	case u < 18:
		return "column"
	}
	return "box"
}

// assumptions words a branch's assumption, merged ones included: "r6c5
// is 4", "r1c1 or r1c2 is 4", "r6c5 is 4 or 7".
func (w *proofWriter) assumptions(br engine.Branch) string {
	l := w.l
	all := append([]engine.Lit{br.Assume}, br.Also...)
	if len(all) == 1 && len(all[0].Group) <= 1 {
		// Worded as a supposition ("if r2c2 is 2"), which some languages
		// mark differently from a statement (Japanese が, not は).
		return l.T("fc.assume_cell"+map[bool]string{true: "_on", false: "_off"}[all[0].On],
			"Cell", engine.CellName(all[0].Cell), "Digits", fmt.Sprint(w.d(all[0].Digit)))
	}
	if len(all) == 1 {
		return w.lit(all[0])
	}
	sameCell, sameDigit := true, true
	for _, a := range all {
		sameCell = sameCell && a.Cell == all[0].Cell && a.On == all[0].On
		sameDigit = sameDigit && a.Digit == all[0].Digit && a.On == all[0].On
	}
	onOff := "_off"
	if all[0].On {
		onOff = "_on"
	}
	switch {
	case sameDigit:
		cs := make([]int, len(all))
		for i, a := range all {
			cs[i] = a.Cell
		}
		return l.T("fc.assume_cells"+onOff, "Cells", orCells(l, cs), "Digit", w.d(all[0].Digit))
	case sameCell:
		ds := make([]string, len(all))
		for i, a := range all {
			ds[i] = fmt.Sprint(w.d(a.Digit))
		}
		return l.T("fc.assume_cell"+onOff, "Cell", engine.CellName(all[0].Cell), "Digits", l.OrList(ds))
	}
	parts := make([]string, len(all))
	for i, a := range all {
		parts[i] = w.lit(a)
	}
	return l.OrList(parts)
}

// orCells writes cells as "r1c1, r1c5 or r1c8".
func orCells(l *l10n.Lang, cs []int) string {
	return l.OrList(chainCellNames(cs))
}

// splitSep splits a separator into the punctuation that ends a line and
// the connector that starts the next: ", so " is "," and "so "; "，于是"
// is "，" and "于是"; " ⇒ " is "" and "⇒ ".
func splitSep(sep string) (punct, word string) {
	rest := strings.TrimLeft(sep, " ")
	i := strings.IndexFunc(rest, func(r rune) bool {
		return unicode.IsLetter(r) || unicode.IsSymbol(r) || unicode.IsDigit(r)
	})
	if i < 0 {
		return strings.TrimRight(rest, " "), ""
	}
	return strings.TrimRight(rest[:i], " "), rest[i:]
}

// mixedCount is the size of a group whose cells lie in different units
// (see mixedUnits), 0 for any other group.
func mixedCount(g []engine.Implication) int {
	if !mixedUnits(g) {
		return 0
	}
	return len(g)
}

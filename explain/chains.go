package explain

import (
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// The chain family: remote pairs, X-chains, XY-chains and alternating
// inference chains (plain, grouped, through almost locked sets), as open
// chains and as nice loops. Every text is read off the step's links: the
// chain is told link by link from its start, each implication with why it
// follows, then what its two ends (or its loop) prove.

// chainNode is a node of a chain as read from the step's links.
type chainNode struct {
	cells []int
	d     uint8
	on    bool
}

func (n chainNode) lit() engine.Lit {
	l := engine.Lit{Cell: n.cells[0], Digit: n.d, On: n.on}
	if len(n.cells) > 1 {
		l.Group = n.cells
	}
	return l
}

func (n chainNode) same(o chainNode) bool { return n.d == o.d && slices.Equal(n.cells, o.cells) }

func chainNodeOf(c engine.Candidate, group []int, on bool) chainNode {
	if len(group) > 0 {
		return chainNode{cells: group, d: c.Digit, on: on}
	}
	return chainNode{cells: []int{c.Cell}, d: c.Digit, on: on}
}

// chainNodes reads the nodes off the links, in order: a link into a node
// is strong when the node turns true, weak when it turns false. closed
// reports a last link that leads back to the first node (a loop); the
// first node is then not repeated.
func chainNodes(s engine.Step) (nodes []chainNode, closed bool) {
	if len(s.Links) == 0 {
		return nil, false
	}
	nodes = append(nodes, chainNodeOf(s.Links[0].From, s.Links[0].FromGroup, !s.Links[0].Strong))
	for _, l := range s.Links {
		nodes = append(nodes, chainNodeOf(l.To, l.ToGroup, l.Strong))
	}
	last := len(nodes) - 1
	if last >= 3 && nodes[last].same(nodes[0]) && s.Variant == engine.VariantContinuous {
		return nodes[:last], true
	}
	return nodes, false
}

// chainResult reports whether a candidate is the step's result.
func chainResult(s engine.Step, c int, d uint8) bool {
	for _, e := range s.Eliminations {
		if e.Cell == c && e.Digit == d {
			return true
		}
	}
	for _, p := range s.Placements {
		if p.Cell == c && p.Digit == d {
			return true
		}
	}
	return false
}

// chainWriter words a chain for one level, in a language: with reveal
// false a node that is itself a result candidate is named without its
// digit.
type chainWriter struct {
	l      *l10n.Lang
	s      engine.Step
	reveal bool
	units  []int // the units of the strong links between places of one digit, in order
	unitAt int
}

// hidden reports whether a level-2 text must name the node without its
// digit: one of its candidates is a result (a chain may pass through a
// candidate that sees both its ends).
func (w *chainWriter) hidden(n chainNode) bool {
	if w.reveal {
		return false
	}
	for _, c := range n.cells {
		if chainResult(w.s, c, n.d) {
			return true
		}
	}
	return false
}

// node names a node reached from prev: "r1c2 is 5", "5 is in r1c4 or
// r1c5".
func (w *chainWriter) node(prev, n chainNode) string {
	l := w.l
	if w.hidden(n) {
		sameCell := len(prev.cells) == 1 && len(n.cells) == 1 && prev.cells[0] == n.cells[0]
		cell := engine.CellName(n.cells[0])
		switch {
		case sameCell && n.on:
			return l.T("ch.takes_other", "Cell", cell)
		case sameCell:
			return l.T("ch.nothing_else", "Cell", cell)
		case len(n.cells) > 1 && n.on:
			return l.T("ch.that_in", "Cells", l.OrList(chainCellNames(n.cells)))
		case len(n.cells) > 1:
			return l.T("ch.that_none", "Two", len(n.cells) == 2, "Cells", strings.Join(chainCellNames(n.cells), l.T("list.sep")), "NorCells", norListL(l, chainCellNames(n.cells)))
		case n.on:
			return l.T("ch.holds_that", "Cell", cell)
		}
		return l.T("ch.loses_that", "Cell", cell)
	}
	return litL(l, n.lit())
}

// als returns the cells and digits of the almost locked set of a link.
func (w *chainWriter) als(cellsOf []int) engine.Digits {
	var ds engine.Digits
	for _, p := range w.s.Pattern {
		if p.Role == engine.RoleALS && slices.Contains(cellsOf, p.Cell) {
			ds |= p.Digits
		}
	}
	return ds
}

// why says why node b follows from node a along link k.
func (w *chainWriter) why(k engine.Link, a, b chainNode) string {
	l := w.l
	sameCell := len(a.cells) == 1 && len(b.cells) == 1 && a.cells[0] == b.cells[0]
	switch {
	case len(k.ALS) > 0:
		ds := w.als(k.ALS)
		// Cells first, then the digits, each in a clause of its own: a
		// set's digits say nothing about one of its cells.
		return l.T("ch.als", "Cells", cellsL(l, k.ALS), "Digits", digitsL(l, ds), "Digit", a.d, "Rest", digitsL(l, ds.Without(a.d)))
	case k.Strong && sameCell:
		if w.hidden(a) || w.hidden(b) {
			return l.T("ch.only_two")
		}
		return l.T("ch.holds_only", "Cell", engine.CellName(a.cells[0]), "A", min(a.d, b.d), "B", max(a.d, b.d))
	case k.Strong:
		u := -1
		if w.unitAt < len(w.units) {
			u = w.units[w.unitAt]
			w.unitAt++
		}
		id := "ch.place_left"
		switch {
		case len(b.cells) > 1:
			id = "ch.places_left"
		case w.hidden(b):
			id = "ch.place_left_hidden"
		}
		if u >= 0 {
			return l.T(id+"_in", "Digit", a.d, "Unit", unitL(l, u))
		}
		return l.T(id, "Digit", a.d)
	case sameCell:
		return l.T("ch.one_digit")
	}
	all := append(slices.Clone(a.cells), b.cells...)
	return l.T("ch.same_" + chainUnitKind(all))
}

// chainUnitKind names the kind of unit that holds all the cells: "row",
// "column" or "box".
func chainUnitKind(cs []int) string {
	for k, name := range []string{"row", "column", "box"} {
		all := true
		for _, c := range cs[1:] {
			all = all && engine.CellUnits[c][k] == engine.CellUnits[cs[0]][k]
		}
		if all {
			return name
		}
	}
	return "unit"
}

// chainBudget is how many bytes of links a line takes before the next
// line starts: the first line also carries the technique's name.
const (
	chainFirstBudget = 180
	chainLineBudget  = 250
)

// connectorTurns is how many connectors a language may cycle through
// between the links of a chain ("Turn" 0, 1, 2 in ch.sep_so, ch.cont and
// fc.sep_so, alsc.then); a language with one way of chaining ignores the
// turn. Four turns let Japanese and Chinese, which chain clauses with a
// bare comma, put a connector on every other link only.
const connectorTurns = 4

// links words the chain's links, the start first, as lines: "Suppose
// r1c2 is not 5: then r1c7 is 5 (...), so ...". closed adds the link back
// to the start.
func (w *chainWriter) links(nodes []chainNode, closed bool) []string {
	l := w.l
	var lines []string
	var cur strings.Builder
	start := nodes[0]
	switch cell := engine.CellName(start.cells[0]); {
	case w.hidden(start) && start.on:
		cur.WriteString(l.T("ch.suppose_holds", "Cell", cell))
	case w.hidden(start):
		cur.WriteString(l.T("ch.suppose_lacks", "Cell", cell))
	default:
		cur.WriteString(l.T("ch.suppose", "Lit", litAssumedL(l, start.lit())))
	}
	budget := chainFirstBudget
	n := len(w.s.Links)
	// turn picks the connector of each link from the language's own
	// sequence ("so", "then", "which means"; "于是", "从而", "因此"):
	// no connector at every link.
	turn := 0
	for i := 0; i < n; i++ {
		k := w.s.Links[i]
		a, b := nodes[i], nodes[(i+1)%len(nodes)]
		if i+1 == len(nodes) && !closed {
			break
		}
		sep := ""
		if i == 0 {
			sep = l.T("ch.sep_then")
		} else {
			sep = l.T("ch.sep_so", "Turn", turn%connectorTurns)
			turn++
		}
		node := w.node(a, b)
		// First: the clause opens the sentence after the hypothesis's
		// colon, which a language may begin with a capital (German:
		// "…: Die 9 steht in …"); the catalogue says, with NodeCap.
		clause := l.T("ch.clause", "Node", node, "NodeCap", upperFirst(node), "First", i == 0, "Why", w.why(k, a, b))
		if closed && i == n-1 {
			clause += l.T("ch.back")
		}
		if cur.Len()+len(sep)+len(clause) > budget && i > 0 {
			lines = append(lines, cur.String()+l.T("ch.line_comma"))
			cur.Reset()
			cur.WriteString("  " + l.T("ch.cont", "Clause", clause, "Turn", turn%connectorTurns))
			turn++
			budget = chainLineBudget
			continue
		}
		cur.WriteString(sep + clause)
	}
	return append(lines, cur.String()+l.T("ch.line_end"))
}

// reasonChain words an X-chain, XY-chain or alternating inference chain,
// in every language: the links from the start, then what the ends or the
// loop prove.
func reasonChain(l *l10n.Lang, s engine.Step, reveal bool) []string {
	nodes, closed := chainNodes(s)
	if len(nodes) < 2 {
		return nil
	}
	w := &chainWriter{l: l, s: s, reveal: reveal, units: houses(s, engine.RoleUnit)}
	lines := w.links(nodes, closed)
	first, last := nodes[0], nodes[len(nodes)-1]
	switch {
	case closed:
		lines = append(lines, "  "+l.T("ch.loop"))
		if reveal {
			lines = append(lines, "  "+l.T("ch.loop_result"))
			for _, k := range s.Links {
				if len(k.ALS) > 0 {
					lines = append(lines, "  "+l.T("ch.loop_als"))
					break
				}
			}
		}
	case s.Variant == engine.VariantDiscontinuous && len(first.cells) == 1 && len(last.cells) == 1 && first.cells[0] == last.cells[0]:
		lines = append(lines, "  "+w.loopEnd(first, last))
	default:
		// One end is true: the start (false at the chain's start) or the
		// end.
		start := first
		start.on = true
		startText := w.node(chainNode{}, start)
		lines = append(lines, "  "+l.T("ch.either_end", "Start", startText, "StartCap", upperFirst(startText), "End", w.node(chainNode{}, last)))
		if reveal {
			if first.d == last.d {
				lines = append(lines, "  "+l.T("ch.same_digit_result", "Digit", first.d))
			} else {
				lines = append(lines, chainCrossEnds(l, s, start, last)...)
			}
		}
	}
	return lines
}

// loopEnd says what a chain that starts and ends in one cell proves (a
// discontinuous nice loop).
func (w *chainWriter) loopEnd(first, last chainNode) string {
	l := w.l
	args := []any{"Cell", engine.CellName(first.cells[0]), "D", first.d, "E", last.d}
	switch {
	case first.d == last.d && !first.on:
		if w.reveal {
			return l.T("ch.le_1r", args...)
		}
		if w.hidden(first) {
			return l.T("ch.le_contra", args...)
		}
		return l.T("ch.le_1", args...)
	case first.d == last.d:
		if w.reveal {
			return l.T("ch.le_2r", args...)
		}
		return l.T("ch.le_contra", args...)
	case !first.on && !last.on:
		if w.reveal {
			return l.T("ch.le_3r", args...)
		}
		return l.T("ch.le_3", args...)
	default:
		if w.reveal {
			return l.T("ch.le_4r", args...)
		}
		return l.T("ch.le_4", args...)
	}
}

// reasonRemotePair words a remote pair, in every language: the cells of
// one pair, each seeing the next, alternate the two digits.
func reasonRemotePair(l *l10n.Lang, s engine.Step, reveal bool) []string {
	nodes, _ := chainNodes(s)
	var path []int
	for _, n := range nodes {
		if len(path) == 0 || path[len(path)-1] != n.cells[0] {
			path = append(path, n.cells[0])
		}
	}
	if len(path) < 2 {
		return nil
	}
	ds := s.Digits.Slice()
	if len(ds) != 2 {
		return nil
	}
	args := []any{"Cells", cellsL(l, path), "A", ds[0], "B", ds[1], "First", engine.CellName(path[0]),
		"Last", engine.CellName(path[len(path)-1]), "N", len(path) - 1}
	lines := []string{l.T("ch.rp_1", args...), "  " + l.T("ch.rp_2", args...)}
	if reveal {
		lines = append(lines, "  "+l.T("ch.rp_result", args...))
	}
	return lines
}

func chainCellNames(cs []int) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = engine.CellName(c)
	}
	return out
}

// chainCrossEnds says, for a chain whose ends hold different digits, why
// an end's cell loses the other end's digit (reveal only).
func chainCrossEnds(l *l10n.Lang, s engine.Step, start, end chainNode) []string {
	var out []string
	for _, pair := range [2][2]chainNode{{start, end}, {end, start}} {
		a, b := pair[0], pair[1]
		if len(a.cells) != 1 || !chainResult(s, a.cells[0], b.d) {
			continue
		}
		out = append(out, "  "+l.T("ch.hence", "Cell", engine.CellName(a.cells[0]), "D", b.d, "A", a.d, "Lit", litL(l, b.lit())))
	}
	if len(out) == 0 {
		out = append(out, "  "+l.T("ch.clash_both"))
	}
	return out
}

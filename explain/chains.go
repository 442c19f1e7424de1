package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
)

// The chain family: remote pairs, X-chains, XY-chains and alternating
// inference chains (plain, grouped, through almost locked sets), as open
// chains and as nice loops. Every text is read off the step's links: the
// chain is told link by link from its start, each implication with why it
// follows, then what its two ends (or its loop) prove.

func init() {
	register(reasonChain,
		About{Technique: "X-Chain"},
		About{Technique: "XY-Chain"},
		About{Technique: "Alternating Inference Chain"},
		About{Technique: "Grouped Alternating Inference Chain"},
	)
	register(reasonRemotePair,
		About{Technique: "Remote Pair"},
	)
}

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

// chainWriter words a chain for one level: with reveal false a node that
// is itself a result candidate is named without its digit.
type chainWriter struct {
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
	if w.hidden(n) {
		sameCell := len(prev.cells) == 1 && len(n.cells) == 1 && prev.cells[0] == n.cells[0]
		switch {
		case sameCell && n.on:
			return engine.CellName(n.cells[0]) + " takes its other candidate"
		case sameCell:
			return engine.CellName(n.cells[0]) + " holds nothing else"
		case len(n.cells) > 1 && n.on:
			return "that digit is in " + strings.Join(chainCellNames(n.cells), " or ")
		case len(n.cells) > 1:
			return "that digit is in none of " + strings.Join(chainCellNames(n.cells), ", ")
		case n.on:
			return engine.CellName(n.cells[0]) + " holds that digit"
		}
		return engine.CellName(n.cells[0]) + " loses that candidate"
	}
	return lit(n.lit())
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

// why says why node b follows from node a along link l.
func (w *chainWriter) why(l engine.Link, a, b chainNode) string {
	sameCell := len(a.cells) == 1 && len(b.cells) == 1 && a.cells[0] == b.cells[0]
	switch {
	case len(l.ALS) > 0:
		ds := w.als(l.ALS)
		rest := ds.Without(a.d)
		// Cells first, then the digits, each in a clause of its own: a
		// set's digits say nothing about one of its cells.
		return fmt.Sprintf("%s: an almost locked set of %s; without %d, they hold %s", cells(l.ALS), digits(ds), a.d, digits(rest))
	case l.Strong && sameCell:
		if w.hidden(a) || w.hidden(b) {
			return "it has only two"
		}
		return fmt.Sprintf("%s holds only %d and %d", engine.CellName(a.cells[0]), min(a.d, b.d), max(a.d, b.d))
	case l.Strong:
		u := -1
		if w.unitAt < len(w.units) {
			u = w.units[w.unitAt]
			w.unitAt++
		}
		where := ""
		if u >= 0 {
			where = " in " + engine.UnitName(u)
		}
		if len(b.cells) > 1 {
			return fmt.Sprintf("the only places left for %d%s", a.d, where)
		}
		if w.hidden(b) {
			return "the only place left" + where
		}
		return fmt.Sprintf("the only place left for %d%s", a.d, where)
	case sameCell:
		return "one digit per cell"
	}
	all := append(slices.Clone(a.cells), b.cells...)
	return "same " + chainUnitKind(all)
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

// links words the chain's links, the start first, as lines: "Suppose
// r1c2 is not 5: then r1c7 is 5 (...), so ...". closed adds the link back
// to the start.
func (w *chainWriter) links(nodes []chainNode, closed bool) []string {
	var lines []string
	var cur strings.Builder
	start := nodes[0]
	if w.hidden(start) {
		cur.WriteString("Suppose " + engine.CellName(start.cells[0]) + " holds the candidate in question")
		if !start.on {
			cur.Reset()
			cur.WriteString("Suppose " + engine.CellName(start.cells[0]) + " lacks the candidate in question")
		}
	} else {
		cur.WriteString("Suppose " + lit(start.lit()))
	}
	budget := chainFirstBudget
	n := len(w.s.Links)
	for i := 0; i < n; i++ {
		l := w.s.Links[i]
		a, b := nodes[i], nodes[(i+1)%len(nodes)]
		if i+1 == len(nodes) && !closed {
			break
		}
		sep := ", so "
		if i == 0 {
			sep = ": then "
		}
		clause := w.node(a, b) + " (" + w.why(l, a, b) + ")"
		if closed && i == n-1 {
			clause += ", back where the chain started"
		}
		if cur.Len()+len(sep)+len(clause) > budget && i > 0 {
			lines = append(lines, cur.String()+",")
			cur.Reset()
			cur.WriteString("  so " + clause)
			budget = chainLineBudget
			continue
		}
		cur.WriteString(sep + clause)
	}
	return append(lines, cur.String()+".")
}

// reasonChain words an X-chain, XY-chain or alternating inference chain:
// the links from the start, then what the ends or the loop prove.
func reasonChain(s engine.Step, reveal bool) []string {
	nodes, closed := chainNodes(s)
	if len(nodes) < 2 {
		return nil
	}
	w := &chainWriter{s: s, reveal: reveal, units: houses(s, engine.RoleUnit)}
	lines := w.links(nodes, closed)
	first, last := nodes[0], nodes[len(nodes)-1]
	switch {
	case closed:
		lines = append(lines, "  The chain closes into a loop, so every link works both ways: of two candidates joined by a \"cannot both be true\" link, exactly one is true.")
		if reveal {
			lines = append(lines, "  So a candidate that sees both candidates of such a link is false, and a cell joined to itself by two of its digits holds one of those two.")
			for _, l := range s.Links {
				if len(l.ALS) > 0 {
					lines = append(lines, "  An almost locked set the loop passes through keeps its other digits locked in it: a cell that sees all the places of one of them in the set cannot hold it.")
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
		lines = append(lines, fmt.Sprintf("  So either %s, or %s: if the start fails, the chain makes the end true.", w.node(chainNode{}, start), w.node(chainNode{}, last)))
		if reveal {
			if first.d == last.d {
				lines = append(lines, fmt.Sprintf("  Either way %d is in one of the two ends, so a cell that sees both ends cannot hold %d.", first.d, first.d))
			} else {
				lines = append(lines, chainCrossEnds(s, start, last)...)
			}
		}
	}
	return lines
}

// loopEnd says what a chain that starts and ends in one cell proves (a
// discontinuous nice loop).
func (w *chainWriter) loopEnd(first, last chainNode) string {
	cell := engine.CellName(first.cells[0])
	switch {
	case first.d == last.d && !first.on:
		if w.reveal {
			return fmt.Sprintf("The chain comes back to %s: if %s is not %d, it is %d after all, so %s must be %d.", cell, cell, first.d, first.d, cell, first.d)
		}
		if w.hidden(first) {
			return fmt.Sprintf("The chain comes back to %s and contradicts its own start.", cell)
		}
		return fmt.Sprintf("The chain comes back to %s: if %s is not %d, it is %d after all.", cell, cell, first.d, first.d)
	case first.d == last.d:
		if w.reveal {
			return fmt.Sprintf("The chain comes back to %s: if %s were %d, it would not be %d, so it is not %d.", cell, cell, first.d, first.d, first.d)
		}
		return fmt.Sprintf("The chain comes back to %s and contradicts its own start.", cell)
	case !first.on && !last.on:
		if w.reveal {
			return fmt.Sprintf("If %s is %d it cannot be %d, and if it is not %d the chain rules %d out: either way %s is not %d.", cell, first.d, last.d, first.d, last.d, cell, last.d)
		}
		return fmt.Sprintf("The chain comes back to %s: whether its start holds or not, the chain's last candidate there fails.", cell)
	default:
		if w.reveal {
			return fmt.Sprintf("The chain comes back to %s with another digit: %s cannot be both %d and %d, so it is not %d.", cell, cell, first.d, last.d, first.d)
		}
		return fmt.Sprintf("The chain comes back to %s with another digit, which cannot be true together with its start.", cell)
	}
}

// reasonRemotePair words a remote pair: the cells of one pair, each
// seeing the next, alternate the two digits.
func reasonRemotePair(s engine.Step, reveal bool) []string {
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
	a, z := engine.CellName(path[0]), engine.CellName(path[len(path)-1])
	lines := []string{
		fmt.Sprintf("%s each hold only %d and %d, and each sees the next, so the two digits alternate along the chain.", cells(path), ds[0], ds[1]),
		fmt.Sprintf("  %s and %s are %d links apart, an odd number, so they hold different digits: one is %d and the other %d.", a, z, len(path)-1, ds[0], ds[1]),
	}
	if reveal {
		lines = append(lines, fmt.Sprintf("  So a cell that sees both %s and %s (or two other cells of the chain an odd number of links apart) can hold neither %d nor %d.", a, z, ds[0], ds[1]))
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
func chainCrossEnds(s engine.Step, start, end chainNode) []string {
	var out []string
	for _, pair := range [2][2]chainNode{{start, end}, {end, start}} {
		a, b := pair[0], pair[1]
		if len(a.cells) != 1 || !chainResult(s, a.cells[0], b.d) {
			continue
		}
		cell := engine.CellName(a.cells[0])
		out = append(out, fmt.Sprintf("  Hence %s cannot be %d: either it is %d, or %s, which it sees.", cell, b.d, a.d, lit(b.lit())))
	}
	if len(out) == 0 {
		out = append(out, "  Either way a candidate that clashes with both ends is false.")
	}
	return out
}

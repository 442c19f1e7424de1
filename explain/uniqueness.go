package explain

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
)

// The uniqueness family: unique rectangles, the hidden rectangle, unique
// loops and the bivalue universal grave (BUG). All of them rest on one
// fact a player may not know: a puzzle with one solution never lets a set
// of cells end up where two digits could swap places. The texts say that
// fact in plain words each time they use it.
//
// Level 2 must not name a result, and here the result often sits in the
// pattern itself (the fourth corner of a type 1 rectangle, the roof of a
// type 4). So a clause that names such a cell never carries a digit: the
// pattern's digits are said in a clause of their own.

func init() {
	register(reasonRectangle,
		About{Technique: "Unique Rectangle Type 1"},
		About{Technique: "Unique Rectangle Type 2"},
		About{Technique: "Unique Rectangle Type 3"},
		About{Technique: "Unique Rectangle Type 4"},
	)
	register(reasonHiddenRectangle,
		About{Technique: "Hidden Rectangle"},
	)
	register(reasonLoop,
		About{Technique: "Unique Loop Type 1"},
		About{Technique: "Unique Loop Type 2"},
		About{Technique: "Unique Loop Type 3"},
		About{Technique: "Unique Loop Type 4"},
	)
	register(reasonBUGPlusOne,
		About{Technique: "BUG+1"},
	)
	register(reasonBUG,
		About{Technique: "BUG Type 2"},
		About{Technique: "BUG Type 3"},
		About{Technique: "BUG Type 4"},
	)
}

// uqPattern is a uniqueness step's pattern read back: the deadly
// pattern's cells in order, the extra candidates of those that have some,
// the cells of a naked subset with their candidates, and the houses the
// reasoning works in.
type uqPattern struct {
	corners []int
	extra   map[int]engine.Digits
	subset  []int
	subDigs map[int]engine.Digits
	units   []int
}

func readUnique(s engine.Step) uqPattern {
	p := uqPattern{extra: map[int]engine.Digits{}, subDigs: map[int]engine.Digits{}}
	for _, pc := range s.Pattern {
		switch pc.Role {
		case engine.RoleCorner:
			p.corners = append(p.corners, pc.Cell)
		case engine.RoleExtra:
			p.extra[pc.Cell] |= pc.Digits
		case engine.RoleSubset:
			p.subset = append(p.subset, pc.Cell)
			p.subDigs[pc.Cell] |= pc.Digits
		}
	}
	p.units = houses(s, engine.RoleUnit)
	return p
}

// plain and odd split the pattern's cells into those holding only the
// pattern's digits and those with other candidates.
func (p uqPattern) plain() []int { return p.split(false) }
func (p uqPattern) odd() []int   { return p.split(true) }

func (p uqPattern) split(odd bool) []int {
	var out []int
	for _, c := range p.corners {
		if (p.extra[c] != 0) == odd {
			out = append(out, c)
		}
	}
	return out
}

// extras is the union of the odd cells' extra candidates.
func (p uqPattern) extras() engine.Digits {
	var ds engine.Digits
	for _, c := range p.corners {
		ds |= p.extra[c]
	}
	return ds
}

// elimDigit is the digit a step removes (the type 4 forms and the hidden
// rectangle remove one digit, the pattern's other one).
func elimDigit(s engine.Step) uint8 {
	if len(s.Eliminations) == 0 {
		return 0
	}
	return s.Eliminations[0].Digit
}

// pairWords writes a deadly pair as "2 and 9".
func pairWords(s engine.Step) string { return digits(s.Digits) }

// hold says that cells hold only the pattern's digits, with the right verb.
func hold(cs []int, s engine.Step) string {
	verb := " hold only "
	if len(cs) == 1 {
		verb = " holds only "
	}
	return cells(cs) + verb + pairWords(s)
}

// candList writes a cell's candidates as "3, 7" for a parenthesis.
func candList(ds engine.Digits) string {
	sl := ds.Slice()
	parts := make([]string, len(sl))
	for i, d := range sl {
		parts[i] = fmt.Sprint(d)
	}
	return strings.Join(parts, ", ")
}

var numberWords = [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}

func numberWord(n int) string {
	if n >= 0 && n < len(numberWords) {
		return numberWords[n]
	}
	return fmt.Sprint(n)
}

var subsetNames = map[int]string{2: "naked pair", 3: "naked triple", 4: "naked quad"}

// subsetLine words a naked subset made of the odd cells taken as one cell
// (holding one of held's digits) and the step's subset cells: which cells,
// which digits, and that the digits leave the rest of the unit. It names
// the subset's cells with their candidates; the results lie outside it.
func subsetLine(s engine.Step, p uqPattern, odd []int, held engine.Digits) string {
	all := held
	parts := make([]string, len(p.subset))
	for i, c := range p.subset {
		all |= p.subDigs[c]
		parts[i] = fmt.Sprintf("%s (%s)", engine.CellName(c), candList(p.subDigs[c]))
	}
	kind := subsetNames[all.Count()]
	if kind == "" {
		kind = "naked subset"
	}
	where := units(p.units)
	return fmt.Sprintf("Together %s act as one cell holding %s: with %s they make a %s in %s (%s cells for %s digits), so %s can go nowhere else in %s.",
		cells(odd), orDigits(held), join(parts), kind, where, numberWord(len(p.subset)+1), numberWord(all.Count()), digits(all), where)
}

// deadlyWhy says, once per text, why a deadly pattern cannot happen.
const deadlyWhy = "the two digits could swap places and the puzzle would have two solutions"

// reasonRectangle words the four unique rectangle types.
func reasonRectangle(s engine.Step, reveal bool) []string {
	p := readUnique(s)
	plain, odd := p.plain(), p.odd()
	out := []string{fmt.Sprintf("%s form a rectangle in two rows, two columns and two boxes: if %s were all it held, %s (a deadly pattern).",
		cells(p.corners), pairWords(s), deadlyWhy)}
	switch s.Technique {
	case "Unique Rectangle Type 1":
		if len(odd) != 1 {
			break
		}
		if reveal {
			out = append(out, fmt.Sprintf("  %s; only %s has other candidates, so it must take one of them.", hold(plain, s), cells(odd)))
		} else {
			out = append(out, fmt.Sprintf("  %s; only %s has other candidates, so it alone can keep the rectangle from being deadly.", hold(plain, s), cells(odd)))
		}
	case "Unique Rectangle Type 2":
		x := p.extras()
		out = append(out, fmt.Sprintf("  %s, and the only other candidate of %s is %s: if neither were %s the rectangle would be deadly.",
			hold(plain, s), cells(odd), digits(x), digits(x)),
			fmt.Sprintf("  So one of %s is %s, and no cell that sees both of them can be %s.", cells(odd), digits(x), digits(x)))
	case "Unique Rectangle Type 3":
		x := p.extras()
		out = append(out, fmt.Sprintf("  %s, so one of %s must take one of their other candidates: %s.", hold(plain, s), cells(odd), orDigits(x)),
			"  "+subsetLine(s, p, odd, x))
	case "Unique Rectangle Type 4":
		y := elimDigit(s)
		x := s.Digits.Without(y).First()
		unit := "their unit"
		if len(p.units) > 0 {
			unit = engine.UnitName(p.units[0])
		}
		out = append(out, fmt.Sprintf("  %s. In %s, %d can only go in %s, so one of them is %d.", hold(plain, s), unit, x, cells(odd), x))
		if reveal {
			out = append(out, fmt.Sprintf("  If %s were %d, the other would be %d, %s would follow, and the rectangle would hold only %s: deadly.",
				strings.Join(uqNames(odd), " or "), y, x, cells(plain), pairWords(s)))
		} else {
			out = append(out, fmt.Sprintf("  If either took the pair's other digit, the other would be %d, %s would follow, and the rectangle would hold only %s: deadly.",
				x, cells(plain), pairWords(s)))
		}
	}
	return out
}

// uqNames names cells one by one.
func uqNames(cs []int) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = engine.CellName(c)
	}
	return out
}

// reasonHiddenRectangle words a hidden rectangle: the pattern lists the
// bivalue corner first, then the corner in the opposite corner's row, the
// one in its column, and the opposite corner last.
func reasonHiddenRectangle(s engine.Step, reveal bool) []string {
	p := readUnique(s)
	if len(p.corners) != 4 {
		return nil
	}
	c, rowMate, colMate, opp := p.corners[0], p.corners[1], p.corners[2], p.corners[3]
	y := elimDigit(s)
	x := s.Digits.Without(y).First()
	row, col := engine.UnitName(engine.CellUnits[opp][0]), engine.UnitName(engine.CellUnits[opp][1])
	out := []string{fmt.Sprintf("%s; with %s it makes a rectangle in two rows, two columns and two boxes.",
		hold([]int{c}, s), cells([]int{rowMate, colMate, opp}))}
	if len(s.Links) == 2 {
		out = append(out, fmt.Sprintf("  In %s, %d can only go in %s; in %s, only in %s.",
			row, x, cells([]int{rowMate, opp}), col, cells([]int{colMate, opp})))
	} else {
		out = append(out, fmt.Sprintf("  In %s and in %s, %d can only go in the rectangle's corners.", row, col, x))
	}
	if reveal {
		out = append(out, fmt.Sprintf("  If %s were %d, then %d would have to go in %s and in %s, which both see %s and leave it %d: the four corners would hold only %s.",
			engine.CellName(opp), y, x, engine.CellName(rowMate), engine.CellName(colMate), engine.CellName(c), y, pairWords(s)))
	} else {
		out = append(out, fmt.Sprintf("  If %s took the pair's other digit, then %d would have to go in %s and in %s, which both see %s and leave it %d: the four corners would hold only %s.",
			engine.CellName(opp), x, engine.CellName(rowMate), engine.CellName(colMate), engine.CellName(c), y, pairWords(s)))
	}
	return append(out, "  That is a deadly pattern: "+deadlyWhy+".")
}

// reasonLoop words the four unique loop types; the pattern lists the
// loop's cells in loop order.
func reasonLoop(s engine.Step, reveal bool) []string {
	p := readUnique(s)
	odd := p.odd()
	out := []string{fmt.Sprintf("%s form a loop: each cell shares a row, column or box with the next, and each unit holds two loop cells or none.", cells(p.corners)),
		fmt.Sprintf("  If %s were all it held, they would alternate around it; then %s (a deadly pattern).", pairWords(s), deadlyWhy)}
	others := fmt.Sprintf("all the other loop cells hold only %s", pairWords(s))
	switch s.Technique {
	case "Unique Loop Type 1":
		if reveal {
			out = append(out, fmt.Sprintf("  Only %s has other candidates; %s, so %s must take one of them.", cells(odd), others, cells(odd)))
		} else {
			out = append(out, fmt.Sprintf("  Only %s has other candidates; %s, so it alone can keep the loop from being deadly.", cells(odd), others))
		}
	case "Unique Loop Type 2":
		x := digits(p.extras())
		out = append(out, fmt.Sprintf("  %s also hold %s; %s, so one of %s is %s, and no cell that sees %s can be %s.",
			cells(odd), x, others, cells(odd), x, allOf(len(odd)), x))
	case "Unique Loop Type 3":
		x := p.extras()
		out = append(out, fmt.Sprintf("  %s have other candidates; %s, so one of %s must take %s.", cells(odd), others, cells(odd), orDigits(x)),
			"  "+subsetLine(s, p, odd, x))
	case "Unique Loop Type 4":
		y := elimDigit(s)
		x := s.Digits.Without(y).First()
		unit := "their unit"
		if len(p.units) > 0 {
			unit = engine.UnitName(p.units[0])
		}
		out = append(out, fmt.Sprintf("  Only %s have other candidates; %s. In %s, %d can only go in %s, so one of them is %d.",
			cells(odd), others, unit, x, cells(odd), x))
		if reveal {
			out = append(out, fmt.Sprintf("  If %s were %d, the other would be %d, the rest of the loop would follow, and it would hold only %s: deadly.",
				strings.Join(uqNames(odd), " or "), y, x, pairWords(s)))
		} else {
			out = append(out, fmt.Sprintf("  If either took the pair's other digit, the other would be %d, the rest of the loop would follow, and it would hold only %s: deadly.",
				x, pairWords(s)))
		}
	}
	return out
}

// graveWhy says what a bivalue universal grave is and why a puzzle with
// one solution never becomes one.
const graveWhy = "Such a grave can be filled in two ways or none, never exactly one"

// reasonBUGPlusOne words BUG+1: the pattern holds the one cell with three
// candidates and, as its extra digit, the digit with three places.
func reasonBUGPlusOne(s engine.Step, reveal bool) []string {
	p := readUnique(s)
	var cell int
	var e engine.Digits
	for c, ds := range p.extra {
		cell, e = c, ds
	}
	if e == 0 {
		return nil
	}
	u := engine.CellUnits[cell]
	out := []string{
		fmt.Sprintf("Every empty cell but %s holds exactly two candidates, and every digit has exactly two places in each row, column and box it still needs, except %s in %s, where it has three.",
			engine.CellName(cell), digits(e), units([]int{u[0], u[1], u[2]})),
		fmt.Sprintf("  Without the %s in %s, every empty cell would have two candidates and every digit two places in each of its units: a bivalue universal grave.",
			digits(e), engine.CellName(cell)),
	}
	if reveal {
		return append(out, fmt.Sprintf("  %s, so in a puzzle with one solution %s must be %s.", graveWhy, engine.CellName(cell), digits(e)))
	}
	return append(out, fmt.Sprintf("  %s, so in a puzzle with one solution %s has to keep the grid out of it.", graveWhy, engine.CellName(cell)))
}

// reasonBUG words BUG types 2-4: the pattern holds the bug cells (the
// cells with more than two candidates) with their extra ("bug") digits.
func reasonBUG(s engine.Step, reveal bool) []string {
	p := readUnique(s)
	var bug []int
	var parts []string
	same := true
	var first engine.Digits
	for _, pc := range s.Pattern {
		if pc.Role == engine.RoleExtra {
			if len(bug) == 0 {
				first = pc.Digits
			}
			same = same && pc.Digits == first
			bug = append(bug, pc.Cell)
			parts = append(parts, fmt.Sprintf("%s (%s)", engine.CellName(pc.Cell), candList(pc.Digits)))
		}
	}
	// Each cell's own digits in brackets, so that no clause joins a cell
	// with another cell's digit (BUG type 4 removes digits from these
	// cells).
	without := "the extra digits of " + join(parts)
	if same && first.Count() == 1 {
		without = "the " + digits(first) + " in " + cells(bug)
	}
	out := []string{fmt.Sprintf("Without %s, every empty cell would have two candidates and every digit two places in each unit it still needs: a bivalue universal grave.", without)}
	switch s.Technique {
	case "BUG Type 2":
		x := digits(s.Digits)
		out = append(out, fmt.Sprintf("  %s, so in a puzzle with one solution one of %s is %s, and no cell that sees %s can be %s.",
			graveWhy, cells(bug), x, allOf(len(bug)), x))
	case "BUG Type 3":
		out = append(out, fmt.Sprintf("  %s, so in a puzzle with one solution one of %s takes its extra digit: %s.", graveWhy, cells(bug), orDigits(s.Digits)),
			"  "+subsetLine(s, p, bug, s.Digits))
	case "BUG Type 4":
		if len(s.Links) == 0 || len(bug) != 2 {
			break
		}
		x := s.Links[0].From.Digit
		unit := "their unit"
		if len(p.units) > 0 {
			unit = engine.UnitName(p.units[0])
		}
		out = append(out, fmt.Sprintf("  %s, so in a puzzle with one solution one of %s takes its extra digit.", graveWhy, cells(bug)),
			fmt.Sprintf("  In %s, %d can only go in %s, so one of them is %d and the other must take its extra digit.", unit, x, cells(bug), x))
		if reveal {
			out = append(out, fmt.Sprintf("  So each of %s is %d or its own extra digit.", cells(bug), x))
		}
	}
	return out
}

// allOf says "both of them" or "all of them".
func allOf(n int) string {
	if n == 2 {
		return "both of them"
	}
	return "all of them"
}

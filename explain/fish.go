package explain

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
)

// The fish family: X-Wing, Swordfish and Jellyfish, plain, finned and
// sashimi. A fish reads as its base lines (where the digit is confined),
// its cover lines (which get the digit from the base lines) and, for the
// finned forms, the fins and their box.

func init() {
	for _, name := range []string{"X-Wing", "Swordfish", "Jellyfish"} {
		register(reasonFish,
			About{Technique: name},
			About{Technique: "Finned " + name},
			About{Technique: "Sashimi " + name},
		)
	}
}

// reasonFish words a fish: where the digit is confined, why the cover
// lines get it from the base lines, and for a finned fish the two cases.
// Nothing names an eliminated cell, so reveal changes nothing.
func reasonFish(s engine.Step, reveal bool) []string {
	d := basicDigit(s)
	base, cover := houses(s, engine.RoleBase), houses(s, engine.RoleCover)
	corners := patternCells(s, engine.RoleBase)
	fins := patternCells(s, engine.RoleFin)
	if d == 0 || len(base) == 0 || len(cover) == 0 || len(corners) == 0 {
		return nil
	}
	bn, cn := units(base), units(cover)
	kind := "rows"
	if base[0] >= engine.FirstCol {
		kind = "columns"
	}
	head := fmt.Sprintf("In %s, %d can only go in %s (%s)", bn, d, cn, cells(corners))
	need := fmt.Sprintf("the %s %s need %s %d each, in different %s, so %s get their %ds from %s",
		basicCount(len(base)), kind, digitArticle(d), d, fishOther(kind), cn, d, bn)
	if len(fins) == 0 {
		return []string{head + ".", "  " + sentence(need+", and no other cell of those "+fishOther(kind)+fmt.Sprintf(" can be %d", d))}
	}
	box := basicFirstHouse(s, engine.RoleFin)
	if box < 0 {
		box = engine.CellUnits[fins[0]][2]
	}
	finWord := "the fin"
	if len(fins) > 1 {
		finWord = "the fins"
	}
	head += fmt.Sprintf(", apart from %s %s in %s.", finWord, cells(fins), engine.UnitName(box))

	plain := s.Technique
	for _, p := range []string{"Finned ", "Sashimi "} {
		plain = strings.TrimPrefix(plain, p)
	}
	noFin := fmt.Sprintf("If the fin is not %d", d)
	someFin := fmt.Sprintf("if the fin is %d, it rules %d out of every cell of %s", d, d, engine.UnitName(box))
	if len(fins) > 1 {
		noFin = fmt.Sprintf("If no fin is %d", d)
		someFin = fmt.Sprintf("if a fin is %d, it rules %d out of every cell of %s", d, d, engine.UnitName(box))
	}
	// A sashimi fish's base line has one corner left once its fins are
	// gone: that corner then holds the digit.
	var lone []string
	for _, u := range base {
		var in []int
		for _, c := range corners {
			if basicInUnit(u, c) {
				in = append(in, c)
			}
		}
		if len(in) == 1 {
			lone = append(lone, fmt.Sprintf("%s is %d", engine.CellName(in[0]), d))
		}
	}
	if len(lone) > 0 {
		noFin += ", " + join(lone) + " and"
	} else {
		noFin += ","
	}
	// The cover lines that cross the fins' box: only their cells there,
	// outside the fish, can lose the digit.
	var near []int
	for _, u := range cover {
		for _, c := range engine.UnitCells[u] {
			if engine.CellUnits[c][2] == box {
				near = append(near, u)
				break
			}
		}
	}
	if len(near) == 0 {
		near = cover
	}
	return []string{
		head,
		fmt.Sprintf("  %s this is %s %s: %s; %s.", noFin, fishArticle(plain), plain, need, someFin),
		finnedConclusion(reveal, units(near), engine.UnitName(box), d),
	}
}

// finnedConclusion says where a finned fish removes its digit. Level 2
// leaves the cells for the player to find: it gives the rule (cleared by
// the fish and seeing the fin), not the place.
func finnedConclusion(reveal bool, near, box string, d uint8) string {
	if !reveal {
		return fmt.Sprintf("  Either way, a cell that the fish would clear and that also sees every fin cannot be %d.", d)
	}
	return fmt.Sprintf("  Either way, the other cells of %s in %s cannot be %d.", near, box, d)
}

// fishOther is the other kind of line.
func fishOther(kind string) string {
	if kind == "rows" {
		return "columns"
	}
	return "rows"
}

// fishArticle is "an" before X-Wing, "a" before the others.
func fishArticle(name string) string {
	if strings.HasPrefix(name, "X") {
		return "an"
	}
	return "a"
}

// digitArticle is "an" before 8, "a" before the other digits.
func digitArticle(d uint8) string {
	if d == 8 {
		return "an"
	}
	return "a"
}

// basicCount writes a small count as an English word: "two cells".
func basicCount(n int) string {
	if n >= 0 && n < 10 {
		return [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}[n]
	}
	return fmt.Sprint(n)
}

package explain

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// The fish family: X-Wing, Swordfish and Jellyfish, plain, finned and
// sashimi. A fish reads as its base lines (where the digit is confined),
// its cover lines (which get the digit from the base lines) and, for the
// finned forms, the fins and their box.

// reasonFish words a fish, in every language: where the digit is
// confined, why the cover lines get it from the base lines, and for a
// finned fish the two cases. Nothing names an eliminated cell, so reveal
// changes nothing but the last line of a finned fish.
func reasonFish(l *l10n.Lang, s engine.Step, reveal bool) []string {
	d := basicDigit(s)
	base, cover := houses(s, engine.RoleBase), houses(s, engine.RoleCover)
	corners := patternCells(s, engine.RoleBase)
	fins := patternCells(s, engine.RoleFin)
	if d == 0 || len(base) == 0 || len(cover) == 0 || len(corners) == 0 {
		return nil
	}
	rows := base[0] < engine.FirstCol
	args := []any{"Base", unitsL(l, base), "Cover", unitsL(l, cover), "Digit", d, "Cells", cellsL(l, corners),
		"N", l.T(fmt.Sprintf("num.%d", len(base)))}
	pick := func(rowsID, colsID string) string {
		if rows {
			return rowsID
		}
		return colsID
	}
	if len(fins) == 0 {
		return []string{l.T("fish.head", args...), "  " + l.T(pick("fish.end_rows", "fish.end_cols"), args...)}
	}
	box := basicFirstHouse(s, engine.RoleFin)
	if box < 0 {
		box = engine.CellUnits[fins[0]][2]
	}
	one := len(fins) == 1
	finsID, noFinID, someFinID := "fish.fins", "fish.nofin_many", "fish.somefin_many"
	if one {
		finsID, noFinID, someFinID = "fish.fin", "fish.nofin_one", "fish.somefin_one"
	}
	boxName := unitL(l, box)
	head := l.T("fish.head_fins", append(args, "Fins", l.T(finsID, "Cells", cellsL(l, fins)), "Box", boxName)...)
	plain := s.Technique.String()
	for _, p := range []string{"Finned ", "Sashimi "} {
		plain = strings.TrimPrefix(plain, p)
	}
	// A sashimi fish's base line has one corner left once its fins are
	// gone: that corner then holds the digit.
	var lone []string
	var loneCells []int
	for _, u := range base {
		var in []int
		for _, c := range corners {
			if basicInUnit(u, c) {
				in = append(in, c)
			}
		}
		if len(in) == 1 {
			lone = append(lone, l.T("lit.on", "Cell", engine.CellName(in[0]), "Digit", d))
			loneCells = append(loneCells, in[0])
		}
	}
	noFin := l.T(noFinID, "Digit", d)
	if len(lone) > 0 {
		noFin = l.T(noFinID+"_lone", "Digit", d, "Lone", l.List(lone), "LoneCells", cellsL(l, loneCells))
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
	// One lets a language say "the fin" when there is one, not "every fin".
	last := l.T("fish.fin_rule", "Digit", d, "One", one)
	if reveal {
		last = l.T("fish.fin_result", "Digit", d, "Near", unitsL(l, near), "Box", boxName)
	}
	return []string{
		head,
		"  " + l.T("fish.finned", "NoFin", noFin, "Fish", l.T("fish.a", "FishKey", techKey(plain), "Name", l.T("tech."+techKey(plain)+".name")),
			"Need", l.T(pick("fish.need_rows", "fish.need_cols"), args...), "SomeFin", l.T(someFinID, "Digit", d, "Box", boxName)),
		"  " + last,
	}
}

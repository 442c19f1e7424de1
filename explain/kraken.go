package explain

import (
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// Kraken fish: a finned fish that removes nothing by itself, whose every
// fin leads by a chain to a candidate the fish would clear being false.
// It reads as the fish (base and cover houses, fins), the fish's case, and
// each fin's chain, worded as a forcing chain's branch.

// reasonKraken words a Kraken fish. With reveal false each fin's chain
// stops before the cell it reaches, and no line names that cell.
func reasonKraken(l *l10n.Lang, s engine.Step, reveal bool) []string {
	d := basicDigit(s)
	base, cover := houses(s, engine.RoleBase), houses(s, engine.RoleCover)
	fins := patternCells(s, engine.RoleFin)
	if d == 0 || len(base) < 2 || len(base) != len(cover) || len(fins) == 0 || len(s.Branches) == 0 {
		return nil
	}
	args := []any{"Base", unitsL(l, base), "Cover", unitsL(l, cover), "Digit", d, "N", numL(l, len(base)), "Size", len(base)}
	finsID, noFinID := "fish.fins", "fish.nofin_many"
	if len(fins) == 1 {
		finsID, noFinID = "fish.fin", "fish.nofin_one"
	}
	lines := []string{
		l.T("cfish.head_fins", append(args, "Fins", l.T(finsID, "Cells", cellsL(l, fins)))...),
		"  " + l.T("kraken.nofin", append(args, "NoFin", l.T(noFinID, "Digit", d), "Fish", krakenFishName(l, base, cover))...),
		"  " + l.T("kraken.fins", "Digit", d, "One", len(fins) == 1),
	}
	w := newProofWriter(l, s, reveal)
	w.lines = nil
	for _, br := range s.Branches {
		w.branch(br, 2)
	}
	lines = append(lines, w.lines...)
	return append(lines, "  "+l.T("kraken.end", "Digit", d))
}

// krakenFishName is the plain name of the fish under a Kraken fish: a
// basic fish, or a Franken fish when a box is among its houses.
func krakenFishName(l *l10n.Lang, base, cover []int) string {
	for _, u := range append(append([]int(nil), base...), cover...) {
		if u >= engine.FirstBox && engine.FishSizeName(len(base)) != "" {
			plain, _ := complexFishWords(l, "franken", len(base))
			return plain
		}
	}
	return sizeNameL(l, len(base))
}

package explain

import (
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// Franken and Mutant fish: a fish whose base and cover sets may be boxes
// (Franken) or mix rows and columns (Mutant). A fish reads as its base
// sets, its cover sets, the fins (outside the cover sets, or "endo fins"
// in two base sets) and why the cover sets get the digit from the base
// sets. Their names are composed from the kind, the size (X-Wing ...
// Whale) and the fins, so each language words them once.

// complexFishWords words a Franken or Mutant fish's plain name and
// definition from its words key (engine.TechniqueInfo.Words: "franken",
// "mutant_finned") and its size: "Swordfish with boxes", "Jellyfish
// across rows, columns and boxes, with fins".
func complexFishWords(l *l10n.Lang, key string, n int) (plain, def string) {
	fish := sizeNameL(l, n)
	return l.T("cfish.plain_"+key, "Fish", fish), l.T("cfish.def_"+key, "Fish", fish, "N", numL(l, n))
}

// sizeNameL is the name of a fish of n units in a language.
func sizeNameL(l *l10n.Lang, n int) string {
	if n <= 4 {
		return l.T("tech." + techKey(engine.FishSizeName(n)) + ".name")
	}
	return l.T(map[int]string{5: "cfish.size5", 6: "cfish.size6", 7: "cfish.size7"}[n])
}

// numL writes a small count as a word.
func numL(l *l10n.Lang, n int) string { return l.T("num." + string(rune('0'+n))) }

// reasonComplexFish words a Franken or Mutant fish: its base and cover
// sets, its fins, and the count that makes the cover sets take the digit
// from the base sets. No line names an eliminated cell: a base place in
// two cover sets, which the fish removes, is only spoken of in general.
func reasonComplexFish(l *l10n.Lang, s engine.Step, reveal bool) []string {
	d := basicDigit(s)
	base, cover := houses(s, engine.RoleBase), houses(s, engine.RoleCover)
	if d == 0 || len(base) == 0 || len(base) != len(cover) {
		return nil
	}
	var exo, endo []int
	for _, p := range s.Pattern {
		if p.Role == engine.RoleFin && p.Group == 1 {
			endo = append(endo, p.Cell)
		} else if p.Role == engine.RoleFin {
			exo = append(exo, p.Cell)
		}
	}
	n := len(base)
	// Size picks the article of the fish's name where a language's fish
	// names differ in gender ("eine Qualle", "ein Schwertfisch").
	args := []any{"Base", unitsL(l, base), "Cover", unitsL(l, cover), "Digit", d, "N", numL(l, n), "Size", n}
	var lines []string
	fins := append(append([]int(nil), exo...), endo...)
	if len(fins) == 0 {
		lines = append(lines, l.T("cfish.head", args...), "  "+l.T("cfish.end", args...))
	} else {
		finsID, noFinID, someFinID := "fish.fins", "fish.nofin_many", "cfish.somefin_many"
		if len(fins) == 1 {
			finsID, noFinID, someFinID = "fish.fin", "fish.nofin_one", "cfish.somefin_one"
		}
		lines = append(lines, l.T("cfish.head_fins", append(args, "Fins", l.T(finsID, "Cells", cellsL(l, fins)))...))
		if len(endo) > 0 {
			id := "cfish.endo_many"
			if len(endo) == 1 {
				id = "cfish.endo_one"
			}
			// In: the two base units the (first) endo fin lies in, so
			// the sentence names them rather than "two of" a long list.
			var in []int
			for _, u := range base {
				if basicInUnit(u, endo[0]) {
					in = append(in, u)
				}
			}
			lines = append(lines, "  "+l.T(id, "Cells", cellsL(l, endo), "Base", unitsL(l, base), "In", unitsL(l, in)))
		}
		plain := engine.TechniqueID(strings.TrimPrefix(s.Technique.String(), "Finned "))
		fish := plain.String()
		if a, ok := Technique(l, plain); ok {
			fish = a.Plain
		}
		lines = append(lines, "  "+l.T("cfish.finned", append(args, "NoFin", l.T(noFinID, "Digit", d),
			"Fish", fish, "SomeFin", l.T(someFinID, "Digit", d))...))
	}
	if cannibalPlaces(s) {
		lines = append(lines, "  "+l.T("cfish.cannibal", args...))
	}
	if len(fins) > 0 {
		lines = append(lines, "  "+l.T("fish.fin_rule", "Digit", d, "One", len(fins) == 1))
	}
	return lines
}

// cannibalPlaces reports whether the fish removes one of its own base
// places (one in two cover sets): the text then says why, in general,
// without naming the place.
func cannibalPlaces(s engine.Step) bool {
	base := map[int]bool{}
	for _, p := range s.Pattern {
		if p.Role == engine.RoleBase {
			base[p.Cell] = true
		}
	}
	for _, e := range s.Eliminations {
		if base[e.Cell] {
			return true
		}
	}
	return false
}

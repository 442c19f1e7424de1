package explain

import (
	"flag"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

var updateFish = flag.Bool("update-fish", false, "rewrite the golden files of testdata/fish")

var fishCases = []familyCase{
	{"X-Wing", "sxbank_diabolical.txt", 1, 22},
	{"Swordfish", "sxbank_diabolical.txt", 12, 23},
	{"Jellyfish", "sxbank_diabolical.txt", 36, 28},
	{"Finned X-Wing", "sxbank_diabolical.txt", 17, 27},
	{"Finned Swordfish", "sxbank_diabolical.txt", 5, 9},
	{"Finned Jellyfish", "csp_rules_ser_examples.txt", 29, 4},
	{"Sashimi X-Wing", "sxbank_diabolical.txt", 21, 23},
	{"Sashimi Swordfish", "sxbank_hardest_se8.8plus.txt", 31, 22},
	{"Sashimi Jellyfish", "csp_rules_ser_examples.txt", 38, 61},
}

func TestFishGoldens(t *testing.T) { checkGoldens(t, "fish", *updateFish, fishCases) }

// TestFishShape checks that a fish's data tells its parts apart as a
// picture needs them: base and cover lines of opposite kinds, each corner
// in one base and one cover line, fins in a base line but no cover line
// and in the fin box, and every elimination in a cover line, outside the
// base lines, seeing every fin.
func TestFishShape(t *testing.T) {
	for _, c := range fishCases {
		t.Run(c.key, func(t *testing.T) {
			_, s := loadCase(t, c)
			base, cover := houses(s, engine.RoleBase), houses(s, engine.RoleCover)
			if len(base) != len(cover) || len(base) < 2 {
				t.Fatalf("%d base and %d cover lines", len(base), len(cover))
			}
			for _, u := range base {
				if u/9 != base[0]/9 || u >= engine.FirstBox {
					t.Errorf("base lines %v are not all rows or all columns", base)
				}
			}
			for _, u := range cover {
				if u/9 == base[0]/9 || u >= engine.FirstBox {
					t.Errorf("cover line %s is of the base lines' kind", engine.UnitName(u))
				}
			}
			in := func(us []int, c int) int {
				n := 0
				for _, u := range us {
					if slices.Contains(engine.UnitCells[u][:], c) {
						n++
					}
				}
				return n
			}
			for _, c := range patternCells(s, engine.RoleBase) {
				if in(base, c) != 1 || in(cover, c) != 1 {
					t.Errorf("corner %s is not on one base and one cover line", engine.CellName(c))
				}
			}
			fins := patternCells(s, engine.RoleFin)
			if (len(fins) > 0) != (s.Variant == "finned" || s.Variant == "sashimi") {
				t.Errorf("variant %q with %d fins", s.Variant, len(fins))
			}
			box := houses(s, engine.RoleFin)
			for _, f := range fins {
				if in(base, f) != 1 || in(cover, f) != 0 || len(box) != 1 || in(box, f) != 1 {
					t.Errorf("fin %s is misplaced", engine.CellName(f))
				}
			}
			for _, e := range s.Eliminations {
				if in(cover, e.Cell) != 1 || in(base, e.Cell) != 0 {
					t.Errorf("elimination %s is not in the cover lines only", e)
				}
				for _, f := range fins {
					if !engine.SeesCell(e.Cell, f) {
						t.Errorf("elimination %s does not see fin %s", e, engine.CellName(f))
					}
				}
			}
		})
	}
}

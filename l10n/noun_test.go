package l10n

import (
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// TestNounsDecideTheirGrammarInTheCatalogue renders sentences whose
// grammar depends on the unit they name (a German dative plural, a
// Portuguese or French preposition contracted with the article) and
// checks the catalogue chose it: nothing after rendering repairs them.
func TestNounsDecideTheirGrammarInTheCatalogue(t *testing.T) {
	rows := func(l *Lang) Forms {
		return JoinForms([]Forms{l.Unit(engine.FirstRow), l.Unit(engine.FirstRow + 3)}, l.T("list.sep"), l.T("list.last"))
	}
	boxes := func(l *Lang) Forms {
		return l.Noun("unit.boxes", KindHouses, "List", "5 und 8")
	}
	for _, c := range []struct {
		tag, id string
		kv      func(l *Lang) []any
		want    string
	}{
		{"pt-BR", "basic.hs", func(l *Lang) []any { return []any{"Unit", l.Unit(engine.FirstBox + 8), "Digit", 8} }, "No bloco 9, o 8"},
		{"pt-BR", "basic.hs", func(l *Lang) []any { return []any{"Unit", l.Unit(engine.FirstCol + 3), "Digit", 8} }, "Na coluna 4, o 8"},
		{"de", "fish.head", func(l *Lang) []any {
			return []any{"Base", boxes(l), "Cover", boxes(l), "Digit", 4, "Cells", "r1c1"}
		}, "In den Blöcken 5 und 8"},
		{"de", "basic.hs", func(l *Lang) []any { return []any{"Unit", l.Unit(engine.FirstBox + 4), "Digit", 8} }, "In Block 5"},
		{"de", "fc.hidden_single", func(l *Lang) []any {
			return []any{"Digit", Forms{"nom": "x", "kind": KindValue}, "Unit", l.Unit(engine.FirstBox)}
		}, "einziger Platz für x in Block 1"},
		{"de", "fc.hidden_single", func(l *Lang) []any {
			return []any{"Digit", Forms{"nom": "7", "kind": KindDigit}, "Unit", l.Unit(engine.FirstBox)}
		}, "einziger Platz für die 7 in Block 1"},
		{"es-ES", "fc.hidden_single", func(l *Lang) []any {
			return []any{"Digit", Forms{"nom": "x", "kind": KindValue}, "Unit", l.Unit(engine.FirstBox)}
		}, "le queda a la x en"},
		{"fr", "fc.p_pointing", func(l *Lang) []any {
			return []any{"Digit", Forms{"nom": "2", "kind": KindDigit}, "U0", l.Unit(engine.FirstBox + 1), "U1", l.Unit(engine.FirstRow + 2)}
		}, "le 2 du bloc 2"},
	} {
		l := For(c.tag)
		got := l.T(c.id, c.kv(l)...)
		if !strings.Contains(got, c.want) {
			t.Errorf("%s %s = %q, want it to contain %q", c.tag, c.id, got, c.want)
		}
	}
	// A list of two kinds joins each form: French "de la ligne 1 et de la
	// ligne 4".
	fr := For("fr")
	if got := rows(fr)["de"]; got != "de la ligne 1 et de la ligne 4" {
		t.Errorf("fr rows, form de = %q", got)
	}
	if k := rows(fr).Kind(); k != KindHouses {
		t.Errorf("two rows are %q, want %q", k, KindHouses)
	}
}

func TestNounForms(t *testing.T) {
	for _, c := range []struct {
		id, noun, form string
		ok             bool
	}{
		{"unit.box.dat", "unit.box", "dat", true},
		{"unit.rows.Em", "unit.rows", "Em", true},
		{"unit.box", "", "", false},
		{"hint.named.x", "", "", false},
		{"unit.box.d2", "", "", false},
	} {
		noun, form, ok := IsNounForm(c.id)
		if ok != c.ok || ok && (noun != c.noun || form != c.form) {
			t.Errorf("IsNounForm(%q) = %q, %q, %v", c.id, noun, form, ok)
		}
	}
	if f := For("de").NounForms(); len(f) != 1 || f[0] != "dat" {
		t.Errorf("German noun forms %v, want [dat]", f)
	}
	if f := For("zh-CN").NounForms(); len(f) != 0 {
		t.Errorf("Chinese noun forms %v, want none", f)
	}
}

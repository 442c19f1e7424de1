package l10n

import (
	"strings"
	"testing"
)

// TestCountOfOne: the messages that put a count before a noun with no
// plural form of the catalogue's choose the noun's singular at 1 (a pasted
// row of one cell, an answer row of one character, a puzzle of one given
// reach them), and keep the plural at 2.
func TestCountOfOne(t *testing.T) {
	tests := []struct {
		tag, id, field string
		one, two       string
	}{
		{"en-US", "grid.row_length", "RowCells", "has 1 cell,", "has 2 cells,"},
		{"en-US", "parse.answer_row", "Length", "has 1 character;", "has 2 characters;"},
		{"en-US", "new.many_solutions", "Givens", "has 1 given)", "has 2 givens)"},
		{"de", "grid.row_length", "RowCells", "hat 1 Feld,", "hat 2 Felder,"},
		{"de", "new.many_solutions", "Givens", "hat 1 Vorgabe)", "hat 2 Vorgaben)"},
		{"fr", "grid.row_length", "RowCells", "a 1 case", "a 2 cases"},
		{"fr", "parse.answer_row", "Length", "a 1 caractère", "a 2 caractères"},
		{"fr", "new.many_solutions", "Givens", "a 1 chiffre donné)", "a 2 chiffres donnés)"},
		{"es-ES", "grid.row_length", "RowCells", "tiene 1 casilla;", "tiene 2 casillas;"},
		{"es-ES", "parse.answer_row", "Length", "tiene 1 carácter;", "tiene 2 caracteres;"},
		{"es-ES", "new.many_solutions", "Givens", "tiene 1 pista)", "tiene 2 pistas)"},
		{"pt-BR", "grid.row_length", "RowCells", "tem 1 casa;", "tem 2 casas;"},
		{"pt-BR", "parse.answer_row", "Length", "tem 1 caractere;", "tem 2 caracteres;"},
	}
	for _, tc := range tests {
		l := For(tc.tag)
		for n, want := range map[int]string{1: tc.one, 2: tc.two} {
			got := l.T(tc.id, "Row", 3, "Line", 4, "Value", "x", tc.field, n)
			// French puts a narrow no-break space before ";".
			if !strings.Contains(strings.ReplaceAll(got, "\u202f", " "), want) {
				t.Errorf("%s %s at %d: %q, want it to contain %q", tc.tag, tc.id, n, got, want)
			}
		}
	}
}

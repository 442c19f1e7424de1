package engine

import (
	"errors"
	"strings"
	"testing"
)

const (
	// easyPuzzle is sxbank_easy.txt line 3, in the forms Parse accepts.
	easyPuzzle   = "050703060007000800000816000000030000005000100730040086906000204840572093000409000"
	easyCanon    = ".5.7.3.6...7...8.....816.......3......5...1..73..4..869.6...2.484.572.93...4.9..."
	easySolution = "158723469367954821294816375619238547485697132732145986976381254841572693523469718"
)

func TestParseAccepts(t *testing.T) {
	tests := []struct {
		name string
		text string
	}{
		{"zeros", easyPuzzle},
		{"dots", easyCanon},
		{"trailing newline", easyPuzzle + "\n"},
		{"CRLF", easyPuzzle + "\r\n"},
		{"spaces around", "  " + easyPuzzle + "\t "},
		{"nine lines", strings.Join(splitRows(easyPuzzle), "\n")},
		{"nine lines CRLF", strings.Join(splitRows(easyPuzzle), "\r\n") + "\r\n"},
		{"spaced board", spacedBoard(easyCanon)},
		{"framed board", `
+-------+-------+-------+
| . 5 . | 7 . 3 | . 6 . |
| . . 7 | . . . | 8 . . |
| . . . | 8 1 6 | . . . |
+-------+-------+-------+
| . . . | . 3 . | . . . |
| . . 5 | . . . | 1 . . |
| 7 3 . | . 4 . | . 8 6 |
+-------+-------+-------+
| 9 . 6 | . . . | 2 . 4 |
| 8 4 . | 5 7 2 | . 9 3 |
| . . . | 4 . 9 | . . . |
+-------+-------+-------+
`},
		{"mixed blanks", strings.Replace(easyPuzzle, "0", ".", 10)},
	}
	want := MustParse(easyPuzzle)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.text)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if g != want {
				t.Fatalf("got %s, want %s", g, want)
			}
			if g.String() != easyCanon {
				t.Fatalf("String = %s", g)
			}
		})
	}
}

// splitRows cuts an 81-character puzzle into its nine rows.
func splitRows(p string) []string {
	rows := make([]string, 9)
	for r := range rows {
		rows[r] = p[r*9 : r*9+9]
	}
	return rows
}

// spacedBoard writes a puzzle as nine lines of space-separated cells.
func spacedBoard(p string) string {
	var b strings.Builder
	for _, row := range splitRows(p) {
		b.WriteString(strings.Join(strings.Split(row, ""), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

func TestParseErrors(t *testing.T) {
	rows := splitRows(easyPuzzle)
	short := append([]string(nil), rows...)
	short[3] = short[3][:8]
	uneven := append([]string(nil), rows...)
	uneven[2], uneven[5] = uneven[2]+"0", uneven[5][:8]
	tests := []struct {
		name string
		text string
		want ParseError
		msg  string
	}{
		{"empty", "", ParseError{Kind: ParseNoCells}, "no cells found, a grid has 81"},
		{"blank lines", "\n \n", ParseError{Kind: ParseNoCells}, "no cells found, a grid has 81"},
		{"short", easyPuzzle[:80], ParseError{Kind: ParseCellCount, Cells: 80}, "found 80 cells, a grid has 81"},
		{"long", easyPuzzle + "1", ParseError{Kind: ParseTooManyCells, Line: 1, Col: 82, Char: '1', Cells: 82},
			`line 1, column 82: too many cells: '1' is cell 82, a grid has 81`},
		{"letter", "x" + easyPuzzle[1:], ParseError{Kind: ParseBadChar, Line: 1, Col: 1, Char: 'x'},
			`line 1, column 1: unexpected character 'x' (cells are 1-9, with 0 or . for a blank)`},
		{"star blank", easyPuzzle[:40] + "*" + easyPuzzle[41:], ParseError{Kind: ParseBadChar, Line: 1, Col: 41, Char: '*', Cells: 40},
			`line 1, column 41: unexpected character '*' (cells are 1-9, with 0 or . for a blank)`},
		{"comma on line 3", strings.Join(rows[:2], "\n") + "\n05,0", ParseError{Kind: ParseBadChar, Line: 3, Col: 3, Char: ',', Cells: 20},
			`line 3, column 3: unexpected character ',' (cells are 1-9, with 0 or . for a blank)`},
		{"unicode column", "é" + easyPuzzle, ParseError{Kind: ParseBadChar, Line: 1, Col: 1, Char: 'é'},
			`line 1, column 1: unexpected character 'é' (cells are 1-9, with 0 or . for a blank)`},
		{"short row", strings.Join(short, "\n"), ParseError{Kind: ParseRowLength, Line: 4, Cells: 80, Row: 4, RowCells: 8},
			"line 4: row 4 has 8 cells, a row has 9 (found 80 cells, a grid has 81)"},
		{"uneven rows", strings.Join(uneven, "\n"), ParseError{Kind: ParseRowLength, Line: 3, Cells: 81, Row: 3, RowCells: 10},
			"line 3: row 3 has 10 cells, a row has 9 (found 81 cells, a grid has 81)"},
		{"rating kept", easyPuzzle + " 1.2", ParseError{Kind: ParseTooManyCells, Line: 1, Col: 83, Char: '1', Cells: 82},
			`line 1, column 83: too many cells: '1' is cell 82, a grid has 81`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.text)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse = %v, %v; want a *ParseError", g, err)
			}
			if g != (Grid{}) {
				t.Errorf("Parse returned a grid with its error: %s", g)
			}
			if *pe != tt.want {
				t.Errorf("error fields %+v, want %+v", *pe, tt.want)
			}
			if pe.Error() != tt.msg {
				t.Errorf("message %q, want %q", pe.Error(), tt.msg)
			}
		})
	}
}

func TestStringAndDigits(t *testing.T) {
	g := MustParse(easyPuzzle)
	if g.String() != easyCanon || g.Digits() != easyPuzzle {
		t.Fatalf("String %s Digits %s", g, g.Digits())
	}
	if g.Count() != 30 || g.Full() {
		t.Fatalf("Count %d Full %v", g.Count(), g.Full())
	}
	sol := MustParse(easySolution)
	if !sol.Full() || sol.Count() != 81 || sol.Validate() != nil {
		t.Fatalf("solution: Full %v Count %d Validate %v", sol.Full(), sol.Count(), sol.Validate())
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("MustParse of bad text did not panic")
		}
	}()
	MustParse("12")
}

func TestConflicts(t *testing.T) {
	g := MustParse(easyPuzzle)
	if err := g.Validate(); err != nil {
		t.Fatalf("Validate(easy) = %v", err)
	}
	g[0] = 5 // the only other 5 in row 1, column 1 and box 1 is r1c2
	cs := g.Conflicts()
	if len(cs) != 1 {
		t.Fatalf("Conflicts = %v", cs)
	}
	want := Conflict{A: 0, B: 1, Digit: 5, Unit: FirstRow}
	if cs[0] != want {
		t.Fatalf("Conflicts()[0] = %+v, want %+v", cs[0], want)
	}
	err := g.Validate()
	var ce *ConflictError
	if !errors.Is(err, ErrInvalid) || !errors.As(err, &ce) || err.Error() != "invalid: r1c1 and r1c2 both hold 5" {
		t.Fatalf("Validate = %v", err)
	}
}

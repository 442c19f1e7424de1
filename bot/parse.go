package bot

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// ParseMoves reads moves such as "r4c6=7 r5c1=3 r2c2=0", "r4c6 7" or
// "R4C6:7", separated by spaces, commas or semicolons. A digit 0 clears
// the cell. Errors quote the offending text and say how to fix it.
func ParseMoves(text string) ([]store.Move, error) {
	// Only ASCII letters are folded, so s and text have the same bytes at
	// the same offsets: strings.ToLower may change a text's length
	// ("Ⱥ" grows, "İ" shrinks) and its offsets would then slice text
	// wrongly, or past its end.
	s := asciiLower(text)
	var moves []store.Move
	i := 0
	isSep := func(c byte) bool { return c == ' ' || c == ',' || c == ';' || c == '\t' || c == '\n' || c == '\r' }
	token := func(from int) string {
		j := from
		for j < len(s) && !isSep(s[j]) {
			j++
		}
		return text[from:j]
	}
	number := func() (int, string) {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		n, _ := strconv.Atoi(s[i:j])
		str := s[i:j]
		i = j
		return n, str
	}
	for {
		for i < len(s) && isSep(s[i]) {
			i++
		}
		if i >= len(s) {
			break
		}
		start := i
		if s[i] != 'r' {
			return nil, userErr("parse.not_move", "Value", quote(token(start)))
		}
		i++
		row, rs := number()
		if rs == "" || i >= len(s) || s[i] != 'c' {
			return nil, userErr("parse.not_move", "Value", quote(token(start)))
		}
		i++
		col, cs := number()
		if cs == "" {
			return nil, userErr("parse.not_move", "Value", quote(token(start)))
		}
		cell := text[start:i]
		if row < 1 || row > 9 || col < 1 || col > 9 || len(rs) > 1 || len(cs) > 1 {
			return nil, userErr("parse.not_cell", "Value", quote(cell))
		}
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		if j < len(s) && (s[j] == '=' || s[j] == ':') {
			j++
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
		}
		if j >= len(s) || s[j] < '0' || s[j] > '9' {
			return nil, userErr("parse.needs_digit", "Value", quote(cell), "Example", quote(cell+"=7"))
		}
		i = j
		d, ds := number()
		if len(ds) > 1 {
			return nil, userErr("parse.one_digit", "Value", quote(text[start:i]))
		}
		if i < len(s) && !isSep(s[i]) {
			return nil, userErr("parse.not_move", "Value", quote(token(start)))
		}
		moves = append(moves, store.Move{Cell: engine.CellAt(row-1, col-1), Digit: uint8(d)})
		if len(moves) > engine.NumCells {
			return nil, userErr("parse.too_many")
		}
	}
	if len(moves) == 0 {
		return nil, userErr("parse.no_moves")
	}
	return moves, nil
}

// ParseAnswer reads a full answer: 81 digits 1-9, optionally with the rows
// separated by spaces or '/'.
func ParseAnswer(text string) (engine.Grid, error) {
	var g engine.Grid
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '/' || r == '\n' || r == '\t' || r == '\r' || r == ',' })
	if len(fields) == 9 {
		for ri, f := range fields {
			if len(f) != 9 {
				return g, userErr("parse.answer_row", "Row", ri+1, "Value", quote(f), "Length", utf8.RuneCountInString(f))
			}
		}
	}
	n := 0
	for _, f := range fields {
		for _, r := range f {
			if r < '1' || r > '9' {
				return g, userErr("parse.answer_char", "Value", quote(string(r)), "Position", n+1)
			}
			if n < engine.NumCells {
				g[n] = uint8(r - '0')
			}
			n++
		}
	}
	if n != engine.NumCells {
		return g, userErr("parse.answer_length", "Count", n)
	}
	return g, nil
}

// asciiLower folds A-Z to a-z and leaves every other byte alone.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// maxQuote is the most characters of a player's text an error quotes.
const maxQuote = 60

// quote shows a player's own text in an error as inline code: cut to
// maxQuote characters, on one line, with backticks (which would end the
// code span) shown as ˋ, and invalid UTF-8 as U+FFFD.
func quote(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.NewReplacer("`", "ˋ", "\n", " ", "\r", " ").Replace(s)
	if strings.TrimSpace(s) == "" {
		return "(blank)"
	}
	return "`" + clip(s, maxQuote) + "`"
}

// cellList names cells for a message: "r1c2, r3c4 and r5c6".
func cellList(l *l10n.Lang, cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = "`" + engine.CellName(c) + "`"
	}
	return joinWords(l, names)
}

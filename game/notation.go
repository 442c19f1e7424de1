package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// The text notation of moves and answers, as a player types them in any
// door: a cell is r4c6 (row, then column, 1 to 9), the notation
// engine.CellName writes; a move gives it a digit (r4c6=7, 0 clears it);
// an answer is the 81 digits of the grid.

// InputErrorKind is what is wrong with a player's moves or answer.
type InputErrorKind int

// The kinds of InputError, with the fields each one sets besides Text.
const (
	// NotAMove: Text is not a move such as r4c6=7.
	NotAMove InputErrorKind = iota + 1
	// NotACell: Text names no cell (a row or column outside 1-9).
	NotACell
	// NeedsDigit: the cell Text has no digit after it.
	NeedsDigit
	// OneDigit: Text gives a cell a number of more than one digit.
	OneDigit
	// TooManyMoves: more than 81 moves at once.
	TooManyMoves
	// NoMoves: the text holds no move at all.
	NoMoves
	// AnswerRowLength: row Row of an answer given as nine rows, Text,
	// has Length characters.
	AnswerRowLength
	// AnswerChar: Text, character Position of the answer, is not 1-9.
	AnswerChar
	// AnswerLength: the answer has Count digits, not 81.
	AnswerLength
)

// InputError says exactly what is wrong with a player's moves or answer
// and where, as data: Msg words it in the player's language (ParseMoves
// and ParseAnswer return it inside an *Error carrying that message).
type InputError struct {
	Kind InputErrorKind
	// Text is the part of the player's text at fault, as typed: a token,
	// a cell, a row of the answer or a character.
	Text                         string
	Row, Length, Position, Count int
}

// Error is a short English summary, for logs.
func (e *InputError) Error() string {
	text := e.Text
	if utf8.RuneCountInString(text) > l10n.MaxQuote {
		text = string([]rune(text)[:l10n.MaxQuote-1]) + "…"
	}
	return fmt.Sprintf("unreadable input (kind %d) at %q", int(e.Kind), text)
}

// Msg is the catalogue message that explains the error to a player.
func (e *InputError) Msg() l10n.Msg {
	switch e.Kind {
	case NotACell:
		return l10n.M("parse.not_cell", "Value", l10n.Quote(e.Text))
	case NeedsDigit:
		return l10n.M("parse.needs_digit", "Value", l10n.Quote(e.Text), "Example", l10n.Quote(e.Text+"=7"))
	case OneDigit:
		return l10n.M("parse.one_digit", "Value", l10n.Quote(e.Text))
	case TooManyMoves:
		return l10n.M("parse.too_many")
	case NoMoves:
		return l10n.M("parse.no_moves")
	case AnswerRowLength:
		return l10n.M("parse.answer_row", "Row", e.Row, "Value", l10n.Quote(e.Text), "Length", e.Length)
	case AnswerChar:
		return l10n.M("parse.answer_char", "Value", l10n.Quote(e.Text), "Position", e.Position)
	case AnswerLength:
		return l10n.M("parse.answer_length", "Count", e.Count)
	}
	return l10n.M("parse.not_move", "Value", l10n.Quote(e.Text))
}

// inputErr is e as the *Error the doors word: its message for the
// player, e itself for errors.As and the log.
func inputErr(e *InputError) error { return &Error{Msg: e.Msg(), Err: e} }

// ParseMoves reads moves such as "r4c6=7 r5c1=3 r2c2=0", "r4c6 7" or
// "R4C6:7", separated by spaces, commas or semicolons. A digit 0 clears
// the cell. An error is an *InputError (inside an *Error) that quotes
// the offending text and says how to fix it.
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
			return nil, inputErr(&InputError{Kind: NotAMove, Text: token(start)})
		}
		i++
		row, rs := number()
		if rs == "" || i >= len(s) || s[i] != 'c' {
			return nil, inputErr(&InputError{Kind: NotAMove, Text: token(start)})
		}
		i++
		col, cs := number()
		if cs == "" {
			return nil, inputErr(&InputError{Kind: NotAMove, Text: token(start)})
		}
		cell := text[start:i]
		if row < 1 || row > 9 || col < 1 || col > 9 || len(rs) > 1 || len(cs) > 1 {
			return nil, inputErr(&InputError{Kind: NotACell, Text: cell})
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
			return nil, inputErr(&InputError{Kind: NeedsDigit, Text: cell})
		}
		i = j
		d, ds := number()
		if len(ds) > 1 {
			return nil, inputErr(&InputError{Kind: OneDigit, Text: text[start:i]})
		}
		if i < len(s) && !isSep(s[i]) {
			return nil, inputErr(&InputError{Kind: NotAMove, Text: token(start)})
		}
		moves = append(moves, store.Move{Cell: engine.CellAt(row-1, col-1), Digit: uint8(d)})
		if len(moves) > engine.NumCells {
			return nil, inputErr(&InputError{Kind: TooManyMoves})
		}
	}
	if len(moves) == 0 {
		return nil, inputErr(&InputError{Kind: NoMoves})
	}
	return moves, nil
}

// ParseAnswer reads a full answer: 81 digits 1-9, optionally with the rows
// separated by spaces or '/'. An error is an *InputError inside an
// *Error, as for ParseMoves.
func ParseAnswer(text string) (engine.Grid, error) {
	var g engine.Grid
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '/' || r == '\n' || r == '\t' || r == '\r' || r == ',' })
	if len(fields) == 9 {
		for ri, f := range fields {
			if len(f) != 9 {
				return g, inputErr(&InputError{Kind: AnswerRowLength, Text: f, Row: ri + 1, Length: utf8.RuneCountInString(f)})
			}
		}
	}
	n := 0
	for _, f := range fields {
		for _, r := range f {
			if r < '1' || r > '9' {
				return g, inputErr(&InputError{Kind: AnswerChar, Text: string(r), Position: n + 1})
			}
			if n < engine.NumCells {
				g[n] = uint8(r - '0')
			}
			n++
		}
	}
	if n != engine.NumCells {
		return g, inputErr(&InputError{Kind: AnswerLength, Count: n})
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

// ParsePaste reads a pasted puzzle (engine.Parse: 81 cells in any of the
// usual layouts) and checks the rules it must keep to be played
// (CheckPaste): the grid and its one solution, else the refusal that says
// what is wrong, worded from the parser's error as data.
func ParsePaste(text string) (grid, solution engine.Grid, err error) {
	grid, err = engine.Parse(strings.TrimSpace(text))
	if err != nil {
		pe := &engine.ParseError{Kind: engine.ParseNoCells}
		errors.As(err, &pe)
		return engine.Grid{}, engine.Grid{}, &Error{Msg: l10n.M("new.unreadable", "Problem", l10n.GridProblem(pe)), Err: err}
	}
	solution, err = CheckPaste(grid)
	if err != nil {
		return engine.Grid{}, engine.Grid{}, err
	}
	return grid, solution, nil
}

// ParseCode reads a puzzle's share code (engine.ParseShareCode) as a
// player typed it: the grid, which is then pasted, or the refusal.
func ParseCode(code string) (engine.Grid, error) {
	grid, err := engine.ParseShareCode(code)
	if err != nil {
		return engine.Grid{}, &Error{Msg: l10n.M("new.bad_code"), Err: err}
	}
	return grid, nil
}

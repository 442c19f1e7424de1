package game

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// maxMessage is the most characters a refusal may have: a Discord
// message's, the smallest of the doors'.
const maxMessage = 2000

// caseFoldSeeds are texts whose lower or upper case has another length in
// bytes, or folds to ASCII, the traps of case-insensitive parsing.
var caseFoldSeeds = []string{
	"r1c1=1 Ⱥ", "r1c1=1 İİİİ", "İr1c1=1", "R1C1=1 ȾȾȾ", "\u212a", "\u212ar1c1=1", "ſ", "r1c1=1 ß ẞ",
	"ǅ r2c2=3", "ΐΰ", "r1c1=1 \xff\xfe", "R\u0130C1=1", "r1c1=1 `x`", "ⱥⱦ r9c9=9",
}

// quoted finds the inline-code quotes of a message.
var quoted = regexp.MustCompile("`([^`]*)`")

// checkUserError checks what every parser's error must be: a *Error
// whose message is valid UTF-8, fits a Discord message, and when it
// quotes text, quotes the player's own (cut to l10n.MaxQuote characters),
// never another part of the input or anything else.
func checkUserError(t *testing.T, what, in string, err error) {
	t.Helper()
	var ue *Error
	if !errors.As(err, &ue) {
		t.Fatalf("%s(%q): %v is not a user error", what, in, err)
	}
	msg := ue.Text(l10n.English())
	if !utf8.ValidString(msg) || utf8.RuneCountInString(msg) > maxMessage {
		t.Fatalf("%s(%q): message invalid or too long: %q", what, in, msg)
	}
	shown := strings.NewReplacer("`", "ˋ", "\n", " ", "\r", " ").Replace(strings.ToValidUTF8(in, "\uFFFD"))
	for _, m := range quoted.FindAllStringSubmatch(msg, -1) {
		q := strings.TrimSuffix(m[1], "…")
		if q == "" || strings.Contains(shown, q) || isExample(q) {
			continue
		}
		t.Fatalf("%s(%q): message quotes %q, which the player did not write: %q", what, in, m[1], msg)
	}
}

// isExample reports whether a quote is one of the messages' own examples.
func isExample(q string) bool {
	for _, ex := range []string{"r4c6=7", "r4c6 7", "R4C6:7", "09:00", "18:30", "Europe/Paris", "America/New_York", "=7", "/"} {
		if q == ex || strings.HasSuffix(q, ex) {
			return true
		}
	}
	return false
}

func FuzzParseAnswer(f *testing.F) {
	f.Add("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	f.Add("534678912 672195348 198342567 859761423 426853791 713924856 961537284 287419635 34528617Ⱥ")
	for _, s := range caseFoldSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := ParseAnswer(s); err != nil {
			checkUserError(t, "ParseAnswer", s, err)
		}
	})
}

// FuzzOptionParsers runs every parser of a command option or button
// parameter on the same text: none may panic, every error is a user error
// quoting the player's own text.
func FuzzOptionParsers(f *testing.F) {
	for _, s := range append([]string{"09:00", "25:61", "Europe/Paris", "europe/PARIS", "../../etc/passwd", "expert", "EXPERT", "x", "3", ""}, caseFoldSeeds...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := ParseClock(s); err != nil {
			checkUserError(t, "ParseClock", s, err)
		}
		if _, err := ParseLevel(s); err != nil {
			checkUserError(t, "ParseLevel", s, err)
		}
		if _, err := ParseSymmetry(s); err != nil {
			checkUserError(t, "ParseSymmetry", s, err)
		}
		q := l10n.Quote(s).In(l10n.English())
		if !utf8.ValidString(q) || utf8.RuneCountInString(q) > l10n.MaxQuote+2 || strings.Count(q, "`") > 2 {
			t.Fatalf("l10n.Quote(%q) = %q", s, q)
		}
	})
}

// TestInputErrorsAreTyped: what is wrong with a player's moves or answer
// comes back as data (kind, the text at fault, where), inside the
// *Error that words it, and is worded in the player's language.
func TestInputErrorsAreTyped(t *testing.T) {
	t.Parallel()
	answer := strings.Repeat("123456789", 9)
	cases := []struct {
		name  string
		parse func(string) error
		in    string
		want  InputError
	}{
		{"not a move", moves, "r4c6=7 hello", InputError{Kind: NotAMove, Text: "hello"}},
		{"not a cell", moves, "r10c2=3", InputError{Kind: NotACell, Text: "r10c2"}},
		{"needs a digit", moves, "r4c6", InputError{Kind: NeedsDigit, Text: "r4c6"}},
		{"one digit", moves, "r4c6=12", InputError{Kind: OneDigit, Text: "r4c6=12"}},
		{"no moves", moves, " ,; ", InputError{Kind: NoMoves}},
		{"too many", moves, strings.Repeat("r1c1=1 ", 82), InputError{Kind: TooManyMoves}},
		{"short row", answers, strings.Repeat("123456789/", 8) + "12345678", InputError{Kind: AnswerRowLength, Text: "12345678", Row: 9, Length: 8}},
		{"bad char", answers, "x" + answer[1:], InputError{Kind: AnswerChar, Text: "x", Position: 1}},
		{"short answer", answers, answer[:80], InputError{Kind: AnswerLength, Count: 80}},
	}
	for _, c := range cases {
		err := c.parse(c.in)
		var ie *InputError
		var ue *Error
		if !errors.As(err, &ie) || !errors.As(err, &ue) {
			t.Errorf("%s: %v is not an *InputError in an *Error", c.name, err)
			continue
		}
		if *ie != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, *ie, c.want)
		}
		if en, fr := ue.Text(l10n.English()), ue.Text(l10n.For("fr")); en == fr || strings.Contains(fr, "parse.") {
			t.Errorf("%s: French %q, English %q", c.name, fr, en)
		}
	}
}

func moves(s string) error   { _, err := ParseMoves(s); return err }
func answers(s string) error { _, err := ParseAnswer(s); return err }

func TestParseMoves(t *testing.T) {
	t.Parallel()
	cell := func(r, c int) int { return engine.CellAt(r-1, c-1) }
	for _, tc := range []struct {
		in   string
		want []store.Move
		err  string
	}{
		{"r4c6=7 r5c1=3 r2c2=0", []store.Move{{Cell: cell(4, 6), Digit: 7}, {Cell: cell(5, 1), Digit: 3}, {Cell: cell(2, 2), Digit: 0}}, ""},
		{"r4c6 7", []store.Move{{Cell: cell(4, 6), Digit: 7}}, ""},
		{"R4C6:7", []store.Move{{Cell: cell(4, 6), Digit: 7}}, ""},
		{"r1c1 = 9, r9c9: 1;r5c5=5", []store.Move{{Cell: 0, Digit: 9}, {Cell: 80, Digit: 1}, {Cell: 40, Digit: 5}}, ""},
		{"r10c2=3", nil, "`r10c2` is not a cell: rows and columns go from 1 to 9"},
		{"r0c2=3", nil, "`r0c2` is not a cell: rows and columns go from 1 to 9"},
		{"r2c0 3", nil, "`r2c0` is not a cell"},
		{"r4c6=", nil, "`r4c6` needs a digit"},
		{"r4c6=x", nil, "`r4c6` needs a digit"},
		{"r4c6=12", nil, "`r4c6=12`: a cell holds one digit"},
		{"a6=3", nil, "`a6=3` is not a move"},
		{"r4=3", nil, "`r4=3` is not a move"},
		{"r4c6=7x", nil, "`r4c6=7x` is not a move"},
		{"  ", nil, "No moves given"},
		{"hello", nil, "`hello` is not a move"},
		// Lower-casing changes these letters' byte lengths: the parser
		// must neither panic nor quote other text than the player's.
		{"r1c1=1 Ⱥ", nil, "`Ⱥ` is not a move"},
		{"r1c1=1 İİİİ", nil, "`İİİİ` is not a move"},
		{"İİİİr1c1=1", nil, "`İİİİr1c1=1` is not a move"},
		{"r1c1=1 ȾȾ r2c2=3", nil, "`ȾȾ` is not a move"},
		{"\u212a1c1=1", nil, "`\u212a1c1=1` is not a move"}, // Kelvin sign folds to k, not r, but is not ASCII
		{"r1c1=1 `x`", nil, "`ˋxˋ` is not a move"},
		{"r1c1=1 \xff", nil, "`\uFFFD` is not a move"},
		{"r1c1=\u0661", nil, "`r1c1` needs a digit"}, // Arabic-Indic one is not an ASCII digit
	} {
		got, err := ParseMoves(tc.in)
		if tc.err != "" {
			var ue *Error
			if err == nil || !errors.As(err, &ue) || !strings.Contains(ue.Text(l10n.English()), tc.err) {
				t.Errorf("ParseMoves(%q) = %v, %v; want a user error containing %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil || fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("ParseMoves(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func FuzzParseMoves(f *testing.F) {
	for _, s := range append([]string{"r4c6=7 r5c1=3 r2c2=0", "R4C6:7", "r10c2=3", "r4c6 7", ""}, caseFoldSeeds...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseMoves(s)
		if (err == nil) == (moves == nil) {
			t.Fatalf("ParseMoves(%q): moves %v and error %v", s, moves, err)
		}
		if err != nil {
			checkUserError(t, "ParseMoves", s, err)
		}
		for _, m := range moves {
			if m.Cell < 0 || m.Cell >= engine.NumCells || m.Digit > 9 {
				t.Fatalf("ParseMoves(%q) made an out-of-range move %+v", s, m)
			}
		}
	})
}

func TestParseAnswer(t *testing.T) {
	t.Parallel()
	sol := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	rows := make([]string, 9)
	for i := range rows {
		rows[i] = sol[i*9 : i*9+9]
	}
	for _, in := range []string{sol, strings.Join(rows, " "), strings.Join(rows, "/"), strings.Join(rows, " / ")} {
		g, err := ParseAnswer(in)
		if err != nil || g.Digits() != sol {
			t.Errorf("ParseAnswer(%q) = %v, %v", in, g, err)
		}
	}
	for in, want := range map[string]string{
		sol[:80]:      "has 80 digits; it needs 81",
		sol + "1":     "has 82 digits",
		"0" + sol[1:]: "`0` (character 1 of the answer) is not a digit 1-9",
		strings.Join(rows[:8], "/") + "/12345678": "Row 9 of your answer (`12345678`) has 8 characters",
	} {
		_, err := ParseAnswer(in)
		var ue *Error
		if err == nil || !errors.As(err, &ue) || !strings.Contains(ue.Text(l10n.English()), want) {
			t.Errorf("ParseAnswer(%q) = %v, want %q", in, err, want)
		}
	}
}

// TestQuoteBlankInTheReadersLanguage: blank text is named, not quoted,
// in the reader's language.
func TestQuoteBlankInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	if got := l10n.Quote("  ").In(l10n.For("de")); got != l10n.For("de").T("input.blank") || got == "(blank)" {
		t.Errorf("blank in German: %q", got)
	}
	if got := l10n.Quote("r4c6").In(l10n.English()); got != "`r4c6`" {
		t.Errorf("l10n.Quote(r4c6) = %q", got)
	}
}

// TestParsePaste: a pasted puzzle is read and checked, each refusal
// worded in the player's language from the parser's or solver's data.
func TestParsePaste(t *testing.T) {
	t.Parallel()
	const puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	grid, sol, err := ParsePaste("  " + puzzle + "\n")
	if err != nil || grid.Digits()[:2] != "53" || sol.Count() != 81 {
		t.Fatalf("ParsePaste: %v, %v, %v", grid, sol, err)
	}
	for in, want := range map[string]string{
		"12345": "cells found: 5, a grid has 81",
		strings.Repeat(".", 40) + "x" + strings.Repeat(".", 40): "`x` (line 1, character 41) is not a cell",
		"11" + strings.Repeat(".", 79):                          "r1c1 and r1c2 both hold 1",
		"1" + strings.Repeat(".", 80):                           "more than one solution",
	} {
		_, _, err := ParsePaste(in)
		var ge *Error
		if !errors.As(err, &ge) || !strings.Contains(ge.Text(l10n.English()), want) {
			t.Errorf("ParsePaste(%.20q…): %v, want %q", in, err, want)
		}
	}
	if _, err := ParseCode("not a code"); refusal(err) != "new.bad_code" {
		t.Errorf("ParseCode of nonsense: %v", err)
	}
}

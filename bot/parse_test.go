package bot

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/l10n"
)

// TestInputErrorsAreTyped: what is wrong with a player's moves or answer
// comes back as data (kind, the text at fault, where), inside the
// *UserError that words it, and is worded in the player's language.
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
		var ue *UserError
		if !errors.As(err, &ie) || !errors.As(err, &ue) {
			t.Errorf("%s: %v is not an *InputError in a *UserError", c.name, err)
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

// TestQuoteBlankInTheReadersLanguage: blank text is named, not quoted,
// in the reader's language.
func TestQuoteBlankInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	if got := quote("  ").In(l10n.For("de")); got != l10n.For("de").T("input.blank") || got == "(blank)" {
		t.Errorf("blank in German: %q", got)
	}
	if got := quote("r4c6").In(l10n.English()); got != "`r4c6`" {
		t.Errorf("quote(r4c6) = %q", got)
	}
}

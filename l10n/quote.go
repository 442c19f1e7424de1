package l10n

import (
	"strings"
	"unicode/utf8"
)

// MaxQuote is the most characters of a player's text a message quotes.
const MaxQuote = 60

// Quote shows a player's own text in a message as inline code: cut to
// MaxQuote characters, on one line, with backticks (which would end the
// code span) shown as ˋ, and invalid UTF-8 as U+FFFD. Blank text reads
// as the language's word for it ("input.blank"), so Quote gives a phrase
// for a message's field, not a string. Every door quotes alike.
func Quote(s string) Phrase {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.NewReplacer("`", "ˋ", "\n", " ", "\r", " ").Replace(s)
	if strings.TrimSpace(s) == "" {
		return quoted("")
	}
	if utf8.RuneCountInString(s) > MaxQuote {
		s = string([]rune(s)[:MaxQuote-1]) + "…"
	}
	return quoted("`" + s + "`")
}

// quoted is Quote's phrase: the quoted text, or "" for blank text.
type quoted string

// In implements Phrase.
func (q quoted) In(l *Lang) string {
	if q == "" {
		return l.T("input.blank")
	}
	return string(q)
}

package bot

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
)

// caseFoldSeeds are texts whose lower or upper case has another length in
// bytes, or folds to ASCII, the traps of case-insensitive parsing.
var caseFoldSeeds = []string{
	"r1c1=1 Ⱥ", "r1c1=1 İİİİ", "İr1c1=1", "R1C1=1 ȾȾȾ", "\u212a", "\u212ar1c1=1", "ſ", "r1c1=1 ß ẞ",
	"ǅ r2c2=3", "ΐΰ", "r1c1=1 \xff\xfe", "R\u0130C1=1", "r1c1=1 `x`", "ⱥⱦ r9c9=9",
}

// quoted finds the inline-code quotes of a message.
var quoted = regexp.MustCompile("`([^`]*)`")

// checkUserError checks what every parser's error must be: a *UserError
// whose message is valid UTF-8, fits a Discord message, and when it
// quotes text, quotes the player's own (cut to maxQuote characters),
// never another part of the input or anything else.
func checkUserError(t *testing.T, what, in string, err error) {
	t.Helper()
	var ue *UserError
	if !errors.As(err, &ue) {
		t.Fatalf("%s(%q): %v is not a user error", what, in, err)
	}
	msg := ue.Text(l10n.English())
	if !utf8.ValidString(msg) || utf8.RuneCountInString(msg) > MaxContent {
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
		if _, err := game.ParseClock(s); err != nil {
			checkUserError(t, "game.ParseClock", s, err)
		}
		if _, err := game.ParseLevel(s); err != nil {
			checkUserError(t, "game.ParseLevel", s, err)
		}
		q := quote(s).In(l10n.English())
		if !utf8.ValidString(q) || utf8.RuneCountInString(q) > maxQuote+2 || strings.Count(q, "`") > 2 {
			t.Fatalf("quote(%q) = %q", s, q)
		}
	})
}

// FuzzCheckTimestamp: the signature timestamp header never panics the
// check, and only whole numbers within MaxClockSkew pass.
func FuzzCheckTimestamp(f *testing.F) {
	for _, s := range []string{"1800000000", "hello", "", "-1", "9223372036854775807", "-9223372036854775808", "1800000000.5", " 1800000000", "１８００"} {
		f.Add(s)
	}
	now := time.Unix(1_800_000_000, 0)
	f.Fuzz(func(t *testing.T, ts string) {
		if checkTimestamp(ts, now) != nil {
			return
		}
		sec, err := strconv.ParseInt(ts, 10, 64)
		if err != nil || time.Unix(sec, 0).Sub(now).Abs() > MaxClockSkew {
			t.Fatalf("checkTimestamp accepted %q", ts)
		}
	})
}

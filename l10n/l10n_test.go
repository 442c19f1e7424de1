package l10n

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"text/template"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/sudokubot/sudokubot/engine"
	"golang.org/x/text/language"
)

// shipped are the catalogue files the issue asks for, one per language.
var shipped = []string{"de", "en-GB", "en-US", "es-ES", "fr", "ja", "pt-BR", "zh-CN", "zh-TW"}

// entry is one message of a file: a string, or plural forms.
type entry map[string]string

func readFile(t *testing.T, tag string) map[string]entry {
	t.Helper()
	data, err := files.ReadFile("locales/" + tag + ".toml")
	if err != nil {
		t.Fatalf("%s: %v", tag, err)
	}
	var raw map[string]any
	if err := toml.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", tag, err)
	}
	out := map[string]entry{}
	for k, v := range raw {
		switch v := v.(type) {
		case string:
			out[k] = entry{"other": v}
		case map[string]any:
			e := entry{}
			for form, s := range v {
				str, ok := s.(string)
				if !ok {
					t.Fatalf("%s: %s.%s is %T, want a string", tag, k, form, s)
				}
				e[form] = str
			}
			out[k] = e
		default:
			t.Fatalf("%s: %s is %T, want a string or plural forms", tag, k, v)
		}
	}
	return out
}

var (
	action = regexp.MustCompile(`\{\{(.*?)\}\}`)
	// A field is a capitalised name after a dot that follows no name:
	// "{{.Unit}}", "{{.Unit.dat}}" (the field Unit, its form dat),
	// "{{if eq .Count 1}}".
	field = regexp.MustCompile(`(?:^|[^\w.)])\.([A-Z]\w*)`)
	// A noun field asked for one of its forms: "{{.Unit.dat}}".
	nounField = regexp.MustCompile(`(?:^|[^\w.)])\.([A-Z]\w*)\.\w`)
)

func fieldsOf(e entry, re *regexp.Regexp) []string {
	var out []string
	for _, s := range e {
		for _, a := range action.FindAllStringSubmatch(s, -1) {
			for _, m := range re.FindAllStringSubmatch(a[1], -1) {
				if !slices.Contains(out, m[1]) {
					out = append(out, m[1])
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

func fields(e entry) []string { return fieldsOf(e, field) }

// selectors are fields that only select words, which a language may
// ignore (FishKey: which fish, for a language whose fish names differ in
// gender; Two: the things named are two, which Japanese says with どちら;
// One: a single digit, which Japanese names again where English says "that
// digit"; TwoPetals: a Death Blossom of two petals, どちら again; Last: the last
// of clauses a language chains by the verb's form, 「なれず、…なれません」;
// Many and its per-group forms ManyL/ManyB, ManyLine/ManyBox: more than
// one digit, for languages that put an article before a single digit;
// First: a chain's first clause, after the hypothesis's colon).
var selectors = []string{"Turn", "Nor", "FishKey", "Two", "Size", "Many", "One", "TwoPetals", "Last", "ManyL", "ManyB", "ManyLine", "ManyBox", "First"}

// sameDataAs names the fields that give one datum worded another way, so
// a language may take either: the blockers as an or-list (OrCells) or as
// a list (Cells), a sashimi fish's lone corners as cells (LoneCells) or as
// "r9c6 is 3" (Lone), the two base units an endo fin lies in (In) or all
// of them (Base), an aligned exclusion's clauses listed (Alone) or
// chained by the verb's form (Clauses), houses joined by "or" (Units) or
// by "and" (AllUnits), the cells none of which holds a digit as the
// language denies each in turn, "ni r9c5 ni r9c6" (NorCells), or as a
// list (Cells), and a chain's node opening a sentence after a colon with a
// capital, as German writes it (NodeCap, StartCap), or as written (Node,
// Start).
var sameDataAs = map[string]string{"OrCells": "Cells", "LoneCells": "Lone", "In": "Base", "Clauses": "Alone", "AllUnits": "Units", "NorCells": "Cells", "NodeCap": "Node", "StartCap": "Start"}

// sameData maps fields to the datum they give, sorted, each once.
func sameData(fs []string) []string {
	out := make([]string, 0, len(fs))
	for _, f := range fs {
		if d, ok := sameDataAs[f]; ok {
			f = d
		}
		out = append(out, f)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestShippedLanguages(t *testing.T) {
	if err := Check(); err != nil {
		t.Fatal(err)
	}
	if got := Tags(); !slices.Equal(got, shipped) {
		t.Fatalf("catalogue files %v, want %v", got, shipped)
	}
	for _, locale := range DiscordLocales() {
		if For(locale).Tag() == Default && !strings.HasPrefix(locale, "en-US") {
			t.Errorf("Discord locale %s falls back to English", locale)
		}
	}
	if For("es-419").Tag() != "es-ES" || For("ko").Tag() != Default || For("").Tag() != Default {
		t.Errorf("es-419 reads %s, ko %s, empty %s", For("es-419").Tag(), For("ko").Tag(), For("").Tag())
	}
}

// TestEveryCatalogueHasEveryKey fails on a missing or extra key, on a
// translation whose fields differ from English (a placeholder lost or
// invented), on a plural message without the forms the language's CLDR
// rule needs, and on a template that does not run.
func TestEveryCatalogueHasEveryKey(t *testing.T) {
	en := readFile(t, Default)
	for _, tag := range shipped {
		t.Run(tag, func(t *testing.T) {
			got := readFile(t, tag)
			for k := range en {
				if _, ok := got[k]; !ok && !IsOptional(k) {
					t.Errorf("missing key %q", k)
				}
			}
			rule := pluralRule(tag)
			forms := For(tag).NounForms()
			for _, noun := range nounIDs {
				if _, ok := en[noun]; !ok {
					continue
				}
				for _, f := range forms {
					if _, ok := got[noun+"."+f]; !ok {
						t.Errorf("noun %q has no form %q, which other nouns of %s have", noun, f, tag)
					}
				}
			}
			for k, e := range got {
				want, ok := en[k]
				if noun, _, isForm := IsNounForm(k); !ok && isForm {
					want, ok = en[noun]
				}
				if !ok && IsOptional(k) {
					// An expert name English lacks: a name, no fields.
					want, ok = entry{"other": ""}, true
				}
				if !ok {
					t.Errorf("extra key %q", k)
					continue
				}
				f, w := fields(e), fields(want)
				if slices.Contains(f, "Nor") && !slices.Contains(f, "Digits") && slices.Contains(w, "Digits") {
					// The denied digits written "ni 7 ni 8" stand for the
					// digits themselves.
					f = append(f, "Digits")
					slices.Sort(f)
				}
				// A selector only chooses words (Turn: which connector of
				// the language's sequence; Nor: denied alternatives written
				// "ni 7 ni 8"; FishKey: the fish, for its gender); a
				// language may use or ignore it.
				w = slices.DeleteFunc(w, func(x string) bool { return slices.Contains(selectors, x) })
				f = slices.DeleteFunc(f, func(x string) bool { return slices.Contains(selectors, x) })
				f, w = sameData(f), sameData(w)
				if !slices.Equal(f, w) {
					t.Errorf("%q: fields %v, English has %v", k, f, w)
				}
				if len(want) > 1 || want["one"] != "" {
					for _, form := range rule {
						if _, ok := e[form]; !ok {
							t.Errorf("%q: no %q form, which %s's plural rule needs", k, form, tag)
						}
					}
				}
				for form, s := range e {
					tmpl, err := template.New(k).Option("missingkey=error").Parse(s)
					if err != nil {
						t.Errorf("%q (%s): %v", k, form, err)
						continue
					}
					// Fields are numbers or words; a template may compare
					// one ({{if eq .Digit 8}}an{{end}}), so it must run with
					// either.
					nums, words := map[string]any{}, map[string]any{}
					for _, f := range append(fields(want), fields(e)...) {
						nums[f], words[f] = 1, "x"
					}
					// A noun field asked for a form is a noun in both.
					for _, f := range fieldsOf(e, nounField) {
						noun := Forms{"nom": "x", "kind": KindHouse}
						for _, form := range forms {
							noun[form] = "x"
						}
						nums[f], words[f] = noun, noun
					}
					if err := tmpl.Execute(&strings.Builder{}, nums); err != nil {
						if err2 := tmpl.Execute(&strings.Builder{}, words); err2 != nil {
							t.Errorf("%q (%s): %v", k, form, err)
						}
					}
					if strings.TrimSpace(s) == "" && !strings.HasPrefix(k, "list.") && !strings.HasPrefix(k, "sep.") && !strings.HasPrefix(k, "ch.line_") && k != "result.sep" {
						t.Errorf("%q (%s) is empty", k, form)
					}
				}
			}
		})
	}
}

// pluralRule is the plural forms a language needs, as go-i18n chooses
// them: every form of the CLDR rule but "zero", "two" and "few", which
// none of our languages has.
func pluralRule(tag string) []string {
	b := i18n.NewBundle(language.English)
	forms := map[string]bool{}
	loc := i18n.NewLocalizer(b, tag)
	_ = loc
	for _, n := range []int{0, 1, 2, 5, 1000000} {
		forms[pluralForm(tag, n)] = true
	}
	var out []string
	for f := range forms {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

func pluralForm(tag string, n int) string {
	b := i18n.NewBundle(language.English)
	id := "x"
	msg := &i18n.Message{ID: id, Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"}
	b.MustAddMessages(language.MustParse(tag), msg)
	s, err := i18n.NewLocalizer(b, tag).Localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: n})
	if err != nil {
		return "other"
	}
	return s
}

func TestPhrasesRenderInTheSentencesLanguage(t *testing.T) {
	de := For("de")
	got := de.T("game.status", "Title", "X", "Left", M("n.cells", "Count", 3))
	if strings.Contains(got, "cells") || !strings.Contains(got, "3") {
		t.Errorf("German status %q", got)
	}
	if s := English().T("no.such.key"); s != "no.such.key" {
		t.Errorf("missing key renders %q", s)
	}
	var nilLang *Lang
	if s := nilLang.T("game.none"); s != "game.none" {
		t.Errorf("nil language renders %q", s)
	}
}

func TestDates(t *testing.T) {
	day := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	for tag, want := range map[string]string{"en-US": "Mon 23 Nov 2026", "zh-CN": "2026年11月23日", "de": "23. Nov. 2026", "ja": "2026年11月23日"} {
		if got := For(tag).Date(day); !strings.Contains(got, want) {
			t.Errorf("%s: Date = %q, want it to contain %q", tag, got, want)
		}
	}
	for _, lv := range engine.Levels {
		if got := For("fr").Level(lv); got == "" || strings.HasPrefix(got, "level.") {
			t.Errorf("French level %v: %q", lv, got)
		}
	}
	if got := English().Ungraded(); got != "Not graded" {
		t.Errorf("ungraded %q", got)
	}
	_ = fmt.Sprint
}

func TestPluralRuleSeesCLDR(t *testing.T) {
	for tag, want := range map[string][]string{"en-US": {"one", "other"}, "ja": {"other"}, "fr": {"many", "one", "other"}} {
		if got := pluralRule(tag); !slices.Equal(got, want) {
			t.Errorf("%s: plural forms %v, want %v", tag, got, want)
		}
	}
}

// TestDailyNameCarriesTheMarker: the publisher finds its post by the bold
// "#326**" (schedule.Marker), so every language's daily name ends with
// the number.
func TestDailyNameCarriesTheMarker(t *testing.T) {
	for _, tag := range shipped {
		if got := For(tag).T("daily.name", "Number", 326); !strings.HasSuffix(got, "#326") {
			t.Errorf("%s: daily.name = %q, want it to end with #326", tag, got)
		}
	}
}

// command is a command as a message quotes it: `/sudoku daily level:x`.
var command = regexp.MustCompile("`/([^` ]+)(?: ([^` :=]+))?([^`]*)`")

// TestMessagesQuoteTheLanguagesCommandNames: a reply that says "use
// `/sudoku daily`" must say it as Discord shows the command to that
// player, with the language's own names for the command, subcommand and
// options.
func TestMessagesQuoteTheLanguagesCommandNames(t *testing.T) {
	canonical := map[string]bool{}
	for _, n := range []string{"sudoku", "sudoku-config", "new", "daily", "place", "check", "hint", "show", "giveup", "stats",
		"race", "coop", "remind", "leaderboard", "level", "symmetry", "puzzle", "moves", "answer", "user", "opponent",
		"state", "hours", "board", "period", "channel", "time", "timezone", "threads", "enabled", "technique", "code"} {
		canonical[n] = true
	}
	for _, tag := range shipped {
		l := For(tag)
		names := map[string]bool{}
		for n := range canonical {
			names[l.T("name."+n)] = true
		}
		for k, e := range readFile(t, tag) {
			for _, s := range e {
				for _, m := range command.FindAllStringSubmatch(s, -1) {
					if !names[m[1]] || (m[2] != "" && !names[m[2]] && !strings.ContainsAny(m[2], "0123456789")) {
						t.Errorf("%s %q quotes `/%s %s`, not this language's command names", tag, k, m[1], m[2])
					}
					for _, opt := range regexp.MustCompile(`(\S+):`).FindAllStringSubmatch(m[3], -1) {
						if !names[opt[1]] {
							t.Errorf("%s %q quotes option %q, not this language's option name", tag, k, opt[1])
						}
					}
				}
			}
		}
	}
}

// TestDuration pins how times are written, alone and as a message's field.
func TestDuration(t *testing.T) {
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00"},
		{1400 * time.Millisecond, "0:01"},
		{59500 * time.Millisecond, "1:00"},
		{65 * time.Second, "1:05"},
		{59*time.Minute + 59*time.Second, "59:59"},
		{time.Hour, "1:00:00"},
		{time.Hour + 2*time.Minute + 3*time.Second, "1:02:03"},
		{26 * time.Hour, "26:00:00"},
	} {
		for _, tag := range Tags() {
			if got := For(tag).Duration(tt.d); got != tt.want {
				t.Errorf("%s: Duration(%v) = %q, want %q", tag, tt.d, got, tt.want)
			}
		}
		if got := Duration(tt.d).String(); got != tt.want {
			t.Errorf("Duration(%v).String() = %q, want %q", tt.d, got, tt.want)
		}
	}
	if got := English().T("race.solved_in", "Time", Duration(65*time.Second)); !strings.Contains(got, "1:05") {
		t.Errorf("a Duration field is written %q, want 1:05 in it", got)
	}
}

// TestList: the one way a message lists words, in the language's words.
func TestList(t *testing.T) {
	en := English()
	for _, tc := range []struct {
		words []string
		want  string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a" + en.T("list.last") + "b"},
		{[]string{"a", "b", "c"}, "a" + en.T("list.sep") + "b" + en.T("list.last") + "c"},
	} {
		if got := en.List(tc.words); got != tc.want {
			t.Errorf("List(%q) = %q, want %q", tc.words, got, tc.want)
		}
	}
	if got := English().List([]string{"rows 1", "4", "8"}); got != "rows 1, 4 and 8" {
		t.Errorf("English list %q, want %q", got, "rows 1, 4 and 8")
	}
}

// TestOrList: alternatives are listed with the language's own "or".
func TestOrList(t *testing.T) {
	for _, tc := range []struct {
		tag   string
		words []string
		want  string
	}{
		{"en-US", nil, ""},
		{"en-US", []string{"a"}, "a"},
		{"en-US", []string{"a", "b"}, "a or b"},
		{"en-US", []string{"a", "b", "c"}, "a, b or c"},
		{"fr", []string{"a", "b", "c"}, "a, b ou c"},
		{"de", []string{"a", "b"}, "a oder b"},
		{"ja", []string{"a", "b", "c"}, "a、bかc"},
		{"zh-CN", []string{"a", "b", "c"}, "a、b或c"},
	} {
		if got := For(tc.tag).OrList(tc.words); got != tc.want {
			t.Errorf("%s: OrList(%q) = %q, want %q", tc.tag, tc.words, got, tc.want)
		}
	}
}

package bot

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/l10n"
)

// loadSpec reads Discord's OpenAPI description from the shared data folder
// (once, shared with the fake Discord), skipping the test when it is absent.
func loadSpec(t testing.TB) *discordtest.Spec {
	t.Helper()
	return discordtest.OpenAPI(t)
}

func TestCommandsValidateAgainstSpec(t *testing.T) {
	t.Parallel()
	s := loadSpec(t)
	b, err := CommandsJSON()
	if err != nil {
		t.Fatal(err)
	}
	var cmds []json.RawMessage
	if err := json.Unmarshal(b, &cmds); err != nil {
		t.Fatal(err)
	}
	if len(cmds) != 2 {
		t.Fatalf("got %d commands, want 2", len(cmds))
	}
	for _, c := range cmds {
		if err := s.Validate("ApplicationCommandCreateRequest", c); err != nil {
			t.Errorf("command %s:\n%v", c[:40], err)
		}
	}
	body, err := s.RequestSchema("/applications/{application_id}/commands", "put")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ValidateSchema(body, b); err != nil {
		t.Errorf("bulk overwrite body: %v", err)
	}
}

func TestSchemaValidatorCatchesMistakes(t *testing.T) {
	t.Parallel()
	s := loadSpec(t)
	for name, doc := range map[string]string{
		"name too long":       `{"name":"abcdefghijklmnopqrstuvwxyzabcdefghijkl"}`,
		"missing name":        `{"description":"x"}`,
		"bad option type":     `{"name":"a","description":"x","options":[{"type":99,"name":"b","description":"c"}]}`,
		"permissions string":  `{"name":"a","default_member_permissions":"32"}`,
		"too many options":    `{"name":"a","options":[` + repeat(`{"type":5,"name":"b","description":"c"}`, 26) + `]}`,
		"wrong type of field": `{"name":"a","dm_permission":"yes"}`,
	} {
		if err := s.Validate("ApplicationCommandCreateRequest", []byte(doc)); err == nil {
			t.Errorf("%s: %s validated, want an error", name, doc)
		}
	}
}

func repeat(item string, n int) string {
	out := item
	for i := 1; i < n; i++ {
		out += "," + item
	}
	return out
}

// discordName is Discord's rule for command and option names (and their
// localizations): 1-32 letters, digits, - _ or ', lower case where the
// script has case.
var discordName = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// TestCommandLocalizationsFollowDiscordRules: every localized name keeps
// Discord's name rules and is unique among its siblings in its language,
// every description is 1-100 characters in every language, and every
// language the bot speaks has the descriptions (en-GB may equal English).
func TestCommandLocalizationsFollowDiscordRules(t *testing.T) {
	t.Parallel()
	checkName := func(where, locale, n string) {
		if !discordName.MatchString(n) || strings.ToLower(n) != n {
			t.Errorf("%s: %s name %q breaks Discord's name rules", where, locale, n)
		}
	}
	checkDesc := func(where, locale, d string) {
		if n := utf8.RuneCountInString(d); n < 1 || n > 100 {
			t.Errorf("%s: %s description has %d characters, want 1-100: %q", where, locale, n, d)
		}
	}
	all := func(def string, locs map[discordgo.Locale]string) map[string]string {
		out := map[string]string{"default": def}
		for l, s := range locs {
			out[string(l)] = s
		}
		return out
	}
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	siblings := func(path string, names []map[string]string) {
		seen := map[string]map[string]bool{}
		for _, ns := range names {
			for _, locale := range append(l10n.DiscordLocales(), "default") {
				n, ok := ns[locale]
				if !ok {
					n = ns["default"]
				}
				if seen[locale] == nil {
					seen[locale] = map[string]bool{}
				}
				if seen[locale][n] {
					t.Errorf("%s: two options named %q in %s", path, n, locale)
				}
				seen[locale][n] = true
			}
		}
	}
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		var names []map[string]string
		for _, o := range opts {
			where := path + " " + o.Name
			ns := all(o.Name, o.NameLocalizations)
			names = append(names, ns)
			for l, n := range ns {
				checkName(where, l, n)
			}
			ds := all(o.Description, o.DescriptionLocalizations)
			for l, d := range ds {
				checkDesc(where, l, d)
			}
			for _, locale := range l10n.DiscordLocales() {
				if _, ok := ds[locale]; !ok && !strings.HasPrefix(locale, "en") {
					t.Errorf("%s: no %s description", where, locale)
				}
			}
			for _, c := range o.Choices {
				for l, n := range all(c.Name, c.NameLocalizations) {
					if k := utf8.RuneCountInString(n); k < 1 || k > 100 {
						t.Errorf("%s choice %v: %s name %q", where, c.Value, l, n)
					}
				}
			}
			walk(where, o.Options)
		}
		siblings(path, names)
	}
	for _, c := range Commands() {
		for l, n := range all(c.Name, *c.NameLocalizations) {
			checkName("/"+c.Name, l, n)
		}
		for l, d := range all(c.Description, *c.DescriptionLocalizations) {
			checkDesc("/"+c.Name, l, d)
		}
		if got := (*c.NameLocalizations)["zh-CN"]; got == "" {
			t.Errorf("/%s has no Chinese name", c.Name)
		}
		walk("/"+c.Name, c.Options)
	}
}

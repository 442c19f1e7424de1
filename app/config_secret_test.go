package app

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// fakeToken is shaped like a bot token (three dot-separated base64 parts)
// but is not one.
const fakeToken = "MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"

// TestConfigErrorsShowNoSecrets: config errors name the setting and the
// problem, never a token-like value whatever setting holds it, never a
// password of a URL or DSN, never over 100 characters of a value.
func TestConfigErrorsShowNoSecrets(t *testing.T) {
	t.Parallel()
	huge := strings.Repeat("x", 10<<20)
	for _, tc := range []struct {
		name, file string
		env        map[string]string
		setting    string   // the error names it
		never      []string // the error shows none of these
	}{
		{"token in app id", "", map[string]string{"DISCORD_APP_ID": fakeToken}, "DISCORD_APP_ID", []string{fakeToken, "GaBcDe"}},
		{"token in dev guild", "", map[string]string{"SUDOKUBOT_DEV_GUILD": fakeToken}, "SUDOKUBOT_DEV_GUILD", []string{fakeToken}},
		{"token in mode", "", map[string]string{"SUDOKUBOT_MODE": "Bot " + fakeToken}, "SUDOKUBOT_MODE", []string{fakeToken}},
		{"api with credentials", "", map[string]string{"SUDOKUBOT_DISCORD_API": "ftp://admin:hunter2@proxy.local/api/v9/"}, "SUDOKUBOT_DISCORD_API", []string{"hunter2"}},
		{"api not a url with credentials", "", map[string]string{"SUDOKUBOT_DISCORD_API": "proxy://admin:hunter2@proxy local/"}, "SUDOKUBOT_DISCORD_API", []string{"hunter2"}},
		{"api with token query", "", map[string]string{"SUDOKUBOT_DISCORD_API": "ftp://proxy.local/?token=hunter2"}, "SUDOKUBOT_DISCORD_API", []string{"hunter2"}},
		{"10 MB app id", "", map[string]string{"DISCORD_APP_ID": huge}, "DISCORD_APP_ID", []string{strings.Repeat("x", 101)}},
		{"10 MB grace", "", map[string]string{"SUDOKUBOT_DAILY_GRACE": huge}, "SUDOKUBOT_DAILY_GRACE", []string{strings.Repeat("x", 101)}},
		{"huge shard", "", map[string]string{"SUDOKUBOT_SHARD": "0/99999999999"}, "SUDOKUBOT_SHARD", nil},
		{"token starting with * in YAML", "discord:\n  token: *" + fakeToken + "\n", nil, "config", []string{fakeToken, "GaBcDe"}},
		{"token-like text in a YAML type error", "discord:\n  shard: [" + fakeToken + "]\n", nil, "config", []string{fakeToken}},
		{"10 MB YAML value of the wrong type", "daily:\n  grace: " + strings.Repeat("y", 1<<20) + "\n", nil, "config", []string{strings.Repeat("y", 101)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(tc.file), withEnv(tc.env))
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.setting) {
				t.Errorf("error does not name %s: %.300s", tc.setting, msg)
			}
			for _, s := range tc.never {
				if strings.Contains(msg, s) {
					t.Errorf("error shows %.40q: %.300s", s, msg)
				}
			}
			if tokenLike.MatchString(msg) {
				t.Errorf("error shows something token-like: %.300s", msg)
			}
			if n := utf8.RuneCountInString(msg); n > 400 {
				t.Errorf("error of %d characters", n)
			}
		})
	}
}

// TestEverySettingHidesSecrets puts each kind of secret sudokubot takes
// into every setting, from the environment and from the file: a setting
// that refuses it names itself and what it wants, and shows no part of
// the secret (no 8 characters of it), even when the secret's own setting
// is empty and so cannot mask it. New settings are covered as they are
// added to the table.
func TestEverySettingHidesSecrets(t *testing.T) {
	t.Parallel()
	secrets := map[string]string{
		"bot token":      fakeToken,
		"client secret":  "Xy7_kQ2mN9pL4rT8vW1zA3bC5dE6fG0h",
		"metrics token":  "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
		"database URL":   "postgres://bot:Sup3rS3cretPass@db.internal:5432/sudoku",
		"secret + shard": "Xy7_kQ2mN9pL4rT8vW1zA3bC5dE6fG0h/1",
		"short secret":   "hunter2hunter2hu",
	}
	yamlPath := func(key string) string {
		section, name, ok := strings.Cut(key, ".")
		if !ok {
			return key + ": %q\n"
		}
		return section + ":\n  " + name + ": %q\n"
	}
	refused := 0
	for _, s := range settings {
		for kind, secret := range secrets {
			for _, from := range []string{"env", "file"} {
				env, file := map[string]string{s.env: secret}, ""
				if from == "file" {
					env, file = nil, fmt.Sprintf(yamlPath(s.key), secret)
				}
				_, err := Load(strings.NewReader(file), withEnv(env))
				if err == nil {
					continue // a value this setting takes (a token in DISCORD_TOKEN, any path in SUDOKUBOT_DB)
				}
				refused++
				msg := err.Error()
				if !strings.Contains(msg, s.env) || !strings.Contains(msg, s.key) {
					t.Errorf("%s in %s (%s): the error does not name the setting: %s", kind, s.env, from, msg)
				}
				// A URL's scheme may be named; nothing after it.
				_, hidden, isURL := strings.Cut(secret, "://")
				if !isURL {
					hidden = secret
				}
				for i := 0; i+8 <= len(hidden); i++ {
					if part := hidden[i : i+8]; strings.Contains(msg, part) {
						t.Errorf("%s in %s (%s): the error shows %q of it: %s", kind, s.env, from, part, msg)
						break
					}
				}
			}
		}
	}
	if refused < len(settings) {
		t.Fatalf("only %d refusals for %d settings: the table does not try what it should", refused, len(settings))
	}
}

// TestEchoOnlyWhatCannotBeSecret: a typo of an enumeration or a number is
// quoted back; anything longer or stranger only described.
func TestEchoOnlyWhatCannotBeSecret(t *testing.T) {
	t.Parallel()
	for v, shown := range map[string]bool{
		"gatway": true, "xml": true, "loud": true, "0/99999999999": true, "48h": true, "six hours": true, "": true,
		"Xy7_kQ2mN9pL4rT8": false, fakeToken: false, "hunter2hunter2hu": false, "a\x00b": false, "ünïcode": false,
	} {
		got := echo(v)
		if strings.Contains(got, strconv.Quote(v)) != shown {
			t.Errorf("echo(%q) = %q, want shown %v", v, got, shown)
		}
	}
}

func TestScrub(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"postgres://bot:s3cret@db.local:5432/sudoku?sslmode=disable": "postgres://bot:xxxxx@db.local:5432/sudoku?sslmode=disable",
		"host=db user=bot password=s3cret dbname=x":                  "host=db user=bot password=xxxxx dbname=x",
		"https://discord.com/api/v9/":                                "https://discord.com/api/v9/",
		"0/1":                                                        "0/1",
		"postgres:bot:s3cret@db":                                     "postgres:xxxxx@db",
		"Postgres://bot:s3cret@db/x":                                 "postgres://bot:xxxxx@db/x",
		"Bot " + fakeToken:                                           "Bot [token-like value hidden]",
	} {
		if got := scrub(in); got != want {
			t.Errorf("scrub(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestBotErrorScrubbed: a start-up error quoting a database URL shows it
// without its password.
func TestBotErrorScrubbed(t *testing.T) {
	t.Parallel()
	msg := ScrubMessage(`opening the store: store: connect to postgres: cannot parse "postgres://bot:s3cret@db:5432/x": bad port; token ` + fakeToken)
	if strings.Contains(msg, "s3cret") || strings.Contains(msg, fakeToken) || !strings.Contains(msg, "postgres://xxxxx@db:5432/x") {
		t.Fatalf("scrubbed message %q", msg)
	}
	for _, tc := range []struct{ in, secret string }{
		{`cannot parse "postgres://bot:p@ss@db:5432/x"`, "ss@db"},                            // "@" inside the password
		{`dial "https://APIKEY123@proxy.example/api"`, "APIKEY123"},                          // a lone key in the user part
		{`bad dsn host=db password="two words" user=x`, "words"},                             // a quoted password
		{`opening the database "postgresql:bot:s3cret@db": bad`, "s3cret"},                   // a URL without its "//"
		{"open " + strings.Repeat("a", 10<<10) + ": no such file", strings.Repeat("a", 101)}, // a huge value
	} {
		if got := ScrubMessage(tc.in); strings.Contains(got, tc.secret) {
			t.Errorf("ScrubMessage(%.60q) = %.120q, still shows %.20q", tc.in, got, tc.secret)
		}
	}
}

// FuzzConfigValues: whatever a setting holds, loading never panics and
// the error never shows a token-like value or over 100 characters of it.
func FuzzConfigValues(f *testing.F) {
	for _, s := range []string{"0/1", "0/99999999999", "*" + fakeToken, fakeToken, "postgres://u:p@h/db", "6h", "\uFEFF", "İ", strings.Repeat("x", 300)} {
		f.Add(s)
	}
	settings := []string{"DISCORD_APP_ID", "SUDOKUBOT_SHARD", "SUDOKUBOT_DISCORD_API", "SUDOKUBOT_DAILY_GRACE", "SUDOKUBOT_MODE", "SUDOKUBOT_LOG_LEVEL"}
	f.Fuzz(func(t *testing.T, v string) {
		for _, name := range settings {
			_, err := Load(strings.NewReader(""), withEnv(map[string]string{name: v}))
			if err == nil {
				continue
			}
			msg := err.Error()
			if tokenLike.MatchString(msg) {
				t.Fatalf("%s=%q: error shows a token-like value: %s", name, v, msg)
			}
			if utf8.RuneCountInString(msg) > 400 {
				t.Fatalf("%s=%q: error of %d characters", name, v, utf8.RuneCountInString(msg))
			}
		}
		_, err := Load(strings.NewReader("discord:\n  token: "+v+"\n"), withEnv(nil))
		if err != nil && strings.Contains(err.Error(), fakeToken) {
			t.Fatalf("YAML error shows the token: %s", err)
		}
	})
}

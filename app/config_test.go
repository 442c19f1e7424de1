package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/store"
	"go.yaml.in/yaml/v3"
)

const testToken = "MTAwMA.fake.token-value"

func envOf(kv map[string]string) func(string) string {
	return func(k string) string { return kv[k] }
}

var minimalEnv = map[string]string{"DISCORD_TOKEN": testToken, "DISCORD_APP_ID": "1000"}

func withEnv(extra map[string]string) func(string) string {
	m := map[string]string{}
	for k, v := range minimalEnv {
		m[k] = v
	}
	for k, v := range extra {
		m[k] = v
	}
	return envOf(m)
}

func TestConfigDefaultsAndEnvironment(t *testing.T) {
	t.Parallel()
	c, err := Load(strings.NewReader(""), withEnv(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.DB != "sudokubot.db" || c.Discord.Mode != ModeGateway || c.Discord.API != DefaultDiscordAPI || c.Discord.Shard != (Shard{ID: 0, Count: 1}) || c.Log.Format != LogText || c.Daily.Grace != 6*time.Hour {
		t.Fatalf("defaults: %+v", c)
	}
	file := `
discord:
  token: ${MY_SECRET}
  app_id: "2000"
  shard: 0/2
db: from-file.db
daily:
  grace: 2h
http:
  addr: 127.0.0.1:8080
log:
  format: json
  level: debug
`
	c, err = Load(strings.NewReader(file), envOf(map[string]string{
		"MY_SECRET": "from-var", "SUDOKUBOT_DB": "postgres://db/sudokubot", "SUDOKUBOT_SHARD": "1/2",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Discord.Token.Reveal() != "from-var" || c.Discord.AppID != "2000" || c.DB != "postgres://db/sudokubot" ||
		c.Discord.Shard != (Shard{ID: 1, Count: 2}) || c.HTTP.Addr != "127.0.0.1:8080" || c.Log.Format != LogJSON || c.Log.Level != slog.LevelDebug ||
		c.Daily.Grace != 2*time.Hour {
		t.Fatalf("file plus environment: %+v", c)
	}
	// The environment wins over the file for every variable.
	c, err = Load(strings.NewReader("discord:\n  token: file-token\n  app_id: \"1\"\n"), withEnv(map[string]string{
		"DISCORD_PUBLIC_KEY": strings.Repeat("ab", 32), "SUDOKUBOT_HTTP_ADDR": ":9000", "SUDOKUBOT_MODE": "http",
		"SUDOKUBOT_DISCORD_API": "http://127.0.0.1:9999/api/v9/", "SUDOKUBOT_DEV_GUILD": "42",
		"SUDOKUBOT_LOG_FORMAT": "json", "SUDOKUBOT_LOG_LEVEL": "warn", "SUDOKUBOT_DAILY_GRACE": "90m",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Discord.Token.Reveal() != testToken || c.Discord.AppID != "1000" || c.Discord.Mode != ModeHTTP || c.HTTP.Addr != ":9000" ||
		c.Discord.API != "http://127.0.0.1:9999/api/v9/" || c.Discord.DevGuild != "42" || c.Log.Level != slog.LevelWarn || c.Daily.Grace != 90*time.Minute {
		t.Fatalf("environment over file: %+v", c)
	}
}

func TestConfigErrorsNameTheSetting(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, file string
		env        map[string]string
		want       string
	}{
		{"no token", "", map[string]string{"DISCORD_APP_ID": "1"}, "DISCORD_TOKEN"},
		{"no app id", "", map[string]string{"DISCORD_TOKEN": "x"}, "DISCORD_APP_ID"},
		{"bad app id", "", map[string]string{"DISCORD_TOKEN": "x", "DISCORD_APP_ID": "my-bot"}, "DISCORD_APP_ID"},
		{"bad shard", "", map[string]string{"SUDOKUBOT_SHARD": "3/2"}, "SUDOKUBOT_SHARD"},
		{"shard not numbers", "", map[string]string{"SUDOKUBOT_SHARD": "a/b"}, "SUDOKUBOT_SHARD"},
		{"bad public key", "", map[string]string{"DISCORD_PUBLIC_KEY": "abc"}, "DISCORD_PUBLIC_KEY"},
		{"http mode without addr", "", map[string]string{"SUDOKUBOT_MODE": "http", "DISCORD_PUBLIC_KEY": strings.Repeat("ab", 32)}, "SUDOKUBOT_HTTP_ADDR"},
		{"http mode without key", "", map[string]string{"SUDOKUBOT_MODE": "http", "SUDOKUBOT_HTTP_ADDR": ":80"}, "DISCORD_PUBLIC_KEY"},
		{"bad mode", "", map[string]string{"SUDOKUBOT_MODE": "both"}, "SUDOKUBOT_MODE"},
		{"bad api", "", map[string]string{"SUDOKUBOT_DISCORD_API": "discord.com"}, "SUDOKUBOT_DISCORD_API"},
		{"bad dev guild", "", map[string]string{"SUDOKUBOT_DEV_GUILD": "test"}, "SUDOKUBOT_DEV_GUILD"},
		{"bad addr", "", map[string]string{"SUDOKUBOT_HTTP_ADDR": "localhost"}, "SUDOKUBOT_HTTP_ADDR"},
		{"bad log format", "", map[string]string{"SUDOKUBOT_LOG_FORMAT": "xml"}, "SUDOKUBOT_LOG_FORMAT"},
		{"bad log level", "", map[string]string{"SUDOKUBOT_LOG_LEVEL": "loud"}, "SUDOKUBOT_LOG_LEVEL"},
		{"empty db", "db: \" \"\n", nil, "SUDOKUBOT_DB"},
		{"grace not a duration", "", map[string]string{"SUDOKUBOT_DAILY_GRACE": "six hours"}, "SUDOKUBOT_DAILY_GRACE"},
		{"grace too long", "daily:\n  grace: 48h\n", nil, "SUDOKUBOT_DAILY_GRACE"},
		{"grace zero", "daily:\n  grace: 0s\n", nil, "SUDOKUBOT_DAILY_GRACE"},
		{"unknown key", "discord:\n  tokn: x\n", nil, "tokn"},
		{"unset variable", "discord:\n  token: ${NOT_SET}\n", nil, "${NOT_SET}"},
		{"not yaml", "discord: [", nil, "config"},
		{"public url not absolute", "", map[string]string{"SUDOKUBOT_HTTP_ADDR": ":80", "SUDOKUBOT_PUBLIC_URL": "sudoku.example.org"}, "SUDOKUBOT_PUBLIC_URL"},
		{"public url not http", "", map[string]string{"SUDOKUBOT_HTTP_ADDR": ":80", "SUDOKUBOT_PUBLIC_URL": "ftp://sudoku.example.org"}, "SUDOKUBOT_PUBLIC_URL"},
		{"public url with a fragment", "", map[string]string{"SUDOKUBOT_HTTP_ADDR": ":80", "SUDOKUBOT_PUBLIC_URL": "https://sudoku.example.org/#x"}, "SUDOKUBOT_PUBLIC_URL"},
		{"public url without addr", "", map[string]string{"SUDOKUBOT_PUBLIC_URL": "https://sudoku.example.org"}, "SUDOKUBOT_HTTP_ADDR"},
		{"activity not a bool", "", map[string]string{"SUDOKUBOT_ACTIVITY": "yes please"}, "SUDOKUBOT_ACTIVITY"},
		{"activity without secret", "", map[string]string{"SUDOKUBOT_HTTP_ADDR": ":80", "SUDOKUBOT_ACTIVITY": "true"}, "DISCORD_CLIENT_SECRET"},
		{"activity without addr", "", map[string]string{"SUDOKUBOT_ACTIVITY": "true", "DISCORD_CLIENT_SECRET": "s3cr3t"}, "SUDOKUBOT_HTTP_ADDR"},
		{"secret with a space", "", map[string]string{"DISCORD_CLIENT_SECRET": "s3cr3t and more"}, "DISCORD_CLIENT_SECRET"},
		{"short metrics token", "", map[string]string{"SUDOKUBOT_METRICS_TOKEN": "abc"}, "SUDOKUBOT_METRICS_TOKEN"},
		{"trusted proxy not an address", "", map[string]string{"SUDOKUBOT_TRUSTED_PROXIES": "10.0.0.0/8, proxy.local"}, "item 2 is not an IP address"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := withEnv(tc.env)
			if tc.name == "no token" || tc.name == "no app id" || tc.name == "bad app id" {
				env = envOf(tc.env)
			}
			_, err := Load(strings.NewReader(tc.file), env)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one naming %s", err, tc.want)
			}
		})
	}
}

// TestSecretRedacted checks every way a token could be printed.
func TestSecretRedacted(t *testing.T) {
	t.Parallel()
	c, err := Load(strings.NewReader(""), withEnv(nil))
	if err != nil {
		t.Fatal(err)
	}
	var logBuf bytes.Buffer
	slog.New(slog.NewJSONHandler(&logBuf, nil)).Info("config", "token", c.Discord.Token, "config", c)
	slog.New(slog.NewTextHandler(&logBuf, nil)).Info("config", "token", c.Discord.Token, "config", c)
	js, _ := json.Marshal(c)
	ym, _ := yaml.Marshal(c)
	outputs := []string{
		fmt.Sprint(c.Discord.Token), fmt.Sprintf("%v %+v %#v %s %q %x", c, c, c, c.Discord.Token, c.Discord.Token, c.Discord.Token),
		fmt.Errorf("wrapped: %v", c.Discord.Token).Error(), logBuf.String(), string(js), string(ym),
	}
	for _, out := range outputs {
		if strings.Contains(out, testToken) {
			t.Fatalf("token printed: %s", out)
		}
	}
	if !strings.Contains(outputs[0], "[redacted]") {
		t.Fatalf("Sprint(token) = %q", outputs[0])
	}
}

// TestWebSettings: the web board's settings from the environment, and
// the client secret never printed, in errors or dumps.
func TestWebSettings(t *testing.T) {
	t.Parallel()
	const secret = "cl13nt-s3cr3t-value-xyz"
	c, err := Load(strings.NewReader(""), withEnv(map[string]string{"SUDOKUBOT_HTTP_ADDR": ":8080",
		"SUDOKUBOT_PUBLIC_URL": "https://sudoku.example.org/", "SUDOKUBOT_ACTIVITY": "true", "DISCORD_CLIENT_SECRET": secret}))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Discord.Activity || c.Discord.ClientSecret.Reveal() != secret || c.BoardURL() != "https://sudoku.example.org" {
		t.Fatalf("web settings: %+v", c)
	}
	p, err := Load(strings.NewReader("http:\n  trusted_proxies: 127.0.0.1, 10.0.0.0/8 ,::ffff:192.0.2.1\n"), withEnv(nil))
	if err != nil || fmt.Sprint(p.HTTP.TrustedProxies) != "[127.0.0.1/32 10.0.0.0/8 192.0.2.1/32]" {
		t.Fatalf("trusted proxies: %v (%v)", p.HTTP.TrustedProxies, err)
	}
	def, _ := Load(strings.NewReader(""), withEnv(nil))
	if def.Discord.Activity || def.BoardURL() != "" {
		t.Fatalf("the Activity or links on by default: %+v", def.Discord)
	}
	js, _ := json.Marshal(c)
	ym, _ := yaml.Marshal(c)
	var logBuf bytes.Buffer
	slog.New(slog.NewTextHandler(&logBuf, nil)).Info("config", "config", c)
	_, err1 := Load(strings.NewReader(""), withEnv(map[string]string{"DISCORD_CLIENT_SECRET": secret + " x"}))
	_, err2 := Load(strings.NewReader(""), withEnv(map[string]string{"SUDOKUBOT_ACTIVITY": "true", "DISCORD_CLIENT_SECRET": secret}))
	_, err3 := Load(strings.NewReader(""), withEnv(map[string]string{"SUDOKUBOT_DEV_GUILD": secret, "DISCORD_CLIENT_SECRET": secret}))
	if err3 == nil || !strings.Contains(err3.Error(), "SUDOKUBOT_DEV_GUILD") {
		t.Fatalf("the secret in another setting: %v", err3)
	}
	for _, out := range []string{fmt.Sprintf("%v %+v %#v", c, c, c), string(js), string(ym), logBuf.String(), fmt.Sprint(err1), fmt.Sprint(err2), fmt.Sprint(err3)} {
		if strings.Contains(out, secret) {
			t.Fatalf("client secret printed: %s", out)
		}
	}
	// The metrics token is a secret too: read from the environment, never
	// printed, masked in an error about another setting.
	const token = "m3tr1cs-t0k3n-value-0123456789"
	m, err := Load(strings.NewReader(""), withEnv(map[string]string{"SUDOKUBOT_METRICS_TOKEN": token}))
	if err != nil || m.HTTP.MetricsToken.Reveal() != token {
		t.Fatalf("metrics token: %v", err)
	}
	_, merr := Load(strings.NewReader(""), withEnv(map[string]string{"SUDOKUBOT_DEV_GUILD": token, "SUDOKUBOT_METRICS_TOKEN": token}))
	mjs, _ := json.Marshal(m)
	for _, out := range []string{fmt.Sprintf("%v %+v %#v", m, m, m), string(mjs), fmt.Sprint(merr)} {
		if strings.Contains(out, token) {
			t.Fatalf("metrics token printed: %s", out)
		}
	}
}

func TestLoadFileAndExample(t *testing.T) {
	t.Parallel()
	if _, err := LoadFile(filepath.Join(t.TempDir(), "missing.yaml"), withEnv(nil)); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Fatalf("missing file: %v", err)
	}
	// The shipped example documents every setting and loads as is, given
	// the variables it refers to.
	c, err := LoadFile(filepath.Join("..", "config.example.yaml"), withEnv(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Discord.Token.Reveal() != testToken {
		t.Fatalf("example does not take the token from ${DISCORD_TOKEN}: %+v", c)
	}
	raw, err := os.ReadFile(filepath.Join("..", "config.example.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range settings {
		if !strings.Contains(string(raw), s.env) {
			t.Errorf("config.example.yaml does not mention %s", s.env)
		}
	}
}

// TestMissingVariablesGrammar: one missing ${VAR} "is" not set, several
// "are".
func TestMissingVariablesGrammar(t *testing.T) {
	t.Parallel()
	env := func(string) string { return "" }
	_, err := Load(strings.NewReader("discord:\n  token: ${DISCORD_TOKEN}\n"), env)
	if err == nil || !strings.Contains(err.Error(), "${DISCORD_TOKEN}, which is not set") {
		t.Errorf("one missing: %v", err)
	}
	_, err = Load(strings.NewReader("discord:\n  token: ${DISCORD_TOKEN}\n  app_id: ${DISCORD_APP_ID}\n"), env)
	if err == nil || !strings.Contains(err.Error(), "${DISCORD_TOKEN}, ${DISCORD_APP_ID}, which are not set") {
		t.Errorf("two missing: %v", err)
	}
}

// TestScrubKeepsTheDSNExample: the store's advice on a key=value DSN
// shows its example URL whole: the masking of URL passwords must not
// rewrite it into "postgres://xxxxx@host/db".
func TestScrubKeepsTheDSNExample(t *testing.T) {
	t.Parallel()
	_, err := store.Open(context.Background(), "host=db user=bot password=hunter2 dbname=sudoku")
	if err == nil {
		t.Fatal("a key=value DSN opened")
	}
	msg := ScrubMessage(err.Error())
	if !strings.Contains(msg, "postgres:// then user:password@host/db") || strings.Contains(msg, "hunter2") {
		t.Fatalf("scrubbed error %q", msg)
	}
}

// TestConfigReportsEveryProblem: a first start with several mistakes is
// told all of them at once, one line each, and a setting whose value does
// not parse is not reported again by the checks across settings.
func TestConfigReportsEveryProblem(t *testing.T) {
	t.Parallel()
	file := "discord:\n  token: ${NOT_SET}\n  mode: http\nhttp:\n  addr: localhost\nlog:\n  level: loud\n"
	_, err := Load(strings.NewReader(file), envOf(map[string]string{"DISCORD_PUBLIC_KEY": "abc"}))
	if err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(err.Error(), "\n")
	want := []string{
		"config refers to ${NOT_SET}, which is not set",
		"discord.public_key (DISCORD_PUBLIC_KEY) must be 64 hex digits",
		`http.addr (SUDOKUBOT_HTTP_ADDR) "localhost" is not host:port`,
		`log.level (SUDOKUBOT_LOG_LEVEL) "loud" is not debug`,
		"discord.token (DISCORD_TOKEN) is missing",
		"discord.app_id (DISCORD_APP_ID) is missing",
	}
	if len(lines) != len(want) {
		t.Fatalf("%d problems, want %d:\n%v", len(lines), len(want), err)
	}
	for i, w := range want {
		if !strings.Contains(lines[i], w) {
			t.Errorf("problem %d is %q, want one with %q", i+1, lines[i], w)
		}
	}
}

// TestHTTPAddrNeedsNothingElse: the health check reads the address from
// a config that Load would refuse for want of a token, and still refuses
// an address that is not one.
func TestHTTPAddrNeedsNothingElse(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "c.yaml")
	if err := os.WriteFile(path, []byte("discord:\n  token: ${DISCORD_TOKEN}\nhttp:\n  addr: :8080\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if addr, err := HTTPAddr(path, envOf(nil)); err != nil || addr != ":8080" {
		t.Fatalf("HTTPAddr = %q, %v; want :8080", addr, err)
	}
	if addr, err := HTTPAddr(path, envOf(map[string]string{"SUDOKUBOT_HTTP_ADDR": "127.0.0.1:9"})); err != nil || addr != "127.0.0.1:9" {
		t.Fatalf("HTTPAddr with the environment = %q, %v; want the environment's", addr, err)
	}
	if addr, err := HTTPAddr("", envOf(map[string]string{"SUDOKUBOT_HTTP_ADDR": "nine"})); err == nil || !strings.Contains(err.Error(), "SUDOKUBOT_HTTP_ADDR") {
		t.Fatalf("HTTPAddr of a bad address = %q, %v; want an error naming SUDOKUBOT_HTTP_ADDR", addr, err)
	}
}

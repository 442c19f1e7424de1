package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Secret is a credential (the bot token). Every way of printing it
// redacts it, so a token can never end up in a log line, an error or a
// panic message by accident; Reveal is the one deliberate way out.
type Secret string

const redacted = "[redacted]"

// Reveal returns the secret itself, for the one place that sends it.
func (s Secret) Reveal() string { return string(s) }

// String redacts the secret.
func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return redacted
}

// GoString redacts the secret in %#v.
func (s Secret) GoString() string { return strconv.Quote(s.String()) }

// Format redacts the secret whatever the verb (%s, %v, %q, %x ...).
func (s Secret) Format(f fmt.State, verb rune) {
	switch verb {
	case 'q':
		fmt.Fprint(f, strconv.Quote(s.String()))
	default:
		fmt.Fprint(f, s.String())
	}
}

// LogValue redacts the secret in slog output.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }

// MarshalJSON redacts the secret when a config is dumped as JSON.
func (s Secret) MarshalJSON() ([]byte, error) { return []byte(strconv.Quote(s.String())), nil }

// MarshalYAML redacts the secret when a config is dumped as YAML.
func (s Secret) MarshalYAML() (any, error) { return s.String(), nil }

// Config is every setting of `sudokubot bot`. config.example.yaml
// documents each one; the environment variable named in the comment wins
// over the file.
type Config struct {
	Discord DiscordConfig `yaml:"discord"`
	// DB is a SQLite file path or a postgres:// URL (SUDOKUBOT_DB).
	DB    string      `yaml:"db"`
	HTTP  HTTPConfig  `yaml:"http"`
	Log   LogConfig   `yaml:"log"`
	Daily DailyConfig `yaml:"daily"`
}

// DailyConfig tunes the daily publisher.
type DailyConfig struct {
	// Grace is how late a missed daily may still be posted after downtime
	// (SUDOKUBOT_DAILY_GRACE), e.g. "6h"; older misses are skipped.
	Grace time.Duration `yaml:"grace"`
}

// DiscordConfig holds the application's identity and how to reach Discord.
type DiscordConfig struct {
	Token     Secret `yaml:"token"`      // DISCORD_TOKEN
	AppID     string `yaml:"app_id"`     // DISCORD_APP_ID
	PublicKey string `yaml:"public_key"` // DISCORD_PUBLIC_KEY, hex
	// Mode is "gateway" (interactions arrive over the websocket) or "http"
	// (Discord POSTs them to the interactions endpoint) (SUDOKUBOT_MODE).
	Mode string `yaml:"mode"`
	// API is the REST base URL, for a REST proxy or tests (SUDOKUBOT_DISCORD_API).
	API string `yaml:"api"`
	// Shard is "ID/COUNT" (SUDOKUBOT_SHARD).
	Shard string `yaml:"shard"`
	// DevGuild registers the commands to this guild only (SUDOKUBOT_DEV_GUILD).
	DevGuild string `yaml:"dev_guild"`
	// Activity turns on the Discord Activity: the entry point command and
	// the "Play in Discord" button (SUDOKUBOT_ACTIVITY, default false).
	Activity bool `yaml:"activity"`
	// ClientSecret is the OAuth2 client secret the Activity exchanges its
	// codes with (DISCORD_CLIENT_SECRET); never printed.
	ClientSecret Secret `yaml:"client_secret"`
}

// HTTPConfig is the HTTP listener: interactions endpoint, /healthz, /metrics.
type HTTPConfig struct {
	Addr string `yaml:"addr"` // SUDOKUBOT_HTTP_ADDR
	// PublicURL is the public base URL of this HTTP server, e.g.
	// https://sudoku.example.org (SUDOKUBOT_PUBLIC_URL); when set, board
	// replies carry "Open board" links to PublicURL/board/.
	PublicURL string `yaml:"public_url"`
	// MetricsToken, when set, is the bearer token GET /metrics wants
	// (SUDOKUBOT_METRICS_TOKEN); never printed.
	MetricsToken Secret `yaml:"metrics_token"`
}

// LogConfig selects the slog handler.
type LogConfig struct {
	Format string `yaml:"format"` // text or json (SUDOKUBOT_LOG_FORMAT)
	Level  string `yaml:"level"`  // debug, info, warn, error (SUDOKUBOT_LOG_LEVEL)
}

// DefaultDiscordAPI is Discord's REST base URL.
const DefaultDiscordAPI = "https://discord.com/api/v9/"

// Default returns the settings used for anything the file and the
// environment leave out: gateway mode, SQLite file sudokubot.db, Discord's
// own API, a single shard, text logs at info level.
func Default() Config {
	return Config{
		Discord: DiscordConfig{Mode: "gateway", API: DefaultDiscordAPI, Shard: "0/1"},
		DB:      "sudokubot.db",
		Log:     LogConfig{Format: "text", Level: "info"},
		Daily:   DailyConfig{Grace: 6 * time.Hour},
	}
}

// envVars maps each environment variable to the setting it overrides.
var envVars = []struct {
	name string
	set  func(c *Config, v string) error
}{
	{"DISCORD_TOKEN", func(c *Config, v string) error { c.Discord.Token = Secret(v); return nil }},
	{"DISCORD_APP_ID", func(c *Config, v string) error { c.Discord.AppID = v; return nil }},
	{"DISCORD_PUBLIC_KEY", func(c *Config, v string) error { c.Discord.PublicKey = v; return nil }},
	{"SUDOKUBOT_MODE", func(c *Config, v string) error { c.Discord.Mode = v; return nil }},
	{"SUDOKUBOT_DISCORD_API", func(c *Config, v string) error { c.Discord.API = v; return nil }},
	{"SUDOKUBOT_SHARD", func(c *Config, v string) error { c.Discord.Shard = v; return nil }},
	{"SUDOKUBOT_DEV_GUILD", func(c *Config, v string) error { c.Discord.DevGuild = v; return nil }},
	{"SUDOKUBOT_ACTIVITY", func(c *Config, v string) error {
		on, err := strconv.ParseBool(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("%s is not true or false", shown(v))
		}
		c.Discord.Activity = on
		return nil
	}},
	{"DISCORD_CLIENT_SECRET", func(c *Config, v string) error { c.Discord.ClientSecret = Secret(v); return nil }},
	{"SUDOKUBOT_PUBLIC_URL", func(c *Config, v string) error { c.HTTP.PublicURL = v; return nil }},
	{"SUDOKUBOT_METRICS_TOKEN", func(c *Config, v string) error { c.HTTP.MetricsToken = Secret(v); return nil }},
	{"SUDOKUBOT_DB", func(c *Config, v string) error { c.DB = v; return nil }},
	{"SUDOKUBOT_HTTP_ADDR", func(c *Config, v string) error { c.HTTP.Addr = v; return nil }},
	{"SUDOKUBOT_LOG_FORMAT", func(c *Config, v string) error { c.Log.Format = v; return nil }},
	{"SUDOKUBOT_LOG_LEVEL", func(c *Config, v string) error { c.Log.Level = v; return nil }},
	{"SUDOKUBOT_DAILY_GRACE", func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		if err != nil {
			return fmt.Errorf("%s is not a duration such as 6h or 90m", shown(v))
		}
		c.Daily.Grace = d
		return nil
	}},
}

// Load reads a YAML config from r on top of Default, expands ${VAR}
// references, applies the environment (which wins) and validates.
func Load(r io.Reader) (Config, error) { return loadConfig(r, os.Getenv) }

// LoadFile is Load on a file. An empty path means no file: defaults and
// the environment only.
func LoadFile(path string) (Config, error) { return loadConfigFile(path, os.Getenv) }

func loadConfigFile(path string, getenv func(string) string) (Config, error) {
	if path == "" {
		return loadConfig(strings.NewReader(""), getenv)
	}
	f, err := os.Open(path)
	if err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	defer f.Close()
	c, err := loadConfig(f, getenv)
	if err != nil {
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// maxShown is the most characters of a setting's value an error shows.
const maxShown = 100

// tokenLike matches what looks like a Discord bot token: three
// dot-separated base64 parts. Errors never show one, whatever setting it
// was put in by mistake.
var tokenLike = regexp.MustCompile(`[A-Za-z0-9_\-+/=]{16,}\.[A-Za-z0-9_\-+/=]{4,}\.[A-Za-z0-9_\-+/=]{16,}`)

// urlPassword matches the credentials (user and password, or a lone key
// in the user part) of something shaped like a URL, up to the last "@"
// before the host, as a password may hold "@" itself.
var urlPassword = regexp.MustCompile(`(://)[^/\s]*@`)

// slashlessPassword matches the credentials of a PostgreSQL URL written
// without its "//" ("postgres:user:password@host"), which url.Parse reads
// as having no host.
var slashlessPassword = regexp.MustCompile(`(?i)(\bpostgres(?:ql)?:)[^/\s]\S*@`)

// dsnPassword matches the password of a key=value database DSN.
var dsnPassword = regexp.MustCompile(`(?i)(password\s*=\s*)('[^']*'|"[^"]*"|\S+)`)

// longRun is an unbroken run of text longer than maxShown: an error from a
// library may quote a whole setting.
var longRun = regexp.MustCompile(`\S{101,}`)

// scrub hides what an error must never show of a value: anything that
// looks like a bot token, the password (and any query secrets) of a URL
// or DSN; it also cuts the result to maxShown characters.
func scrub(v string) string {
	v = strings.ToValidUTF8(v, "\uFFFD")
	v = tokenLike.ReplaceAllString(v, "[token-like value hidden]")
	if u, err := url.Parse(strings.TrimSpace(v)); err == nil && u.Scheme != "" && u.Host != "" {
		if u.User != nil {
			if _, has := u.User.Password(); has {
				u.User = url.UserPassword(u.User.Username(), "xxxxx")
			} else {
				u.User = url.User("xxxxx") // a lone user part is often a key
			}
		}
		q := u.Query()
		for k := range q {
			if lk := strings.ToLower(k); strings.Contains(lk, "pass") || strings.Contains(lk, "secret") || strings.Contains(lk, "token") || strings.Contains(lk, "key") {
				q.Set(k, "xxxxx")
			}
		}
		if len(q) > 0 {
			u.RawQuery = q.Encode()
		}
		v = u.String()
	} else {
		v = urlPassword.ReplaceAllString(v, "${1}xxxxx@") // URLs url.Parse refused
		v = slashlessPassword.ReplaceAllString(v, "${1}xxxxx@")
	}
	v = dsnPassword.ReplaceAllString(v, "${1}xxxxx")
	if r := []rune(v); len(r) > maxShown {
		v = string(r[:maxShown]) + fmt.Sprintf("… (%d characters)", len(r))
	}
	return v
}

// scrubMessage hides token-like text and URL or DSN passwords anywhere in
// an error message (one from a library, say, that quotes a setting).
func scrubMessage(msg string) string {
	msg = tokenLike.ReplaceAllString(msg, "[token-like value hidden]")
	msg = urlPassword.ReplaceAllString(msg, "${1}xxxxx@")
	msg = slashlessPassword.ReplaceAllString(msg, "${1}xxxxx@")
	msg = dsnPassword.ReplaceAllString(msg, "${1}xxxxx")
	return longRun.ReplaceAllStringFunc(msg, func(run string) string {
		r := []rune(run)
		if len(r) <= maxShown {
			return run
		}
		return string(r[:maxShown]) + fmt.Sprintf("… (%d characters)", len(r))
	})
}

// shown quotes a setting's value for an error, scrubbed (see scrub).
func shown(v string) string {
	// Quoting escapes bytes ("\x80"), which can join the text around
	// them into something token-like: hide it again after quoting.
	return tokenLike.ReplaceAllString(strconv.Quote(scrub(v)), "[token-like value hidden]")
}

// yamlError rewords a YAML decoding error so that it shows no secret:
// token-like text is hidden, each quoted value is cut to maxShown
// characters, and an "unknown anchor" (a value starting with '*', which
// YAML reads as an alias: a token can start with one) is named without
// its text.
func yamlError(err error) error {
	msg := err.Error()
	msg = unknownAnchor.ReplaceAllString(msg, "a value starting with '*' is read as a YAML alias: put it in quotes")
	msg = tokenLike.ReplaceAllString(msg, "[token-like value hidden]")
	msg = quotedInYAML.ReplaceAllStringFunc(msg, func(q string) string {
		return q[:1] + scrub(q[1:len(q)-1]) + q[len(q)-1:]
	})
	return errors.New(msg)
}

var (
	unknownAnchor = regexp.MustCompile(`unknown anchor '[^']*' referenced`)
	quotedInYAML  = regexp.MustCompile("`[^`]*`|'[^']*'|\"[^\"]*\"")
)

var varRef = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

func loadConfig(r io.Reader, getenv func(string) string) (Config, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	var missing []string
	expand := func(m []byte) []byte {
		name := string(varRef.FindSubmatch(m)[1])
		v := getenv(name)
		if v == "" {
			missing = append(missing, name)
		}
		return []byte(v)
	}
	lines := bytes.SplitAfter(raw, []byte("\n"))
	for i, line := range lines {
		code, comment := splitComment(line)
		lines[i] = append(varRef.ReplaceAllFunc(code, expand), comment...)
	}
	expanded := bytes.Join(lines, nil)
	if len(missing) > 0 {
		return Config{}, fmt.Errorf("config refers to ${%s}, which is not set in the environment", strings.Join(missing, "}, ${"))
	}
	c := Default()
	if len(bytes.TrimSpace(expanded)) > 0 {
		dec := yaml.NewDecoder(bytes.NewReader(expanded))
		dec.KnownFields(true)
		if err := dec.Decode(&c); err != nil && !errors.Is(err, io.EOF) {
			return Config{}, fmt.Errorf("config: %w", yamlError(err))
		}
	}
	for _, e := range envVars {
		if v := getenv(e.name); v != "" {
			if err := e.set(&c, v); err != nil {
				return Config{}, maskSecret(maskSecret(fmt.Errorf("config: %s: %w", e.name, err), c.Discord.ClientSecret), c.HTTP.MetricsToken)
			}
		}
	}
	if err := c.Validate(); err != nil {
		return Config{}, maskSecret(maskSecret(err, c.Discord.ClientSecret), c.HTTP.MetricsToken)
	}
	return c, nil
}

// maskSecret hides a secret that is not shaped like a token (the client
// secret) in an error, should it have been put in another setting.
func maskSecret(err error, secret Secret) error {
	if s := secret.Reveal(); len(s) >= 8 && strings.Contains(err.Error(), s) {
		return errors.New(strings.ReplaceAll(err.Error(), s, redacted))
	}
	return err
}

// splitComment splits a YAML line before its comment: a '#' at the start
// or after a space or tab. ${VAR} in comments is documentation, not a
// reference.
func splitComment(line []byte) (code, comment []byte) {
	for i, c := range line {
		if c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			return line[:i:i], line[i:]
		}
	}
	return line, nil
}

// MaxShards bounds a shard count: far above what any bot needs (Discord
// asks for one shard per 1,000 to 2,500 guilds), low enough that a typo
// such as 0/99999999999 is caught.
const MaxShards = 1 << 16

// ParseShard reads "ID/COUNT" (0 <= ID < COUNT <= MaxShards).
func ParseShard(s string) (id, count int, err error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "/")
	if !ok {
		return 0, 0, fmt.Errorf("%s is not ID/COUNT, e.g. 0/1", shown(s))
	}
	id, err1 := strconv.Atoi(a)
	count, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("%s is not ID/COUNT with two whole numbers, e.g. 0/1", shown(s))
	}
	if count < 1 || count > MaxShards {
		return 0, 0, fmt.Errorf("%s: the shard count must be 1 to %d", shown(s), MaxShards)
	}
	if id < 0 || id >= count {
		return 0, 0, fmt.Errorf("%s: need 0 <= ID < COUNT", shown(s))
	}
	return id, count, nil
}

// PublicKeyBytes decodes the hex application public key.
func (c Config) PublicKeyBytes() ([]byte, error) {
	k, err := hex.DecodeString(c.Discord.PublicKey)
	if err != nil || len(k) != 32 {
		return nil, fmt.Errorf("must be 64 hex digits (Discord's \"Public Key\"), got %d characters", len(c.Discord.PublicKey))
	}
	return k, nil
}

// SlogLevel is the configured log level.
func (c Config) SlogLevel() slog.Level {
	var l slog.Level
	_ = l.UnmarshalText([]byte(c.Log.Level))
	return l
}

func isSnowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// Validate names the first missing or malformed setting, with both its
// config key and its environment variable so it can be fixed either way.
func (c Config) Validate() error {
	bad := func(key, env, msg string) error {
		return fmt.Errorf("config: %s (%s) %s", key, env, msg)
	}
	if c.Discord.Token == "" {
		return bad("discord.token", "DISCORD_TOKEN", "is missing: the bot token from the Developer Portal's Bot page")
	}
	if strings.ContainsAny(c.Discord.Token.Reveal(), " \t\r\n") && !strings.HasPrefix(c.Discord.Token.Reveal(), "Bot ") {
		return bad("discord.token", "DISCORD_TOKEN", "contains whitespace")
	}
	if c.Discord.AppID == "" {
		return bad("discord.app_id", "DISCORD_APP_ID", "is missing: the Application ID from the Developer Portal")
	}
	if !isSnowflake(c.Discord.AppID) {
		return bad("discord.app_id", "DISCORD_APP_ID", fmt.Sprintf("%s is not a Discord ID (digits only)", shown(c.Discord.AppID)))
	}
	switch c.Discord.Mode {
	case "gateway":
	case "http":
		if c.HTTP.Addr == "" {
			return bad("http.addr", "SUDOKUBOT_HTTP_ADDR", "is missing: mode http serves interactions there")
		}
		if c.Discord.PublicKey == "" {
			return bad("discord.public_key", "DISCORD_PUBLIC_KEY", "is missing: mode http verifies every request with it")
		}
	default:
		return bad("discord.mode", "SUDOKUBOT_MODE", fmt.Sprintf("%s is not gateway or http", shown(c.Discord.Mode)))
	}
	if c.Discord.PublicKey != "" {
		if _, err := c.PublicKeyBytes(); err != nil {
			return bad("discord.public_key", "DISCORD_PUBLIC_KEY", err.Error())
		}
	}
	u, err := url.Parse(c.Discord.API)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return bad("discord.api", "SUDOKUBOT_DISCORD_API", fmt.Sprintf("%s is not an http(s) URL", shown(c.Discord.API)))
	}
	if _, _, err := ParseShard(c.Discord.Shard); err != nil {
		return bad("discord.shard", "SUDOKUBOT_SHARD", err.Error())
	}
	if c.Discord.DevGuild != "" && !isSnowflake(c.Discord.DevGuild) {
		return bad("discord.dev_guild", "SUDOKUBOT_DEV_GUILD", fmt.Sprintf("%s is not a Discord ID (digits only)", shown(c.Discord.DevGuild)))
	}
	if strings.TrimSpace(c.DB) == "" {
		return bad("db", "SUDOKUBOT_DB", "is empty: give a SQLite file path or a postgres:// URL")
	}
	if c.HTTP.Addr != "" {
		if _, port, ok := strings.Cut(c.HTTP.Addr, ":"); !ok || port == "" {
			return bad("http.addr", "SUDOKUBOT_HTTP_ADDR", fmt.Sprintf("%s is not host:port, e.g. 127.0.0.1:8080 or :8080", shown(c.HTTP.Addr)))
		}
	}
	switch c.Log.Format {
	case "text", "json":
	default:
		return bad("log.format", "SUDOKUBOT_LOG_FORMAT", fmt.Sprintf("%s is not text or json", shown(c.Log.Format)))
	}
	if c.Daily.Grace < time.Minute || c.Daily.Grace > 24*time.Hour {
		return bad("daily.grace", "SUDOKUBOT_DAILY_GRACE", fmt.Sprintf("%s is not between 1m and 24h", c.Daily.Grace))
	}
	var l slog.Level
	if err := l.UnmarshalText([]byte(c.Log.Level)); err != nil {
		return bad("log.level", "SUDOKUBOT_LOG_LEVEL", fmt.Sprintf("%s is not debug, info, warn or error", shown(c.Log.Level)))
	}
	return c.validateWeb(bad)
}

// validateWeb checks the web board's and the Activity's settings.
func (c Config) validateWeb(bad func(key, env, msg string) error) error {
	if c.HTTP.PublicURL != "" {
		u, err := url.Parse(c.HTTP.PublicURL)
		switch {
		case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || !u.IsAbs():
			return bad("http.public_url", "SUDOKUBOT_PUBLIC_URL", fmt.Sprintf("%s is not an absolute http(s) URL such as https://sudoku.example.org", shown(c.HTTP.PublicURL)))
		case u.User != nil || u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(c.HTTP.PublicURL, "#"):
			return bad("http.public_url", "SUDOKUBOT_PUBLIC_URL", fmt.Sprintf("%s must not carry credentials, a query or a fragment", shown(c.HTTP.PublicURL)))
		case c.HTTP.Addr == "":
			return bad("http.addr", "SUDOKUBOT_HTTP_ADDR", "is missing: http.public_url links to the board this server serves there")
		}
	}
	if t := c.HTTP.MetricsToken.Reveal(); t != "" && (strings.ContainsAny(t, " \t\r\n") || len(t) < 16 || len(t) > 200) {
		return bad("http.metrics_token", "SUDOKUBOT_METRICS_TOKEN", "must be 16 to 200 characters without whitespace (e.g. openssl rand -hex 32)")
	}
	secret := c.Discord.ClientSecret.Reveal()
	if strings.ContainsAny(secret, " \t\r\n") || len(secret) > 200 {
		return bad("discord.client_secret", "DISCORD_CLIENT_SECRET", "contains whitespace or is too long: copy the Client Secret from OAuth2 again")
	}
	if c.Discord.Activity {
		if secret == "" {
			return bad("discord.client_secret", "DISCORD_CLIENT_SECRET", "is missing: the Activity (SUDOKUBOT_ACTIVITY=true) exchanges its sign-in codes with it (Developer Portal: OAuth2, Client Secret)")
		}
		if c.HTTP.Addr == "" {
			return bad("http.addr", "SUDOKUBOT_HTTP_ADDR", "is missing: the Activity (SUDOKUBOT_ACTIVITY=true) is served there at /activity/")
		}
	}
	return nil
}

// BoardURL is the public URL of the board, without a trailing slash
// before "board/", or "" when no public URL is set.
func (c Config) BoardURL() string {
	if c.HTTP.PublicURL == "" {
		return ""
	}
	return strings.TrimRight(c.HTTP.PublicURL, "/")
}

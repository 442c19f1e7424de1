package app

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/sudokubot/sudokubot/discordapi"
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

// Mode is how interactions arrive.
type Mode string

const (
	// ModeGateway: over the websocket the bot opens; no public URL needed.
	ModeGateway Mode = "gateway"
	// ModeHTTP: Discord POSTs them to the interactions endpoint.
	ModeHTTP Mode = "http"
)

// ParseMode reads "gateway" or "http".
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case ModeGateway, ModeHTTP:
		return m, nil
	}
	return "", fmt.Errorf("%s is not gateway or http", echo(s))
}

// Shard is this process's gateway shard: ID of Count (0 <= ID < Count).
type Shard struct{ ID, Count int }

// MaxShards bounds a shard count: far above what any bot needs (Discord
// asks for one shard per 1,000 to 2,500 guilds), low enough that a typo
// such as 0/99999999999 is caught.
const MaxShards = 1 << 16

// ParseShard reads "ID/COUNT" (0 <= ID < COUNT <= MaxShards).
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "/")
	if !ok {
		return Shard{}, fmt.Errorf("%s is not ID/COUNT, e.g. 0/1", echo(s))
	}
	id, err1 := strconv.Atoi(a)
	count, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("%s is not ID/COUNT with two whole numbers, e.g. 0/1", echo(s))
	}
	sh := Shard{ID: id, Count: count}
	if err := sh.check(); err != nil {
		return Shard{}, fmt.Errorf("%s: %w", echo(s), err)
	}
	return sh, nil
}

func (s Shard) check() error {
	if s.Count < 1 || s.Count > MaxShards {
		return fmt.Errorf("the shard count must be 1 to %d", MaxShards)
	}
	if s.ID < 0 || s.ID >= s.Count {
		return errors.New("need 0 <= ID < COUNT")
	}
	return nil
}

// String is "ID/COUNT", as the setting is written.
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.ID, s.Count) }

// MarshalText writes the shard as the setting is written, for dumps.
func (s Shard) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// LogFormat selects the slog handler.
type LogFormat string

// The log formats.
const (
	LogText LogFormat = "text"
	LogJSON LogFormat = "json"
)

// Config is every setting of `sudokubot bot`, each parsed once into its
// type by Load. config.example.yaml documents each one; the environment
// variable named in the comment wins over the file.
type Config struct {
	Discord DiscordConfig
	// DB is a SQLite file path or a postgres:// URL (SUDOKUBOT_DB).
	DB    string
	HTTP  HTTPConfig
	Log   LogConfig
	Daily DailyConfig
}

// DailyConfig tunes the daily publisher.
type DailyConfig struct {
	// Grace is how late a missed daily may still be posted after downtime
	// (SUDOKUBOT_DAILY_GRACE), e.g. "6h"; older misses are skipped.
	Grace time.Duration
}

// DiscordConfig holds the application's identity and how to reach Discord.
type DiscordConfig struct {
	Token Secret // DISCORD_TOKEN
	AppID string // DISCORD_APP_ID
	// PublicKey verifies signed interactions (DISCORD_PUBLIC_KEY, 64 hex
	// digits); nil when not set.
	PublicKey ed25519.PublicKey
	// Mode is how interactions arrive (SUDOKUBOT_MODE).
	Mode Mode
	// API is the REST base URL, for a REST proxy or tests (SUDOKUBOT_DISCORD_API).
	API string
	// Shard is this process's gateway shard (SUDOKUBOT_SHARD, "ID/COUNT").
	Shard Shard
	// DevGuild registers the commands to this guild only (SUDOKUBOT_DEV_GUILD).
	DevGuild string
	// Activity turns on the Discord Activity: the entry point command and
	// the "Play in Discord" button (SUDOKUBOT_ACTIVITY, default false).
	Activity bool
	// ClientSecret is the OAuth2 client secret the Activity exchanges its
	// codes with (DISCORD_CLIENT_SECRET); never printed.
	ClientSecret Secret
}

// HTTPConfig is the HTTP listener: interactions endpoint, /healthz, /metrics.
type HTTPConfig struct {
	Addr string // SUDOKUBOT_HTTP_ADDR
	// PublicURL is the public base URL of this HTTP server, e.g.
	// https://sudoku.example.org (SUDOKUBOT_PUBLIC_URL); when set, board
	// replies carry "Open board" links to PublicURL/board/.
	PublicURL string
	// MetricsToken, when set, is the bearer token GET /metrics wants
	// (SUDOKUBOT_METRICS_TOKEN); never printed.
	MetricsToken Secret
	// TrustedProxies are the reverse proxies in front of this server
	// (SUDOKUBOT_TRUSTED_PROXIES: addresses or CIDR ranges, separated by
	// commas) whose X-Forwarded-For names the client; from any other peer
	// the header is ignored.
	TrustedProxies []netip.Prefix
}

// LogConfig selects the slog handler and its level.
type LogConfig struct {
	Format LogFormat  // SUDOKUBOT_LOG_FORMAT
	Level  slog.Level // debug, info, warn, error (SUDOKUBOT_LOG_LEVEL)
}

// DefaultDiscordAPI is Discord's REST base URL.
const DefaultDiscordAPI = discordapi.DefaultAPI

// Default returns the settings used for anything the file and the
// environment leave out: gateway mode, SQLite file sudokubot.db, Discord's
// own API, a single shard, text logs at info level.
func Default() Config {
	return Config{
		Discord: DiscordConfig{Mode: ModeGateway, API: DefaultDiscordAPI, Shard: Shard{ID: 0, Count: 1}},
		DB:      "sudokubot.db",
		Log:     LogConfig{Format: LogText, Level: slog.LevelInfo},
		Daily:   DailyConfig{Grace: 6 * time.Hour},
	}
}

// fileConfig is the YAML file as written: nil is a setting the file
// leaves out. Load parses each value into Config's types.
type fileConfig struct {
	Discord struct {
		Token        *string `yaml:"token"`
		AppID        *string `yaml:"app_id"`
		PublicKey    *string `yaml:"public_key"`
		Mode         *string `yaml:"mode"`
		API          *string `yaml:"api"`
		Shard        *string `yaml:"shard"`
		DevGuild     *string `yaml:"dev_guild"`
		Activity     *string `yaml:"activity"`
		ClientSecret *string `yaml:"client_secret"`
	} `yaml:"discord"`
	DB   *string `yaml:"db"`
	HTTP struct {
		Addr           *string `yaml:"addr"`
		PublicURL      *string `yaml:"public_url"`
		MetricsToken   *string `yaml:"metrics_token"`
		TrustedProxies *string `yaml:"trusted_proxies"`
	} `yaml:"http"`
	Log struct {
		Format *string `yaml:"format"`
		Level  *string `yaml:"level"`
	} `yaml:"log"`
	Daily struct {
		Grace *string `yaml:"grace"`
	} `yaml:"daily"`
}

// setting is one line of the settings table: its key in the file, its
// environment variable, where the file holds it, and how its text becomes
// its typed value. A parse error says what is wrong with the value; Load
// names the setting.
type setting struct {
	key, env string
	file     func(*fileConfig) *string
	parse    func(c *Config, v string) error
	secret   bool // errors never show its value, whatever setting it was put in
}

// settings is every setting, in the order their errors are reported.
var settings = []setting{
	{key: "discord.token", env: "DISCORD_TOKEN", secret: true, file: func(f *fileConfig) *string { return f.Discord.Token }, parse: parseToken},
	{key: "discord.app_id", env: "DISCORD_APP_ID", file: func(f *fileConfig) *string { return f.Discord.AppID }, parse: func(c *Config, v string) error {
		c.Discord.AppID = v
		return snowflake(v)
	}},
	{key: "discord.mode", env: "SUDOKUBOT_MODE", file: func(f *fileConfig) *string { return f.Discord.Mode }, parse: func(c *Config, v string) (err error) {
		c.Discord.Mode, err = ParseMode(v)
		return err
	}},
	{key: "discord.public_key", env: "DISCORD_PUBLIC_KEY", file: func(f *fileConfig) *string { return f.Discord.PublicKey }, parse: parsePublicKey},
	{key: "discord.api", env: "SUDOKUBOT_DISCORD_API", file: func(f *fileConfig) *string { return f.Discord.API }, parse: func(c *Config, v string) error {
		if u, err := url.Parse(v); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("%s is not an http(s) URL such as https://proxy.example/api/v9/", echoURL(v))
		}
		c.Discord.API = v
		return nil
	}},
	{key: "discord.shard", env: "SUDOKUBOT_SHARD", file: func(f *fileConfig) *string { return f.Discord.Shard }, parse: func(c *Config, v string) (err error) {
		c.Discord.Shard, err = ParseShard(v)
		return err
	}},
	{key: "discord.dev_guild", env: "SUDOKUBOT_DEV_GUILD", file: func(f *fileConfig) *string { return f.Discord.DevGuild }, parse: func(c *Config, v string) error {
		c.Discord.DevGuild = v
		if v == "" {
			return nil
		}
		return snowflake(v)
	}},
	{key: "discord.activity", env: "SUDOKUBOT_ACTIVITY", file: func(f *fileConfig) *string { return f.Discord.Activity }, parse: func(c *Config, v string) error {
		on, err := strconv.ParseBool(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("%s is not true or false", echo(v))
		}
		c.Discord.Activity = on
		return nil
	}},
	{key: "discord.client_secret", env: "DISCORD_CLIENT_SECRET", secret: true, file: func(f *fileConfig) *string { return f.Discord.ClientSecret }, parse: func(c *Config, v string) error {
		if strings.ContainsAny(v, " \t\r\n") || len(v) > 200 {
			return errors.New("contains whitespace or is too long: copy the Client Secret from OAuth2 again")
		}
		c.Discord.ClientSecret = Secret(v)
		return nil
	}},
	{key: "db", env: "SUDOKUBOT_DB", file: func(f *fileConfig) *string { return f.DB }, parse: func(c *Config, v string) error {
		if strings.TrimSpace(v) == "" {
			return errors.New("is empty: give a SQLite file path or a postgres:// URL")
		}
		c.DB = v
		return nil
	}},
	{key: "http.addr", env: "SUDOKUBOT_HTTP_ADDR", file: func(f *fileConfig) *string { return f.HTTP.Addr }, parse: func(c *Config, v string) error {
		if v != "" {
			_, port, err := net.SplitHostPort(v)
			if n, perr := strconv.ParseUint(port, 10, 16); err != nil || perr != nil || n > 65535 {
				return fmt.Errorf("%s is not host:port, e.g. 127.0.0.1:8080 or :8080", echo(v))
			}
		}
		c.HTTP.Addr = v
		return nil
	}},
	{key: "http.public_url", env: "SUDOKUBOT_PUBLIC_URL", file: func(f *fileConfig) *string { return f.HTTP.PublicURL }, parse: parsePublicURL},
	{key: "http.metrics_token", env: "SUDOKUBOT_METRICS_TOKEN", secret: true, file: func(f *fileConfig) *string { return f.HTTP.MetricsToken }, parse: func(c *Config, v string) error {
		if v != "" && (strings.ContainsAny(v, " \t\r\n") || len(v) < 16 || len(v) > 200) {
			return errors.New("must be 16 to 200 characters without whitespace (e.g. openssl rand -hex 32)")
		}
		c.HTTP.MetricsToken = Secret(v)
		return nil
	}},
	{key: "http.trusted_proxies", env: "SUDOKUBOT_TRUSTED_PROXIES", file: func(f *fileConfig) *string { return f.HTTP.TrustedProxies }, parse: parseTrustedProxies},
	{key: "log.format", env: "SUDOKUBOT_LOG_FORMAT", file: func(f *fileConfig) *string { return f.Log.Format }, parse: func(c *Config, v string) error {
		switch f := LogFormat(v); f {
		case LogText, LogJSON:
			c.Log.Format = f
			return nil
		}
		return fmt.Errorf("%s is not text or json", echo(v))
	}},
	{key: "log.level", env: "SUDOKUBOT_LOG_LEVEL", file: func(f *fileConfig) *string { return f.Log.Level }, parse: func(c *Config, v string) error {
		if err := c.Log.Level.UnmarshalText([]byte(v)); err != nil {
			return fmt.Errorf("%s is not debug, info, warn or error", echo(v))
		}
		return nil
	}},
	{key: "daily.grace", env: "SUDOKUBOT_DAILY_GRACE", file: func(f *fileConfig) *string { return f.Daily.Grace }, parse: func(c *Config, v string) error {
		d, err := time.ParseDuration(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("%s is not a duration such as 6h or 90m", echo(v))
		}
		if d < time.Minute || d > 24*time.Hour {
			return fmt.Errorf("%s is not between 1m and 24h", d)
		}
		c.Daily.Grace = d
		return nil
	}},
}

func parseToken(c *Config, v string) error {
	if strings.ContainsAny(v, " \t\r\n") && !strings.HasPrefix(v, "Bot ") {
		return errors.New("contains whitespace")
	}
	c.Discord.Token = Secret(v)
	return nil
}

func parsePublicKey(c *Config, v string) error {
	if v == "" {
		c.Discord.PublicKey = nil
		return nil
	}
	k, err := hex.DecodeString(v)
	if err != nil || len(k) != ed25519.PublicKeySize {
		return fmt.Errorf("must be 64 hex digits (Discord's \"Public Key\"), got %d characters", len(v))
	}
	c.Discord.PublicKey = ed25519.PublicKey(k)
	return nil
}

func parsePublicURL(c *Config, v string) error {
	if v != "" {
		u, err := url.Parse(v)
		switch {
		case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || !u.IsAbs():
			return fmt.Errorf("%s is not an absolute http(s) URL such as https://sudoku.example.org", echoURL(v))
		case u.User != nil || u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(v, "#"):
			return errors.New("must not carry credentials, a query or a fragment: give the base URL, such as https://sudoku.example.org")
		}
	}
	c.HTTP.PublicURL = v
	return nil
}

func snowflake(s string) error {
	if s == "" || len(s) > 20 {
		return fmt.Errorf("%s is not a Discord ID (digits only)", echo(s))
	}
	if _, err := strconv.ParseUint(s, 10, 64); err != nil {
		return fmt.Errorf("%s is not a Discord ID (digits only)", echo(s))
	}
	return nil
}

// Load reads a YAML config from r on top of Default, expands ${VAR}
// references with getenv, applies the environment (which wins), parses
// every setting into its type and validates. Every problem is reported at
// once, one line each (errors.Join), so a first start is fixed in one
// edit rather than one restart per mistake.
func Load(r io.Reader, getenv func(string) string) (Config, error) {
	c, bad, secrets, err := read(r, getenv)
	if err != nil {
		return Config{}, err
	}
	errs := bad.errs
	for _, e := range c.problems() {
		if !bad.keys[e.key] {
			errs = append(errs, e)
		}
	}
	if len(errs) > 0 {
		return Config{}, maskSecrets(errors.Join(errs...), secrets)
	}
	return c, nil
}

// parseErrors are the settings whose values did not parse: their errors
// in the settings' order, and their keys, so that Validate's checks of
// the same settings do not report them twice.
type parseErrors struct {
	errs []error
	keys map[string]bool
}

// read is Load without the checks across settings: the config as far as
// it parses, each value that does not parse as an error of its own (its
// setting keeps its default), and the secrets' values for masking. Only a
// file that cannot be read as YAML at all is err.
func read(r io.Reader, getenv func(string) string) (c Config, bad parseErrors, secrets []string, err error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return Config{}, bad, nil, fmt.Errorf("config: %w", err)
	}
	bad.keys = map[string]bool{}
	expanded, missing := expandVars(raw, getenv)
	if missing != nil {
		bad.errs = append(bad.errs, missing)
	}
	var file fileConfig
	if len(bytes.TrimSpace(expanded)) > 0 {
		dec := yaml.NewDecoder(bytes.NewReader(expanded))
		dec.KnownFields(true)
		if err := dec.Decode(&file); err != nil && !errors.Is(err, io.EOF) {
			return Config{}, bad, nil, fmt.Errorf("config: %w", yamlError(err))
		}
	}
	values := make([]*string, len(settings))
	for i, s := range settings {
		if v := getenv(s.env); v != "" {
			values[i] = &v
		} else {
			values[i] = s.file(&file)
		}
		if s.secret && values[i] != nil {
			secrets = append(secrets, *values[i])
		}
	}
	c = Default()
	for i, s := range settings {
		if values[i] == nil {
			continue
		}
		if err := s.parse(&c, *values[i]); err != nil {
			bad.errs = append(bad.errs, fmt.Errorf("config: %s (%s) %w", s.key, s.env, err))
			bad.keys[s.key] = true
		}
	}
	return c, bad, secrets, nil
}

// HTTPAddr is the one setting `sudokubot health` needs, http.addr, read
// from the same file and environment as Load (SUDOKUBOT_HTTP_ADDR wins)
// but without asking for anything else: the health check of a container
// started with a config file has no token and needs none. "" means the
// bot serves no HTTP. An error is about http.addr itself or about a file
// that cannot be read.
func HTTPAddr(path string, getenv func(string) string) (string, error) {
	var r io.Reader = strings.NewReader("")
	if path != "" {
		f, err := os.Open(path)
		if err != nil {
			return "", fmt.Errorf("config: %w", err)
		}
		defer f.Close()
		r = f
	}
	c, bad, secrets, err := read(r, getenv)
	if err == nil && bad.keys["http.addr"] {
		for _, e := range bad.errs {
			if strings.Contains(e.Error(), "http.addr (SUDOKUBOT_HTTP_ADDR)") {
				err = e
			}
		}
	}
	if err != nil {
		if path != "" {
			err = fmt.Errorf("%s: %w", path, err)
		}
		return "", maskSecrets(err, secrets)
	}
	return c.HTTP.Addr, nil
}

// LoadFile is Load on a file. An empty path means no file: defaults and
// the environment only.
func LoadFile(path string, getenv func(string) string) (Config, error) {
	if path == "" {
		return Load(strings.NewReader(""), getenv)
	}
	f, err := os.Open(path)
	if err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	defer f.Close()
	c, err := Load(f, getenv)
	if err != nil {
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

var varRef = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// expandVars replaces each ${VAR} outside comments by getenv(VAR); those
// that are not set expand to nothing and are named in one error.
func expandVars(raw []byte, getenv func(string) string) ([]byte, error) {
	var missing []string
	expand := func(m []byte) []byte {
		name := string(varRef.FindSubmatch(m)[1])
		v := getenv(name)
		if v == "" && !slices.Contains(missing, name) {
			missing = append(missing, name)
		}
		return []byte(v)
	}
	lines := bytes.SplitAfter(raw, []byte("\n"))
	for i, line := range lines {
		code, comment := splitComment(line)
		lines[i] = append(varRef.ReplaceAllFunc(code, expand), comment...)
	}
	var err error
	switch len(missing) {
	case 0:
	case 1:
		err = fmt.Errorf("config refers to ${%s}, which is not set in the environment", missing[0])
	default:
		err = fmt.Errorf("config refers to ${%s}, which are not set in the environment", strings.Join(missing, "}, ${"))
	}
	return bytes.Join(lines, nil), err
}

// maskSecrets hides the secrets not shaped like a token (the client
// secret, the metrics token) in an error, should one have been put in
// another setting.
func maskSecrets(err error, secrets []string) error {
	msg := err.Error()
	for _, s := range secrets {
		if len(s) >= 8 && strings.Contains(msg, s) {
			msg = strings.ReplaceAll(msg, s, redacted)
		}
	}
	if msg == err.Error() {
		return err
	}
	return errors.New(msg)
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

// Validate checks what no single setting can: the required ones are set,
// and those that need each other are there together. Each error names
// the setting with both its config key and its environment variable so
// it can be fixed either way, and all of them are reported at once
// (errors.Join). Load calls it; Main.Open too, for a Config built by hand.
func (c Config) Validate() error {
	var errs []error
	for _, e := range c.problems() {
		errs = append(errs, e)
	}
	return errors.Join(errs...)
}

// settingError is a problem with one setting, found by Validate.
type settingError struct {
	key, env, msg string
}

func (e *settingError) Error() string {
	return fmt.Sprintf("config: %s (%s) %s", e.key, e.env, e.msg)
}

// problems is every check across settings that fails, in the settings'
// order.
func (c Config) problems() []*settingError {
	var errs []*settingError
	bad := func(key, env, msg string) {
		errs = append(errs, &settingError{key: key, env: env, msg: msg})
	}
	if c.Discord.Token == "" {
		bad("discord.token", "DISCORD_TOKEN", "is missing: the bot token from the Developer Portal's Bot page")
	}
	if c.Discord.AppID == "" {
		bad("discord.app_id", "DISCORD_APP_ID", "is missing: the Application ID from the Developer Portal")
	}
	httpMode := c.Discord.Mode == ModeHTTP
	if c.Discord.Mode != ModeGateway && !httpMode {
		bad("discord.mode", "SUDOKUBOT_MODE", fmt.Sprintf("%s is not gateway or http", echo(string(c.Discord.Mode))))
	}
	switch {
	case httpMode && c.Discord.PublicKey == nil:
		bad("discord.public_key", "DISCORD_PUBLIC_KEY", "is missing: mode http verifies every request with it")
	case c.Discord.PublicKey != nil && len(c.Discord.PublicKey) != ed25519.PublicKeySize:
		bad("discord.public_key", "DISCORD_PUBLIC_KEY", fmt.Sprintf("is %d bytes, want %d", len(c.Discord.PublicKey), ed25519.PublicKeySize))
	}
	if err := c.Discord.Shard.check(); err != nil {
		bad("discord.shard", "SUDOKUBOT_SHARD", fmt.Sprintf("%s: %v", c.Discord.Shard, err))
	}
	if c.Discord.Activity && c.Discord.ClientSecret == "" {
		bad("discord.client_secret", "DISCORD_CLIENT_SECRET", "is missing: the Activity (SUDOKUBOT_ACTIVITY=true) exchanges its sign-in codes with it (Developer Portal: OAuth2, Client Secret)")
	}
	if c.HTTP.Addr == "" {
		// One line for the address, naming every setting that needs it.
		var needs []string
		if httpMode {
			needs = append(needs, "mode http serves interactions there")
		}
		if c.HTTP.PublicURL != "" {
			needs = append(needs, "http.public_url links to the board this server serves there")
		}
		if c.Discord.Activity {
			needs = append(needs, "the Activity (SUDOKUBOT_ACTIVITY=true) is served there at /activity/")
		}
		if len(needs) > 0 {
			bad("http.addr", "SUDOKUBOT_HTTP_ADDR", "is missing: "+strings.Join(needs, "; "))
		}
	}
	return errs
}

// BoardURL is the public URL of the board, without a trailing slash
// before "board/", or "" when no public URL is set.
func (c Config) BoardURL() string {
	if c.HTTP.PublicURL == "" {
		return ""
	}
	return strings.TrimRight(c.HTTP.PublicURL, "/")
}

// echoable is a setting's value an error may quote: a short word (a typo
// of an enumeration: "gatway", "xml", "loud") or a number ("0/99999999999",
// "48h"). Every secret sudokubot takes is longer (a bot token has about
// 70 characters, a client secret 32, a metrics token at least 16) or holds
// other characters, so a secret pasted into the wrong setting is never
// quoted, even when its own setting is empty and cannot mask it.
var echoable = regexp.MustCompile(`^(?:[A-Za-z0-9 _.+-]{0,12}|[0-9 /:.+-]{0,24})$`)

// echo quotes v for a settings error when it cannot be a secret (see
// echoable), and otherwise says only how long it is: the error names the
// setting and what it wants, which is enough to fix it.
func echo(v string) string {
	if echoable.MatchString(v) {
		return strconv.Quote(v)
	}
	return fmt.Sprintf("the value (%d characters, not shown)", utf8.RuneCountInString(v))
}

// urlScheme is a scheme safe to name.
var urlScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]{0,9}$`)

// echoURL is echo for a setting that wants a URL: it names the scheme it
// has, the one part that says what is wrong without showing a host, a
// password or a key.
func echoURL(v string) string {
	if echoable.MatchString(v) {
		return strconv.Quote(v)
	}
	if scheme, _, ok := strings.Cut(v, "://"); ok && urlScheme.MatchString(scheme) {
		return fmt.Sprintf("the %s:// URL (%d characters, the rest not shown)", strings.ToLower(scheme), utf8.RuneCountInString(v))
	}
	return echo(v)
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

// ScrubMessage hides token-like text and URL or DSN passwords anywhere in
// an error message (one from a library, say, that quotes a setting).
func ScrubMessage(msg string) string {
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

// Shown quotes a setting's value for an error, scrubbed (see scrub).
func Shown(v string) string {
	// Quoting escapes bytes ("\x80"), which can join the text around
	// them into something token-like: hide it again after quoting.
	return tokenLike.ReplaceAllString(strconv.Quote(scrub(v)), "[token-like value hidden]")
}

// yamlError rewords a YAML decoding error so that it shows no secret:
// token-like text is hidden, a quoted value is shown only when it cannot
// be a secret (see echo), and an "unknown anchor" (a value starting with '*', which
// YAML reads as an alias: a token can start with one) is named without
// its text.
func yamlError(err error) error {
	msg := err.Error()
	msg = unknownAnchor.ReplaceAllString(msg, "a value starting with '*' is read as a YAML alias: put it in quotes")
	msg = tokenLike.ReplaceAllString(msg, "[token-like value hidden]")
	msg = quotedInYAML.ReplaceAllStringFunc(msg, func(q string) string {
		if inner := q[1 : len(q)-1]; !echoable.MatchString(inner) {
			return echo(inner)
		}
		return q
	})
	return errors.New(msg)
}

var (
	unknownAnchor = regexp.MustCompile(`unknown anchor '[^']*' referenced`)
	quotedInYAML  = regexp.MustCompile("`[^`]*`|'[^']*'|\"[^\"]*\"")
)

// parseTrustedProxies reads a comma-separated list of addresses and CIDR
// ranges. An item that is neither is named by its place, not quoted: a
// value in the wrong setting may be a secret.
func parseTrustedProxies(c *Config, v string) error {
	var out []netip.Prefix
	for i, item := range strings.Split(v, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		p, err := netip.ParsePrefix(item)
		if err != nil {
			a, aerr := netip.ParseAddr(item)
			if aerr != nil {
				return fmt.Errorf("item %d is not an IP address or a CIDR range such as 10.0.0.0/8", i+1)
			}
			p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
		}
		out = append(out, p.Masked())
	}
	c.HTTP.TrustedProxies = out
	return nil
}

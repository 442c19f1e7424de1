package discordclient

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// SessionOptions configure the discordgo session.
type SessionOptions struct {
	Token string
	// API is the REST base URL ending in /api/v9/; "" is Discord's.
	API string
	// ShardID and ShardCount select this process's gateway shard.
	ShardID, ShardCount int
	// Logger receives discordgo's own log lines (warnings and errors).
	Logger *slog.Logger
}

// rewriteTransport sends requests meant for Discord's REST API to another
// base URL (a REST proxy, or a fake Discord in tests). discordgo builds
// every URL from package-level constants, so the client is the one place
// to redirect them without touching global state.
type rewriteTransport struct {
	base *url.URL
	next http.RoundTripper
}

const discordAPIPrefix = "/api/v" + "9" + "/"

func (t rewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host == "discord.com" && strings.HasPrefix(req.URL.Path, discordAPIPrefix) {
		r2 := req.Clone(req.Context())
		u := *req.URL
		u.Scheme, u.Host = t.base.Scheme, t.base.Host
		u.Path = strings.TrimSuffix(t.base.Path, "/") + "/" + strings.TrimPrefix(req.URL.Path, discordAPIPrefix)
		u.RawPath = ""
		r2.URL, r2.Host = &u, t.base.Host
		resp, err := t.next.RoundTrip(r2)
		if err != nil {
			return nil, &rewrittenError{url: u.Redacted(), err: err}
		}
		return resp, nil
	}
	return t.next.RoundTrip(req)
}

// rewrittenError is a transport error of a request sent to another base
// URL than discordgo built. http.Client names the URL it was given
// (discord.com) in its *url.Error; calledURL puts this one there instead,
// so that an operator reading "connection refused" sees the address that
// refused.
type rewrittenError struct {
	url string
	err error
}

func (e *rewrittenError) Error() string { return e.url + ": " + e.err.Error() }

func (e *rewrittenError) Unwrap() error { return e.err }

// calledURL makes the *url.Error in err name the URL the request was
// actually sent to, where rewriteTransport sent it elsewhere. The
// *url.Error is the one http.Client made for this request alone, so
// correcting it in place changes no one else's error.
func calledURL(err error) error {
	var ue *url.Error
	var re *rewrittenError
	if errors.As(err, &ue) && errors.As(ue.Err, &re) && ue.Err == error(re) {
		ue.URL, ue.Err = re.url, re.err
	}
	return err
}

// NewSession makes a discordgo session for the bot: the token, the REST
// base URL, the shard, and no privileged intents (slash commands need
// none). The session is not opened.
func NewSession(o SessionOptions) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + strings.TrimPrefix(o.Token, "Bot "))
	if err != nil {
		return nil, fmt.Errorf("discord session: %w", err)
	}
	transport := http.DefaultTransport
	if o.API != "" && strings.TrimSuffix(o.API, "/") != strings.TrimSuffix(discordgo.EndpointAPI, "/") {
		u, err := url.Parse(o.API)
		if err != nil || u.Host == "" {
			return nil, fmt.Errorf("discord API URL %q: not an absolute URL", o.API)
		}
		transport = rewriteTransport{base: u, next: http.DefaultTransport}
	}
	s.Client = &http.Client{Transport: transport, Timeout: 20 * time.Second}
	s.ShardID, s.ShardCount = o.ShardID, max(o.ShardCount, 1)
	s.Identify.Intents = discordgo.IntentsGuilds
	s.LogLevel = discordgo.LogWarning
	s.StateEnabled = false
	// discordgo's own reconnect loop outlives Close; a Gateway
	// (interactions.Gateway) reconnects instead, and stops when closed.
	s.ShouldReconnectOnError = false
	s.ShouldRetryOnRateLimit = true
	s.MaxRestRetries = 3
	return s, nil
}

// discordgoSink is where discordgo's log lines go: the logger and the
// token to redact of the newest SetDiscordgoLogger.
type discordgoSink struct {
	log   *slog.Logger
	token string
}

var (
	discordgoLogOnce sync.Once
	discordgoLog     atomic.Pointer[discordgoSink]
)

// SetDiscordgoLogger routes discordgo's log lines through log, replacing
// the token if it ever appears in one. discordgo's hook is a package
// variable that its sessions' goroutines read at any time, so it is
// written once, to a function that reads the sink atomically: a later
// call (another Main in the same process, as in tests) swaps the sink
// without a data race.
func SetDiscordgoLogger(log *slog.Logger, token string) {
	discordgoLog.Store(&discordgoSink{log: log, token: token})
	discordgoLogOnce.Do(func() { discordgo.Logger = logDiscordgo })
}

// logDiscordgo is discordgo.Logger: one of its lines, through slog.
func logDiscordgo(msgL, caller int, format string, a ...interface{}) {
	sink := discordgoLog.Load()
	if sink == nil {
		return
	}
	msg := fmt.Sprintf(format, a...)
	if sink.token != "" {
		msg = strings.ReplaceAll(msg, sink.token, "[redacted]")
	}
	level := slog.LevelDebug
	switch msgL {
	case discordgo.LogError:
		level = slog.LevelError
	case discordgo.LogWarning:
		level = slog.LevelWarn
	case discordgo.LogInformational:
		level = slog.LevelInfo
	}
	sink.log.Log(context.Background(), level, msg, "component", "discordgo")
}

package bot

import (
	"context"
	"encoding/json"
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
	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/discordapi"
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
	// (ConnectGateway) reconnects instead, and stops when closed.
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

// attachGateway makes the bot answer the INTERACTION_CREATE events of a
// gateway session, responding over REST. ConnectGateway calls it.
func (b *Bot) attachGateway(s *discordgo.Session) {
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		i := ic.Interaction
		err := b.Handle(i, func(resp *discordgo.InteractionResponse) error {
			return b.respond(s, i, resp)
		})
		if errors.Is(err, ErrRepeated) {
			b.log.Debug("repeated gateway interaction ignored", "interaction", i.ID)
		} else if err != nil && err != ErrDraining {
			b.log.Warn("gateway interaction failed", "interaction", i.ID, "err", err)
		}
	})
	s.AddHandler(func(s *discordgo.Session, r *discordgo.Ready) {
		// r.Shard is nil when Discord did not shard the session: name the
		// shard the session identified as.
		b.log.Info("gateway ready", "session_user", r.User.ID, "guilds", len(r.Guilds), "shard", fmt.Sprintf("%d/%d", s.ShardID, max(s.ShardCount, 1)))
	})
	s.AddHandler(func(s *discordgo.Session, r *discordgo.Resumed) {
		b.log.Info("gateway resumed")
	})
	s.AddHandler(func(s *discordgo.Session, c *discordgo.Connect) { b.gatewayUp.Store(true) })
	s.AddHandler(func(s *discordgo.Session, c *discordgo.Disconnect) {
		b.gatewayUp.Store(false)
		if b.Draining() {
			// Shutting down: this is our own close, not a lost connection.
			b.log.Info("gateway closed")
			return
		}
		b.log.Warn("gateway disconnected; reconnecting")
	})
}

// ErrGatewayRefused is a gateway failure that the same request cannot
// cure: a 4xx answer other than a rate limit (a wrong token), or a close
// code of the gateway that means "do not reconnect" (authentication
// failed, a bad shard, intents not allowed: Discord's list of close
// codes).
var ErrGatewayRefused = errors.New("refused")

// openGatewayOnce is one attempt to connect s: nil when it is connected,
// else a discordapi error naming the address actually called, which is
// ErrGatewayRefused too when retrying cannot cure it.
func openGatewayOnce(s *discordgo.Session) error {
	err := s.Open()
	if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
		return nil
	}
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		switch ce.Code {
		case 4004, 4010, 4011, 4012, 4013, 4014:
			return fmt.Errorf("%w: %w", ErrGatewayRefused, classify(err))
		}
		return classify(err)
	}
	err = classify(err)
	if errors.Is(err, discordapi.ErrNotSent) && !errors.Is(err, discordapi.ErrRateLimited) {
		return fmt.Errorf("%w: %w", ErrGatewayRefused, err)
	}
	return err
}

// GatewayHealth is a /healthz check that fails while the gateway is down.
func (b *Bot) GatewayHealth(ctx context.Context) error {
	if !b.gatewayUp.Load() {
		return &HealthError{Reason: "discord gateway: not connected (reconnecting)"}
	}
	return nil
}

// RegisterCommands replaces the application's commands with Commands (one
// bulk overwrite), globally or, when Config.DevGuild is set, in that guild
// only, where changes show at once.
func (b *Bot) RegisterCommands(ctx context.Context) error {
	body, err := CommandsJSON()
	if err != nil {
		return err
	}
	if b.cfg.Activity {
		// Discord refuses a bulk update that drops the entry point.
		if body, err = WithEntryPoint(body); err != nil {
			return err
		}
	}
	endpoint := discordgo.EndpointApplicationGlobalCommands(b.cfg.AppID)
	if b.cfg.DevGuild != "" {
		endpoint = discordgo.EndpointApplicationGuildCommands(b.cfg.AppID, b.cfg.DevGuild)
	}
	_, err = b.api.RequestWithBucketID(http.MethodPut, endpoint, json.RawMessage(body), endpoint, discordgo.WithContext(ctx))
	if isEntryPointRemoval(err) && !b.cfg.Activity {
		// Activities are enabled in the Developer Portal but not here:
		// keep Discord's entry point rather than fail every update.
		b.log.Warn("the application has an Activity entry point command but SUDOKUBOT_ACTIVITY is off: keeping the entry point")
		if body, err = b.keepEntryPoints(ctx, endpoint, body); err == nil {
			_, err = b.api.RequestWithBucketID(http.MethodPut, endpoint, json.RawMessage(body), endpoint, discordgo.WithContext(ctx))
		}
	}
	if err != nil {
		return fmt.Errorf("registering commands: %w", classify(err))
	}
	b.log.Info("commands registered", "guild", b.cfg.DevGuild)
	return nil
}

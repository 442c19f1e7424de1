package bot

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/internal/retry"
)

// gatewayRetry is how a lost or refused gateway connection is retried:
// soon at first (a resume must come within Discord's replay window), at
// most once a minute while Discord stays unreachable.
var gatewayRetry = retry.Policy{First: 250 * time.Millisecond, Max: time.Minute}

// Gateway keeps a discordgo session connected to Discord's gateway until
// Close. discordgo's own reconnect loop cannot be stopped: a Close that
// lands while it runs leaves it dialling forever, and a heartbeat
// goroutine of a dead connection can close the new one. So the session
// runs with ShouldReconnectOnError off and this loop reconnects (RESUME
// when discordgo still has a session id, IDENTIFY otherwise) until Close,
// which waits for it: no goroutine outlives the Gateway.
type Gateway struct {
	s      *discordgo.Session
	log    *slog.Logger
	lost   chan struct{}
	cancel context.CancelFunc
	done   chan struct{}
	once   sync.Once
	remove func()
}

// ConnectGateway attaches the bot to s and connects it. An error that
// retrying cannot cure (a refused token, a shard or intent Discord
// rejects) is returned at once; any other failure (Discord unreachable)
// is logged and retried in the background, as HTTP mode retries command
// registration, so the process keeps serving /healthz meanwhile.
func (b *Bot) ConnectGateway(ctx context.Context, s *discordgo.Session) (*Gateway, error) {
	b.attachGateway(s)
	s.ShouldReconnectOnError = false // NewSession's already; any session's here
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	g := &Gateway{s: s, log: b.log, lost: make(chan struct{}, 1), cancel: cancel, done: make(chan struct{})}
	g.remove = s.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) {
		select {
		case g.lost <- struct{}{}:
		default:
		}
	})
	if err := s.Open(); err != nil {
		if fatalGatewayError(err) {
			cancel()
			g.remove()
			return nil, err
		}
		b.log.Warn("gateway unreachable; retrying in the background", "err", calledURL(err))
		g.signalLost()
	}
	go g.run(ctx)
	return g, nil
}

func (g *Gateway) signalLost() {
	select {
	case g.lost <- struct{}{}:
	default:
	}
}

// run reconnects after every lost connection until ctx ends.
func (g *Gateway) run(ctx context.Context) {
	defer close(g.done)
	for {
		select {
		case <-ctx.Done():
			return
		case <-g.lost:
		}
		err := gatewayRetry.Do(ctx, func() error {
			err := g.s.Open()
			if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
				return nil
			}
			return err
		}, func(attempt int, wait time.Duration, err error) {
			g.log.Warn("gateway reconnect failed", "attempt", attempt, "retry_in", wait, "err", calledURL(err))
		})
		if err != nil && ctx.Err() == nil {
			g.log.Error("gateway reconnect stopped", "err", err)
		}
	}
}

// Close stops reconnecting, waits for the loop to end and closes the
// connection. It is safe to call more than once.
func (g *Gateway) Close() error {
	var err error
	g.once.Do(func() {
		g.cancel()
		<-g.done
		g.remove()
		err = g.s.Close()
	})
	return err
}

// fatalGatewayError reports whether Discord refused the connection for a
// reason no retry changes: a bad token (REST 401 or gateway close 4004),
// an invalid shard, sharding required, an invalid API version or
// intents (4010-4014).
func fatalGatewayError(err error) bool {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == http.StatusUnauthorized {
		return true
	}
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		switch ce.Code {
		case 4004, 4010, 4011, 4012, 4013, 4014:
			return true
		}
	}
	return false
}

package bot

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

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
	g.remove = s.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) { g.signalLost() })
	if err := openGatewayOnce(s); err != nil {
		if errors.Is(err, ErrGatewayRefused) {
			cancel()
			g.remove()
			return nil, err
		}
		b.log.Warn("connecting to the gateway failed; retrying in the background", "err", err)
		g.signalLost()
	} else {
		b.log.Info("gateway connected", "shard", s.ShardID, "shards", s.ShardCount)
	}
	go g.run(ctx)
	return g, nil
}

// signalLost wakes the reconnect loop; a wake already pending is enough.
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
		// A refusal is retried too, at most once a minute: a token
		// rotated in the portal while the bot runs is an operator's to
		// fix, and the log and /healthz say so meanwhile.
		err := gatewayRetry.Do(ctx, func() error { return openGatewayOnce(g.s) },
			func(attempt int, wait time.Duration, err error) {
				g.log.Warn("connecting to the gateway failed; retrying", "attempt", attempt, "retry_in", wait, "err", err)
			})
		if err == nil {
			g.log.Info("gateway connected", "shard", g.s.ShardID, "shards", g.s.ShardCount)
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

package interactions

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/discordclient"
	"github.com/sudokubot/sudokubot/internal/retry"
)

// gatewayRetry is how a lost or refused gateway connection is retried:
// soon at first (a resume must come within Discord's replay window), at
// most once a minute while Discord stays unreachable.
var gatewayRetry = retry.Policy{First: 250 * time.Millisecond, Max: time.Minute}

// Gateway keeps a discordgo session connected to Discord's gateway until
// Close, and gives its interactions to a Receiver, the door responding
// over REST. discordgo's own reconnect loop cannot be stopped: a Close
// that lands while it runs leaves it dialling forever, and a heartbeat
// goroutine of a dead connection can close the new one. So the session
// runs with ShouldReconnectOnError off and this loop reconnects (RESUME
// when discordgo still has a session id, IDENTIFY otherwise) until Close,
// which waits for it: no goroutine outlives the Gateway.
type Gateway struct {
	s       *discordgo.Session
	log     *slog.Logger
	up      atomic.Bool
	closing atomic.Bool
	lost    chan struct{}
	cancel  context.CancelFunc
	done    chan struct{}
	once    sync.Once
	remove  []func()
}

// NewGateway makes r take the INTERACTION_CREATE events of s, each
// answered through the door's REST response; Open connects it.
func NewGateway(s *discordgo.Session, r *Receiver) *Gateway {
	s.ShouldReconnectOnError = false // NewSession's already; any session's here
	g := &Gateway{s: s, log: r.log, lost: make(chan struct{}, 1), done: make(chan struct{})}
	g.remove = []func(){
		s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
			i := ic.Interaction
			err := r.Receive(i, func(resp *discordgo.InteractionResponse) error { return r.door.Respond(i, resp) })
			if errors.Is(err, ErrRepeated) {
				g.log.Debug("repeated gateway interaction ignored", "interaction", i.ID)
			} else if err != nil && !errors.Is(err, ErrDraining) {
				g.log.Warn("gateway interaction failed", "interaction", i.ID, "err", err)
			}
		}),
		s.AddHandler(func(s *discordgo.Session, r *discordgo.Ready) {
			// r.Shard is nil when Discord did not shard the session: name
			// the shard the session identified as.
			g.log.Info("gateway ready", "session_user", r.User.ID, "guilds", len(r.Guilds), "shard", fmt.Sprintf("%d/%d", s.ShardID, max(s.ShardCount, 1)))
		}),
		s.AddHandler(func(*discordgo.Session, *discordgo.Resumed) { g.log.Info("gateway resumed") }),
		s.AddHandler(func(*discordgo.Session, *discordgo.Connect) { g.up.Store(true) }),
		s.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) {
			g.up.Store(false)
			if g.closing.Load() {
				// Our own close, not a lost connection.
				g.log.Info("gateway closed")
				return
			}
			g.log.Warn("gateway disconnected; reconnecting")
			g.signalLost()
		}),
	}
	return g
}

// Open connects the session and keeps it connected until Close. An error
// that retrying cannot cure (a refused token, a shard or intent Discord
// rejects) is returned at once, and the Gateway is closed; any other
// failure (Discord unreachable) is logged and retried in the background,
// so the process keeps serving /healthz meanwhile. Open is called once.
func (g *Gateway) Open(ctx context.Context) error {
	ctx, g.cancel = context.WithCancel(context.WithoutCancel(ctx))
	if err := openOnce(g.s); err != nil {
		if errors.Is(err, ErrGatewayRefused) {
			close(g.done)
			_ = g.Close()
			return err
		}
		g.log.Warn("connecting to the gateway failed; retrying in the background", "err", err)
		g.signalLost()
	} else {
		g.log.Info("gateway connected", "shard", g.s.ShardID, "shards", g.s.ShardCount)
	}
	go g.run(ctx)
	return nil
}

// Connected reports whether the gateway connection is established (for
// /healthz).
func (g *Gateway) Connected() bool { return g.up.Load() }

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
		err := gatewayRetry.Do(ctx, func() error { return openOnce(g.s) },
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
		g.closing.Store(true)
		if g.cancel != nil {
			g.cancel()
			<-g.done
		}
		err = g.s.Close()
		for _, remove := range g.remove {
			remove()
		}
	})
	return err
}

// ErrGatewayRefused is a gateway failure that the same request cannot
// cure: a 4xx answer other than a rate limit (a wrong token), or a close
// code of the gateway that means "do not reconnect" (authentication
// failed, a bad shard, intents not allowed: Discord's list of close
// codes).
var ErrGatewayRefused = errors.New("refused")

// openOnce is one attempt to connect s: nil when it is connected, else a
// discordapi error naming the address actually called, which is
// ErrGatewayRefused too when retrying cannot cure it.
func openOnce(s *discordgo.Session) error {
	err := s.Open()
	if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
		return nil
	}
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		switch ce.Code {
		case 4004, 4010, 4011, 4012, 4013, 4014:
			return fmt.Errorf("%w: %w", ErrGatewayRefused, discordclient.Classify(err))
		}
		return discordclient.Classify(err)
	}
	err = discordclient.Classify(err)
	if errors.Is(err, discordapi.ErrNotSent) && !errors.Is(err, discordapi.ErrRateLimited) {
		return fmt.Errorf("%w: %w", ErrGatewayRefused, err)
	}
	return err
}

package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/sudokubot/sudokubot/discordclient"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/discordapi"
)

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
		return fmt.Errorf("registering commands: %w", discordclient.Classify(err))
	}
	b.log.Info("commands registered", "guild", b.cfg.DevGuild)
	return nil
}

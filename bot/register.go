package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/discordclient"
)

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

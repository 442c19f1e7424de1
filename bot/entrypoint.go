package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/l10n"
)

// The Discord Activity, as the Discord door sees it: the entry point
// command and the LAUNCH_ACTIVITY answer of "Play in Discord" (the
// sign-in, the OAuth2 code exchange, is the web door's: webapi). discordgo
// v0.29.0 knows neither the entry point command nor response type 12, so
// this file has its own typed structs and sends them through the raw
// request API.

const (
	// commandTypeEntryPoint is PRIMARY_ENTRY_POINT, an application
	// command type discordgo v0.29.0 lacks.
	commandTypeEntryPoint = 4
	// entryPointLaunchActivity is the entry point handler
	// DISCORD_LAUNCH_ACTIVITY: Discord itself launches the Activity.
	entryPointLaunchActivity = 2
	// responseLaunchActivity is the interaction response LAUNCH_ACTIVITY.
	responseLaunchActivity discordgo.InteractionResponseType = 12
	// EntryPointName is the entry point command's name (Discord's default).
	EntryPointName = "launch"
)

// entryPointCommand is the primary entry point command as the bulk
// overwrite sends it.
type entryPointCommand struct {
	Name                     string            `json:"name"`
	Type                     int               `json:"type"`
	Handler                  int               `json:"handler"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations,omitempty"`
	IntegrationTypes         []int             `json:"integration_types"`
	Contexts                 []int             `json:"contexts"`
}

// entryPoint is the Activity's entry point, installed and usable wherever
// /sudoku is.
func entryPoint() entryPointCommand {
	return entryPointCommand{
		Name: EntryPointName, Type: commandTypeEntryPoint, Handler: entryPointLaunchActivity,
		Description: l10n.English().T("desc.launch"), DescriptionLocalizations: l10n.Localizations("desc.launch"),
		IntegrationTypes: []int{0, 1}, Contexts: []int{0, 1, 2},
	}
}

// WithEntryPoint adds the entry point command to a bulk overwrite's body:
// with Activities on, Discord refuses a bulk update that drops it.
func WithEntryPoint(body []byte) ([]byte, error) {
	var cmds []json.RawMessage
	if err := json.Unmarshal(body, &cmds); err != nil {
		return nil, fmt.Errorf("commands: %w", err)
	}
	ep, err := json.Marshal(entryPoint())
	if err != nil {
		return nil, err
	}
	return json.Marshal(append(cmds, ep))
}

// errEntryPointRemoval is Discord's code for a bulk overwrite that would
// drop the entry point command.
const errEntryPointRemoval = 50240

func isEntryPointRemoval(err error) bool {
	var rest *discordgo.RESTError
	return errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == errEntryPointRemoval
}

// keepEntryPoints adds the entry point commands the application has now
// (read back from Discord) to a bulk overwrite's body.
func (b *Bot) keepEntryPoints(ctx context.Context, endpoint string, body []byte) ([]byte, error) {
	raw, err := b.api.RequestWithBucketID(http.MethodGet, endpoint, nil, endpoint, discordgo.WithContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("reading the commands back: %w", err)
	}
	var have []struct {
		Type        int    `json:"type"`
		Name        string `json:"name"`
		Description string `json:"description"`
		Handler     int    `json:"handler"`
	}
	if err := json.Unmarshal(raw, &have); err != nil {
		return nil, fmt.Errorf("reading the commands back: %w", err)
	}
	var cmds []json.RawMessage
	if err := json.Unmarshal(body, &cmds); err != nil {
		return nil, err
	}
	for _, c := range have {
		if c.Type == commandTypeEntryPoint {
			ep, err := json.Marshal(entryPointCommand{Name: c.Name, Type: c.Type, Handler: c.Handler, Description: c.Description,
				IntegrationTypes: []int{0, 1}, Contexts: []int{0, 1, 2}})
			if err != nil {
				return nil, err
			}
			cmds = append(cmds, ep)
		}
	}
	return json.Marshal(cmds)
}

// btnActivity is the "Play in Discord" button: Discord opens the
// Activity, which loads the player's current game.
func (b *Bot) btnActivity(_ context.Context, r *Request) (*Response, error) {
	if !b.cfg.Activity {
		return nil, userErr("web.error.activity_off")
	}
	return &Response{Type: responseLaunchActivity}, nil
}

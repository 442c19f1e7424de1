package bot

import (
	"fmt"
	"net/http"

	"github.com/sudokubot/sudokubot/discordclient"

	"github.com/bwmarrin/discordgo"
)

// Respond sends an interaction's initial response over REST, as
// discordgo's InteractionRespond does, with the files' alt texts: the
// gateway's way (interactions.Door). Like the edits after a deferral, it
// outlives the handler's context, up to the end of Shutdown's grace.
func (b *Bot) Respond(i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	if resp.Data == nil || len(resp.Data.Files) == 0 {
		return b.api.InteractionRespond(i, resp, discordgo.WithContext(b.final))
	}
	ct, body, err := discordclient.MultipartWithAlts(resp, resp.Data.Files)
	if err != nil {
		return fmt.Errorf("encoding the response: %w", err)
	}
	endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	_, err = b.api.RequestRaw(http.MethodPost, endpoint, ct, body, endpoint, 0, discordgo.WithContext(b.final))
	return err
}

// editOriginal edits a deferred response, as discordgo's
// InteractionResponseEdit does, with the files' alt texts.
func (b *Bot) editOriginal(i *discordgo.Interaction, edit *discordgo.WebhookEdit) error {
	if len(edit.Files) == 0 {
		_, err := b.api.InteractionResponseEdit(i, edit, discordgo.WithContext(b.final))
		return err
	}
	ct, body, err := discordclient.MultipartWithAlts(edit, edit.Files)
	if err != nil {
		return fmt.Errorf("encoding the edit: %w", err)
	}
	endpoint := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	_, err = b.api.RequestRaw(http.MethodPatch, endpoint, ct, body, endpoint, 0, discordgo.WithContext(b.final))
	return err
}

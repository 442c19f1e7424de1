package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// attachment is a file's entry in a message body's attachments: by id
// (its files[n] index), with its alt text. discordgo's MessageAttachment
// has no description, so the bodies that carry files are written here.
type attachment struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// describedReader is a file's bytes with its alt text, carried inside a
// discordgo.File until the body is written (multipartWithAlts).
type describedReader struct {
	*bytes.Reader
	alt string
}

// multipartWithAlts is discordgo.MultipartBodyWithJSON with the files'
// alt texts in the body's attachments: body.data.attachments for an
// interaction response, body.attachments for a message or an edit.
func multipartWithAlts(body any, files []*discordgo.File) (contentType string, raw []byte, err error) {
	js, err := json.Marshal(body)
	if err != nil {
		return "", nil, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(js, &top); err != nil {
		return "", nil, err
	}
	list := make([]attachment, len(files))
	for i, f := range files {
		list[i] = attachment{ID: fmt.Sprint(i), Filename: f.Name}
		if d, ok := f.Reader.(*describedReader); ok {
			list[i].Description = d.alt
		}
	}
	set := func(m map[string]json.RawMessage) error {
		a, err := json.Marshal(list)
		m["attachments"] = a
		return err
	}
	if data, ok := top["data"]; ok {
		var inner map[string]json.RawMessage
		if err := json.Unmarshal(data, &inner); err != nil {
			return "", nil, err
		}
		if err := set(inner); err != nil {
			return "", nil, err
		}
		if top["data"], err = json.Marshal(inner); err != nil {
			return "", nil, err
		}
	} else if err := set(top); err != nil {
		return "", nil, err
	}
	js, err = json.Marshal(top)
	if err != nil {
		return "", nil, err
	}
	return discordgo.MultipartBodyWithJSON(json.RawMessage(js), files)
}

// respond sends an interaction's initial response over REST, as
// discordgo's InteractionRespond does, with the files' alt texts.
func (b *Bot) respond(s discordAPI, i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	if resp.Data == nil || len(resp.Data.Files) == 0 {
		return s.InteractionRespond(i, resp, discordgo.WithContext(b.final))
	}
	ct, body, err := multipartWithAlts(resp, resp.Data.Files)
	if err != nil {
		return fmt.Errorf("encoding the response: %w", err)
	}
	endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	_, err = s.RequestRaw(http.MethodPost, endpoint, ct, body, endpoint, 0, discordgo.WithContext(b.final))
	return err
}

// editOriginal edits a deferred response, as discordgo's
// InteractionResponseEdit does, with the files' alt texts.
func (b *Bot) editOriginal(i *discordgo.Interaction, edit *discordgo.WebhookEdit) error {
	if len(edit.Files) == 0 {
		_, err := b.api.InteractionResponseEdit(i, edit, discordgo.WithContext(b.final))
		return err
	}
	ct, body, err := multipartWithAlts(edit, edit.Files)
	if err != nil {
		return fmt.Errorf("encoding the edit: %w", err)
	}
	endpoint := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	_, err = b.api.RequestRaw(http.MethodPatch, endpoint, ct, body, endpoint, 0, discordgo.WithContext(b.final))
	return err
}

package discordclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/render"
)

const guildID = "200"

func mustContain(t testing.TB, what, got, want string) {
	t.Helper()
	if !strings.Contains(got, want) {
		t.Fatalf("%s: got %q, want it to contain %q", what, got, want)
	}
}

// TestPoster covers what the daily publisher uses: posting with a file
// and the play button, threads, finding a post, and telling a 403 apart.
func TestPoster(t *testing.T) {
	fake := discordtest.New(t)
	fake.SetupGuild(guildID)
	session, err := NewSession(SessionOptions{Token: fake.Token, API: fake.APIBase()})
	if err != nil {
		t.Fatal(err)
	}
	p := NewPoster(session, fake.AppID)
	ctx := context.Background()
	img, err := render.BoardPNG(render.Position{}, render.Options{Size: 300})
	if err != nil {
		t.Fatal(err)
	}
	id, err := p.PostDaily(ctx, "401", DailyMessage{Content: "**Daily Sudoku #1** <@11> was fastest", Nonce: "d20261122abc",
		Files: []File{{Name: "daily.png", ContentType: "image/png", Data: img}},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Play privately", Style: discordgo.PrimaryButton, CustomID: "play/2026-11-22/hard"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	calls := fake.Calls(http.MethodPost, "/channels/401/messages")
	if len(calls) != 1 || !bytes.Equal(calls[0].Files["daily.png"], img) {
		t.Fatalf("post calls %+v", calls)
	}
	var sent map[string]any
	_ = json.Unmarshal(calls[0].Payload, &sent)
	if sent["nonce"] != "d20261122abc" || sent["enforce_nonce"] != true {
		t.Fatalf("nonce not sent: %s", calls[0].Payload)
	}
	mustContain(t, "play button", string(calls[0].Payload), `"custom_id":"play/2026-11-22/hard"`)
	mustContain(t, "no pings", string(calls[0].Payload), `"allowed_mentions":{"parse":[]`)
	ok, err := p.MessageExists(ctx, "401", id)
	if err != nil || !ok {
		t.Fatalf("MessageExists(posted) = %v, %v", ok, err)
	}
	ok, err = p.MessageExists(ctx, "401", "999")
	if err != nil || ok {
		t.Fatalf("MessageExists(missing) = %v, %v", ok, err)
	}
	if _, err := p.StartThread(ctx, "401", id, "Daily Sudoku #1"); err != nil {
		t.Fatal(err)
	}
	_, err = p.PostDaily(ctx, "404", DailyMessage{Content: "x"})
	var de *discordapi.Error
	if !errors.Is(err, discordapi.ErrForbidden) || !errors.As(err, &de) || !slices.Equal(de.Missing, []discordapi.Permission{discordapi.ViewChannel}) {
		t.Fatalf("post to a forbidden channel: %v, want ErrForbidden missing view_channel", err)
	}
	// After a 403 the Poster finds what the bot lacks, for the admin.
	for channel, want := range map[string][]discordapi.Permission{
		"401": nil, // nothing missing: the 403 came from elsewhere
		"402": {discordapi.AttachFiles},
		"403": {discordapi.ViewChannel},
		"404": {discordapi.ViewChannel}, // reading the channel is refused too
	} {
		if got := p.missing(ctx, channel); !slices.Equal(got, want) {
			t.Errorf("missing in %s = %v, want %v", channel, got, want)
		}
	}
	_, err = p.PostDaily(ctx, "499", DailyMessage{Content: "x"})
	if !errors.Is(err, discordapi.ErrNotFound) {
		t.Fatalf("post to a missing channel: %v, want ErrNotFound", err)
	}

}

package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/discordapi"
)

// TestDefaultAPIIsDiscordgos keeps the web door's Discord base URL, which
// it knows without importing discordgo, the one the Discord door speaks.
func TestDefaultAPIIsDiscordgos(t *testing.T) {
	if discordapi.DefaultAPI != discordgo.EndpointAPI {
		t.Fatalf("discordapi.DefaultAPI = %q, discordgo.EndpointAPI = %q", discordapi.DefaultAPI, discordgo.EndpointAPI)
	}
}

package discordclient

import (
	"context"
	"fmt"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestCheckChannel: each reason the daily cannot go to a channel comes
// back as its kind, with the permissions missing; a channel it can use is
// fine.
func TestCheckChannel(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t)
	fake.SetupGuild(guildID)
	fake.AddChannel(&discordgo.Channel{ID: "407", GuildID: "999", Name: "elsewhere", Type: discordgo.ChannelTypeGuildText})
	fake.AddChannel(&discordgo.Channel{ID: "408", GuildID: guildID, Name: "voice", Type: discordgo.ChannelTypeGuildVoice})
	session, err := NewSession(SessionOptions{Token: fake.Token, API: fake.APIBase()})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		channel string
		threads bool
		want    string
	}{
		{"401", false, "{0 []}"},
		{"405", true, "{0 []}"},
		{"401", true, "{4 [create_threads send_in_threads]}"},
		{"402", false, "{4 [attach_files]}"},
		{"404", false, "{1 []}"},
		{"499", false, "{1 []}"},
		{"407", false, "{2 []}"},
		{"408", false, "{3 []}"},
	} {
		p, err := CheckChannel(context.Background(), session, fake.AppID, guildID, tc.channel, tc.threads)
		if got := fmt.Sprint(p); err != nil || got != tc.want {
			t.Errorf("channel %s (threads %v): %s, %v; want %s", tc.channel, tc.threads, got, err, tc.want)
		}
	}
}

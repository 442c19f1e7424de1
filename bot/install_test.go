package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
)

// Interaction contexts, as Discord numbers them.
const (
	inGuild   = 0
	inBotDM   = 1
	inGroupDM = 2
)

// userInstalled marks an interaction as coming through the app's user
// install only, in context ctx: no guild install authorises it.
func userInstalled(i map[string]any, user string, ctx int) map[string]any {
	i["authorizing_integration_owners"] = map[string]string{"1": user}
	i["context"] = ctx
	if ctx == inGroupDM {
		i["channel_id"] = "650"
	}
	return i
}

// TestCommandsInstallEverywhere: /sudoku is registered for both installs
// and every context; /sudoku-config only where the bot is in the server.
func TestCommandsInstallEverywhere(t *testing.T) {
	t.Parallel()
	var cmds []struct {
		Name             string `json:"name"`
		IntegrationTypes []int  `json:"integration_types"`
		Contexts         []int  `json:"contexts"`
	}
	body, err := CommandsJSON()
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(body, &cmds); err != nil {
		t.Fatal(err)
	}
	want := map[string][2][]int{
		CommandPlay:   {{0, 1}, {0, 1, 2}},
		CommandConfig: {{0}, {0}},
	}
	for _, c := range cmds {
		w, ok := want[c.Name]
		if !ok {
			t.Errorf("unexpected command %q", c.Name)
			continue
		}
		if !slices.Equal(c.IntegrationTypes, w[0]) || !slices.Equal(c.Contexts, w[1]) {
			t.Errorf("/%s: integration_types %v contexts %v, want %v %v", c.Name, c.IntegrationTypes, c.Contexts, w[0], w[1])
		}
	}
}

// TestUserInstallPlaysEverywhere plays a whole game in a DM through the
// user install, checks that a DM game and a server game do not mix, and
// that what needs a server says so.
func TestUserInstallPlaysEverywhere(t *testing.T) {
	t.Parallel()
	for _, f := range fronts {
		t.Run(f.name, func(t *testing.T) {
			h := newHarness(t)
			if f.name == "gateway" {
				h.openGateway()
			}
			do := func(i map[string]any) reply { return f.do(h, t, i) }
			dm := func(i map[string]any) map[string]any { return userInstalled(i, alice, inBotDM) }
			ctx := context.Background()

			// A personal game in the DM, played to the end.
			r := do(dm(h.cmd(alice, "", "sudoku", "new", map[string]any{"level": "easy"})))
			expectPrivateMessage(t, "new in a DM", r)
			r.png(t)
			g, err := h.store.CurrentGame(ctx, alice, "")
			if err != nil {
				t.Fatalf("no DM game after /sudoku new: %v", err)
			}
			// A server game of the same player is another game.
			r = do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"level": "easy"}))
			expectPrivateMessage(t, "new in a server", r)
			sg := h.current(t, alice)
			if sg.ID == g.ID {
				t.Fatalf("the server game is the DM game %d", g.ID)
			}

			r = do(dm(h.cmd(alice, "", "sudoku", "hint", nil)))
			expectPrivateMessage(t, "hint in a DM", r)
			mustContain(t, "hint in a DM", r.Content, "Hint 1/3")

			// The whole solution, in the DM.
			for _, m := range solvingPlaces(g) {
				r = do(dm(h.cmd(alice, "", "sudoku", "place", map[string]any{"moves": m})))
				expectPrivateMessage(t, "place in a DM", r)
			}
			mustContain(t, "solving move in a DM", r.Content, "Solved!")
			if done, err := h.store.Game(ctx, g.ID); err != nil || !done.Solved {
				t.Fatalf("DM game after the solving move: %+v, %v", done, err)
			}
			if still := h.current(t, alice); still.ID != sg.ID || still.Finished() {
				t.Fatalf("finishing the DM game touched the server game: %+v", still)
			}

			// Stats in a DM are the player's record over every place.
			r = do(dm(h.cmd(alice, "", "sudoku", "stats", nil)))
			mustContain(t, "stats in a DM", r.Content, "1 solve")

			// A group DM has no server leaderboard.
			r = do(userInstalled(h.cmd(alice, "", "sudoku", "leaderboard", nil), alice, inGroupDM))
			expectPrivateMessage(t, "leaderboard in a group DM", r)
			mustContain(t, "leaderboard in a group DM", r.Content, "Leaderboards belong to servers")

			// In a server the bot is not in, the daily cannot be set up,
			// but the daily can be played.
			const other = "201"
			r = do(userInstalled(h.cmd(bob, other, "sudoku-config", "", map[string]any{"enabled": true}), bob, inGuild))
			expectPrivateMessage(t, "config through a user install", r)
			mustContain(t, "config through a user install", r.Content, "needs the bot added to this server")
			if _, err := h.store.GuildSettings(ctx, other); err == nil {
				t.Fatal("config through a user install saved settings")
			}
			r = do(userInstalled(h.cmd(bob, other, "sudoku", "daily", nil), bob, inGuild))
			expectPrivateMessage(t, "daily through a user install", r)
			r.png(t)

			// The daily is one game wherever it is played: the DM picks it
			// up, and a move there lands in the same game.
			dg, err := h.store.CurrentGame(ctx, bob, other)
			if err != nil || dg.Day.IsZero() {
				t.Fatalf("bob's daily: %+v, %v", dg, err)
			}
			r = do(userInstalled(h.cmd(bob, "", "sudoku", "daily", nil), bob, inBotDM))
			expectPrivateMessage(t, "the same daily in a DM", r)
			cell, right, _ := firstEmpty(t, dg, 0)
			r = do(userInstalled(h.cmd(bob, "", "sudoku", "place", map[string]any{"moves": fmt.Sprintf("%s=%d", engine.CellName(cell), right)}), bob, inBotDM))
			expectPrivateMessage(t, "a daily move in a DM", r)
			if after, err := h.store.Game(ctx, dg.ID); err != nil || after.Entries[cell] != right {
				t.Fatalf("the daily's move in the DM did not reach the daily: %v", err)
			}
		})
	}
}

// TestServerInstalled reads authorizing_integration_owners.
func TestServerInstalled(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		guild  string
		owners map[discordgo.ApplicationIntegrationType]string
		want   bool
	}{
		{"guild install", "1", map[discordgo.ApplicationIntegrationType]string{0: "1"}, true},
		{"both installs", "1", map[discordgo.ApplicationIntegrationType]string{0: "1", 1: "9"}, true},
		{"user install only", "1", map[discordgo.ApplicationIntegrationType]string{1: "9"}, false},
		{"no owners (older payload)", "1", nil, true},
		{"a DM", "", map[discordgo.ApplicationIntegrationType]string{1: "9"}, false},
	} {
		r := &Request{Interaction: &discordgo.Interaction{GuildID: tc.guild, AuthorizingIntegrationOwners: tc.owners}}
		if got := r.ServerInstalled(); got != tc.want {
			t.Errorf("%s: ServerInstalled() = %v, want %v", tc.name, got, tc.want)
		}
	}
}

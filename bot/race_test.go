package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// onCard makes a button interaction come from the race card, whose
// message id the bot learns from it.
func onCard(i map[string]any, cardID string) map[string]any {
	i["message"] = map[string]any{"id": cardID, "channel_id": "300", "content": ""}
	return i
}

// TestRaceTwoPlayers: alice starts a race, bob joins and wins; the card
// is edited as they play (without digits) and keeps the result; alice
// leaves; a named opponent's race is closed to others; a race nobody
// joins expires.
func TestRaceTwoPlayers(t *testing.T) {
	t.Parallel()
	for _, f := range fronts {
		t.Run(f.name, func(t *testing.T) {
			clk := fakeclock.New(time.Now())
			h := newHarness(t, func(c *setup) { c.Clock = clk })
			if f.name == "gateway" {
				h.openGateway()
			}
			do := func(i map[string]any) reply { return f.do(h, t, i) }
			const carol = "13"

			r := do(h.cmd(alice, guildID, "sudoku", "race", map[string]any{"level": "easy"}))
			if r.Type != 4 || r.ephemeral() {
				t.Fatalf("race: type %d ephemeral %v, want a public card", r.Type, r.ephemeral())
			}
			mustContain(t, "race card", r.Content, "Sudoku race")
			mustContain(t, "race card", r.Content, "1. <@"+alice+"> ")
			ids := r.customIDs()
			if len(ids) != 2 || !strings.HasSuffix(ids[0], "/join") {
				t.Fatalf("race card buttons %v", ids)
			}
			join, refresh := ids[0], ids[1]
			h.fake.AddChannel(&discordgo.Channel{ID: "300", GuildID: guildID, Type: discordgo.ChannelTypeGuildText, Name: "general"})
			card := h.fake.AddMessage("300", r.Content, h.fake.AppID) // the card as Discord shows it

			r = do(onCard(h.button(bob, guildID, join), card.ID))
			expectPrivateMessage(t, "bob joins", r)
			mustContain(t, "bob joins", r.Content, "You're in the race")
			r.png(t)
			bg := h.current(t, bob)
			clk.Advance(4 * time.Minute)
			for _, m := range solvingPlaces(bg) {
				r = do(h.cmd(bob, guildID, "sudoku", "place", map[string]any{"moves": m}))
			}
			mustContain(t, "bob's solve", r.Content, "Solved!")
			edited := h.fake.Messages("300")[0]
			mustContain(t, "card after bob's solve", edited.Content, "🏆 <@"+bob+"> wins in **4:00**")
			mustContain(t, "card after bob's solve", edited.Content, "1. <@"+bob+"> ✅ solved in 4:00")
			mustContain(t, "card after bob's solve", edited.Content, "2. <@"+alice+"> 0/")

			// Alice comes back to her board through Join, then leaves.
			r = do(onCard(h.button(alice, guildID, join), card.ID))
			mustContain(t, "alice's board", r.Content, "Your race board")
			ag := h.current(t, alice)
			do(h.button(alice, guildID, fmt.Sprintf("giveup/%d/yes", ag.ID)))
			r = do(onCard(h.button(carol, guildID, refresh), card.ID))
			if r.Type != 7 && !(r.Deferred && r.Type == 6) {
				t.Fatalf("refresh: type %d, want the card updated in place", r.Type)
			}
			mustContain(t, "refreshed card", r.Content, "left the race")
			mustContain(t, "refreshed card", r.Content, "wins")

			// A race against a named opponent is closed to others.
			r = do(h.cmd(alice, guildID, "sudoku", "race", map[string]any{"level": "easy", "opponent": snowflake{6, bob}}))
			mustContain(t, "duel card", r.Content, "<@"+alice+"> vs <@"+bob+">")
			duelJoin := r.customIDs()[0]
			r = do(h.button(carol, guildID, duelJoin))
			expectPrivateMessage(t, "carol joins a duel", r)
			mustContain(t, "carol joins a duel", r.Content, "This race is between")
			r = do(h.cmd(alice, guildID, "sudoku", "race", map[string]any{"opponent": snowflake{6, alice}}))
			mustContain(t, "racing yourself", r.Content, "can't race yourself")

			// Nobody joins: after the window, joining is closed and the
			// card says the race expired.
			r = do(h.cmd(carol, guildID, "sudoku", "race", nil))
			lonely := r.customIDs()
			clk.Advance(game.RaceJoinWindow + time.Minute)
			r = do(h.button(bob, guildID, lonely[0]))
			mustContain(t, "late join", r.Content, "Joining this race closed")
			r = do(h.button(bob, guildID, lonely[1]))
			mustContain(t, "expired card", r.Content, "Nobody joined in time")
			if got := r.customIDs(); len(got) != 1 {
				t.Fatalf("expired card buttons %v, want Refresh only", got)
			}
		})
	}
}

// TestRaceText: the card's verdicts, without the store.
func TestRaceText(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	race := store.Race{ID: 1, HostID: "11", CreatedAt: t0, JoinBy: t0.Add(game.RaceJoinWindow), EndsAt: t0.Add(game.RaceLength)}
	solved := store.Game{UserID: "11", StartedAt: t0, FinishedAt: t0.Add(5 * time.Minute), Solved: true}
	playing := store.Game{UserID: "12", StartedAt: t0}
	for _, tc := range []struct {
		name  string
		games []store.Game
		now   time.Time
		want  string
	}{
		{"open", []store.Game{playing}, t0.Add(time.Minute), "Press **Join**"},
		{"alone, solved", []store.Game{solved}, t0.Add(6 * time.Minute), "Press **Join**"},
		{"expired", []store.Game{solved}, t0.Add(game.RaceJoinWindow + time.Second), "Nobody joined in time"},
		{"won", []store.Game{playing, solved}, t0.Add(6 * time.Minute), "🏆 <@11> wins in **5:00**"},
		{"running", []store.Game{playing, {UserID: "13", StartedAt: t0}}, t0.Add(20 * time.Minute), "The race is on"},
		{"time up", []store.Game{playing, {UserID: "13", StartedAt: t0}}, t0.Add(game.RaceLength + time.Second), "Time is up"},
		{"timed out marked", []store.Game{playing, {UserID: "13", StartedAt: t0}}, t0.Add(game.RaceLength + time.Second), "⏱️ timed out"},
	} {
		if got := raceText(l10n.English(), game.StandingsOf(race, engine.LevelEasy, tc.games, tc.now)); !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want it to contain %q", tc.name, got, tc.want)
		}
	}
}

package bot

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

const (
	guildID = "200"
	alice   = "11"
	bob     = "12"
)

func mustContain(t testing.TB, what, got, want string) {
	t.Helper()
	if !strings.Contains(got, want) {
		t.Fatalf("%s: got %q, want it to contain %q", what, got, want)
	}
}

func expectPrivateMessage(t testing.TB, what string, r reply) {
	t.Helper()
	if r.Type != 4 && !(r.Deferred && r.Type == 5) {
		t.Fatalf("%s: response type %d, want 4 (channel message)", what, r.Type)
	}
	if !r.ephemeral() {
		t.Fatalf("%s: not ephemeral: %q", what, r.Content)
	}
}

// firstEmpty returns an empty cell of a game and its solution digit, and a
// legal but wrong digit for it.
func firstEmpty(t testing.TB, g store.Game, skip int) (cell int, right, wrong uint8) {
	t.Helper()
	b := g.Board()
	for c := 0; c < engine.NumCells; c++ {
		if b[c] != 0 {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		bd := engine.NewBoard(b)
		for _, d := range bd.Cands[c].Slice() {
			if d != g.Solution[c] {
				return c, g.Solution[c], d
			}
		}
	}
	t.Fatal("no empty cell with a wrong candidate")
	return 0, 0, 0
}

func (h *harness) current(t testing.TB, user string) store.Game {
	t.Helper()
	g, err := h.store.CurrentGame(context.Background(), user, guildID)
	if err != nil {
		t.Fatalf("current game of %s: %v", user, err)
	}
	return g
}

// TestPlayThroughBothFrontDoors plays a whole game with every command and
// button, once through signed HTTP requests and once through the gateway.
func TestPlayThroughBothFrontDoors(t *testing.T) {
	t.Parallel()
	for _, f := range fronts {
		t.Run(f.name, func(t *testing.T) {
			var changed []string
			var mu sync.Mutex
			h := newHarness(t, func(c *setup) {
				c.OnSettingsChanged = func(g string) { mu.Lock(); changed = append(changed, g); mu.Unlock() }
			})
			if f.name == "gateway" {
				h.openGateway()
			}
			do := func(i map[string]any) reply { return f.do(h, t, i) }

			r := do(h.cmd(alice, guildID, "sudoku", "show", nil))
			expectPrivateMessage(t, "show without a game", r)
			mustContain(t, "show without a game", r.Content, "no game in progress")

			r = do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"level": "expert", "symmetry": "rotational"}))
			expectPrivateMessage(t, "new", r)
			r.png(t)
			g := h.current(t, alice)
			wantIDs := []string{fmt.Sprintf("hint/%d/1", g.ID), fmt.Sprintf("moves/%d/0", g.ID), fmt.Sprintf("check/%d", g.ID),
				fmt.Sprintf("cands/%d/1", g.ID), fmt.Sprintf("giveup/%d", g.ID)}
			if got := r.customIDs(); strings.Join(got, " ") != strings.Join(wantIDs, " ") {
				t.Fatalf("board buttons %v, want %v", got, wantIDs)
			}

			cell, right, wrong := firstEmpty(t, g, 0)
			name := engine.CellName(cell)
			r = do(h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": fmt.Sprintf("%s=%d", name, wrong)}))
			expectPrivateMessage(t, "place wrong digit", r)
			r.png(t)
			if strings.Contains(r.Content, "wrong") {
				t.Fatalf("place revealed a wrong-but-legal entry unasked: %q", r.Content)
			}
			if g = h.current(t, alice); g.Entries[cell] != wrong {
				t.Fatalf("entry of %s stored as %d, want %d", name, g.Entries[cell], wrong)
			}

			r = do(h.cmd(alice, guildID, "sudoku", "check", nil))
			expectPrivateMessage(t, "check", r)
			mustContain(t, "check", r.Content, "1 entry is wrong")
			mustContain(t, "check", r.Content, name)
			r.png(t)
			if g = h.current(t, alice); g.Mistakes != 1 {
				t.Fatalf("mistakes %d after a check finding one, want 1", g.Mistakes)
			}

			r = do(h.cmd(alice, guildID, "sudoku", "hint", nil))
			expectPrivateMessage(t, "hint on a wrong board", r)
			mustContain(t, "hint on a wrong board", r.Content, "is not right")
			r.png(t)

			r = do(h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": fmt.Sprintf("%s %d", strings.ToUpper(name), right)}))
			expectPrivateMessage(t, "place right digit", r)
			mustContain(t, "place right digit", r.Content, fmt.Sprintf("Placed %d in `%s`", right, name))

			r = do(h.cmd(alice, guildID, "sudoku", "hint", nil))
			expectPrivateMessage(t, "hint", r)
			mustContain(t, "hint", r.Content, "Hint 1/3")
			r.png(t)
			if got := r.customIDs(); len(got) != 2 || got[0] != fmt.Sprintf("hint/%d/2", g.ID) || got[1] != fmt.Sprintf("hint/%d/3", g.ID) {
				t.Fatalf("hint buttons %v", got)
			}
			r = do(h.button(alice, guildID, fmt.Sprintf("hint/%d/3", g.ID)))
			expectPrivateMessage(t, "hint level 3", r)
			mustContain(t, "hint level 3", r.Content, "Hint 3/3")
			r.png(t)
			// The hint on the wrong board (a mistake) and the step shown
			// at levels 1 and 3 are two hints, one of them an answer.
			if g = h.current(t, alice); g.Hints != [3]int{1, 0, 1} {
				t.Fatalf("hints recorded %v, want [1 0 1]", g.Hints)
			}

			r = do(h.button(bob, guildID, fmt.Sprintf("hint/%d/2", g.ID)))
			expectPrivateMessage(t, "someone else's button", r)
			mustContain(t, "someone else's button", r.Content, "belongs to <@"+alice+">")

			r = do(h.button(alice, guildID, fmt.Sprintf("cands/%d/1", g.ID)))
			if r.Type != 7 && !(r.Deferred && r.Type == 6) {
				t.Fatalf("candidates toggle: type %d, want 7 (update)", r.Type)
			}
			r.png(t)
			mustContain(t, "candidates toggle", strings.Join(r.customIDs(), " "), fmt.Sprintf("cands/%d/0", g.ID))

			r = do(h.button(alice, guildID, fmt.Sprintf("moves/%d/1", g.ID)))
			if r.Type != 9 || r.CustomID != fmt.Sprintf("moves/%d/1", g.ID) {
				t.Fatalf("moves button: type %d custom_id %q, want a modal", r.Type, r.CustomID)
			}
			cell2, right2, _ := firstEmpty(t, h.current(t, alice), 0)
			r = do(h.modal(alice, guildID, fmt.Sprintf("moves/%d/1", g.ID), map[string]string{"moves": fmt.Sprintf("%s:%d", engine.CellName(cell2), right2)}))
			if r.Type != 7 && !(r.Deferred && r.Type == 6) {
				t.Fatalf("moves modal: type %d, want 7 (update); %q", r.Type, r.Content)
			}
			r.png(t)
			if g = h.current(t, alice); g.Entries[cell2] != right2 {
				t.Fatalf("modal move not stored")
			}

			r = do(h.button(alice, guildID, fmt.Sprintf("check/%d", g.ID)))
			expectPrivateMessage(t, "check button", r)
			mustContain(t, "check button", r.Content, "All good so far")

			wrongAnswer := g.Solution
			for c := range wrongAnswer {
				if g.Givens[c] == 0 {
					wrongAnswer[c] = wrongAnswer[c]%9 + 1
					break
				}
			}
			r = do(h.cmd(alice, guildID, "sudoku", "check", map[string]any{"answer": wrongAnswer.Digits()}))
			expectPrivateMessage(t, "check wrong answer", r)
			mustContain(t, "check wrong answer", r.Content, "1 cell of your answer is wrong")

			rows := make([]string, 9)
			for i := range rows {
				rows[i] = g.Solution.Digits()[i*9 : i*9+9]
			}
			r = do(h.cmd(alice, guildID, "sudoku", "check", map[string]any{"answer": strings.Join(rows, "/")}))
			expectPrivateMessage(t, "check right answer", r)
			mustContain(t, "check right answer", r.Content, "Solved!")
			// The mistake hint, and one step opened to level 3.
			mustContain(t, "check right answer", r.Content, "2 hints")
			r.png(t)
			done, err := h.store.Game(context.Background(), g.ID)
			if err != nil || !done.Solved || done.FinishedAt.IsZero() {
				t.Fatalf("game after solving: %+v, %v", done, err)
			}

			r = do(h.cmd(alice, guildID, "sudoku", "stats", nil))
			if r.Type != 4 || r.ephemeral() {
				t.Fatalf("stats: type %d ephemeral %v, want a public message", r.Type, r.ephemeral())
			}
			mustContain(t, "stats", r.Content, "1 solve")
			mustContain(t, "stats", r.Content, "Expert: 1 solve")
			r.png(t) // the progress picture
			if _, ok := r.Files["progress.png"]; !ok {
				t.Fatalf("stats attach %v, want progress.png", r.Files)
			}

			r = do(h.cmd(bob, guildID, "sudoku", "stats", map[string]any{"user": snowflake{6, alice}}))
			mustContain(t, "stats of another user", r.Content, "<@"+alice+">")

			r = do(h.cmd(alice, guildID, "sudoku", "daily", nil))
			expectPrivateMessage(t, "daily", r)
			r.png(t)
			dg := h.current(t, alice)
			if dg.Day.IsZero() {
				t.Fatalf("daily game has no day: %+v", dg)
			}
			// One title for a daily: the post's, from package daily.
			if want := daily.Title(dg.Day, dg.Level); !strings.Contains(r.Content, want) {
				t.Fatalf("daily reply %q does not carry the daily's title %q", r.Content, want)
			}
			r = do(h.cmd(alice, guildID, "sudoku", "leaderboard", nil))
			if r.ephemeral() {
				t.Fatal("leaderboard is ephemeral")
			}
			mustContain(t, "leaderboard", r.Content, "Nobody has solved today's daily")

			r = do(h.button(alice, guildID, fmt.Sprintf("giveup/%d", dg.ID)))
			expectPrivateMessage(t, "give up button", r)
			if got := r.customIDs(); len(got) != 1 || got[0] != fmt.Sprintf("giveup/%d/yes", dg.ID) {
				t.Fatalf("give up confirmation buttons %v", got)
			}
			r = do(h.button(alice, guildID, fmt.Sprintf("giveup/%d/yes", dg.ID)))
			if r.Type != 7 && !(r.Deferred && r.Type == 6) {
				t.Fatalf("give up confirm: type %d, want 7", r.Type)
			}
			r.png(t)
			mustContain(t, "give up", r.Content, "solution")
			if gu, _ := h.store.Game(context.Background(), dg.ID); !gu.GaveUp {
				t.Fatal("give up not stored")
			}
			r = do(h.cmd(alice, guildID, "sudoku", "leaderboard", map[string]any{"board": "streaks"}))
			mustContain(t, "streaks", r.Content, "streaks")

			r = do(h.cmd(alice, guildID, "sudoku", "new", nil))
			expectPrivateMessage(t, "second new", r)
			r = do(h.cmd(alice, guildID, "sudoku", "giveup", nil))
			expectPrivateMessage(t, "giveup", r)
			r.png(t)
			mustContain(t, "giveup", r.Content, "solution")

			mu.Lock()
			defer mu.Unlock()
			if len(changed) != 0 {
				t.Fatalf("settings hook called without a config change: %v", changed)
			}
		})
	}
}

// TestConfigCommand covers /sudoku-config through both front doors:
// showing, validating, permission checks naming the missing permission,
// saving, the change hook and time zone autocomplete.
func TestConfigCommand(t *testing.T) {
	t.Parallel()
	for _, f := range fronts {
		t.Run(f.name, func(t *testing.T) {
			var changed []string
			var mu sync.Mutex
			h := newHarness(t, func(c *setup) {
				c.OnSettingsChanged = func(g string) { mu.Lock(); changed = append(changed, g); mu.Unlock() }
			})
			if f.name == "gateway" {
				h.openGateway()
			}
			do := func(i map[string]any) reply { return f.do(h, t, i) }
			h.fake.SetupGuild(guildID)

			r := do(h.cmd(alice, guildID, CommandConfig, "", nil))
			expectPrivateMessage(t, "config show", r)
			mustContain(t, "config show", r.Content, "Channel: not set")

			r = do(h.cmd(alice, guildID, CommandConfig, "", map[string]any{"channel": snowflake{7, "402"}}))
			expectPrivateMessage(t, "config no attach", r)
			mustContain(t, "config no attach", r.Content, "missing **Attach Files**")

			r = do(h.cmd(alice, guildID, CommandConfig, "", map[string]any{"channel": snowflake{7, "406"}}))
			expectPrivateMessage(t, "config no history", r)
			mustContain(t, "config no history", r.Content, "missing **Read Message History**")

			r = do(h.cmd(alice, guildID, CommandConfig, "", map[string]any{"channel": snowflake{7, "403"}}))
			mustContain(t, "config hidden channel", r.Content, "**View Channel**")

			r = do(h.cmd(alice, guildID, CommandConfig, "", map[string]any{"channel": snowflake{7, "401"}, "threads": true}))
			mustContain(t, "config threads", r.Content, "**Create Public Threads**")

			r = do(h.cmd(alice, guildID, CommandConfig, "", map[string]any{
				"channel": snowflake{7, "401"}, "time": "7:30", "timezone": "europe/paris", "level": "hard"}))
			expectPrivateMessage(t, "config save", r)
			mustContain(t, "config save", r.Content, "Saved.")
			gs, err := h.store.GuildSettings(context.Background(), guildID)
			if err != nil {
				t.Fatal(err)
			}
			if gs.ChannelID != "401" || gs.PostTime != "07:30" || gs.TimeZone != "Europe/Paris" || gs.Level != engine.LevelHard || !gs.Enabled {
				t.Fatalf("stored settings %+v", gs)
			}
			mu.Lock()
			if len(changed) != 1 || changed[0] != guildID {
				t.Fatalf("settings hook calls %v, want [%s]", changed, guildID)
			}
			mu.Unlock()
			problem := store.PostProblem{Kind: store.ProblemMissingPermissions, Missing: []discordapi.Permission{discordapi.AttachFiles}}
			if err := h.store.SetPostProblem(context.Background(), guildID, problem); err != nil {
				t.Fatal(err)
			}
			r = do(h.cmd(alice, guildID, CommandConfig, "", nil))
			mustContain(t, "config shows the problem", r.Content,
				"Last posting problem: I can't post the daily in <#401>: I'm missing **Attach Files** there.")
			mustContain(t, "config says how to resume", r.Content, "run `/sudoku-config enabled:True`")

			r = do(h.autocomplete(alice, guildID, CommandConfig, "timezone", "pari"))
			if r.Type != 8 || len(r.Choices) == 0 || r.Choices[0]["value"] != "Europe/Paris" {
				t.Fatalf("autocomplete: type %d choices %v", r.Type, r.Choices)
			}
		})
	}
}

package bot

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
)

// dumpCoop writes the co-op boards the test draws to a folder, to look at.
var dumpCoop = flag.String("dump-coop", "", "write the co-op test's board PNGs and texts to this `DIR`")

func dump(t *testing.T, name string, r reply) {
	t.Helper()
	if *dumpCoop == "" {
		return
	}
	for _, data := range r.Files {
		if err := os.WriteFile(filepath.Join(*dumpCoop, name+".png"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(*dumpCoop, name+".txt"), []byte(r.Content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCoopTwoPlayers: two players share a board; a move made on an older
// board is refused, with the moves to enter again, only when its own cell
// changed since (a teammate's move elsewhere or a hint for everyone voids
// nothing); hints are shared and counted; the solve shows who did what and
// counts in nobody's stats or leaderboards.
func TestCoopTwoPlayers(t *testing.T) {
	t.Parallel()
	for _, f := range fronts {
		t.Run(f.name, func(t *testing.T) {
			h := newHarness(t)
			if f.name == "gateway" {
				h.openGateway()
			}
			do := func(i map[string]any) reply { return f.do(h, t, i) }
			const carol = "13"

			r := do(h.cmd(alice, guildID, "sudoku", "coop", map[string]any{"level": "easy"}))
			if r.Type != 4 || r.ephemeral() {
				t.Fatalf("coop: type %d ephemeral %v, want a public board", r.Type, r.ephemeral())
			}
			r.png(t)
			mustContain(t, "coop board", r.Content, "Co-op Sudoku")
			ids := r.customIDs()
			if len(ids) != 2 {
				t.Fatalf("coop buttons %v", ids)
			}
			movesBtn, hintBtn := ids[0], ids[1]
			id, _ := strconv.ParseInt(strings.Split(movesBtn, "/")[1], 10, 64)
			g, err := h.store.Game(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}

			// Both open the modal on the same board.
			rb := do(h.button(bob, guildID, movesBtn))
			ra := do(h.button(alice, guildID, movesBtn))
			if rb.Type != 9 || ra.CustomID != rb.CustomID {
				t.Fatalf("modals %d %q / %q, want the same board version", rb.Type, ra.CustomID, rb.CustomID)
			}
			var empties []string
			for i, d := range g.Solution {
				if g.Givens[i] == 0 {
					empties = append(empties, fmt.Sprintf("%s=%d", engine.CellName(i), d))
				}
			}
			r = do(h.modal(alice, guildID, ra.CustomID, map[string]string{"moves": empties[0]}))
			if r.Type != 7 && !(r.Deferred && r.Type == 6) {
				t.Fatalf("alice's moves: type %d, want the board updated in place", r.Type)
			}
			mustContain(t, "alice's moves", r.Content, "last move by <@"+alice+">")
			r.png(t)
			dump(t, f.name+"-after-alice", r)
			// Carol asks a hint for everyone: it changes no cell.
			r = do(h.button(carol, guildID, hintBtn))
			if r.Type != 4 || r.ephemeral() {
				t.Fatalf("coop hint: type %d ephemeral %v, want a public message", r.Type, r.ephemeral())
			}
			mustContain(t, "coop hint", r.Content, "asked for a hint")

			// Bob's form was opened before alice's move and the hint. A
			// move to alice's cell is refused with the moves to enter again.
			cell0 := strings.Split(empties[0], "=")[0]
			clash := fmt.Sprintf("%s=%d", cell0, g.Solution[mustCell(t, cell0)]%9+1)
			r = do(h.modal(bob, guildID, rb.CustomID, map[string]string{"moves": clash}))
			expectPrivateMessage(t, "bob's move to a changed cell", r)
			mustContain(t, "bob's move to a changed cell", r.Content, "Someone changed the board")
			mustContain(t, "bob's move to a changed cell", r.Content, clash)
			if cur, _ := h.store.Game(context.Background(), id); cur.Board().Count() != g.Givens.Count()+1 {
				t.Fatalf("after a refused move the board has %d digits, want givens + 1", cur.Board().Count())
			}
			// A move to another cell from the same old form still applies:
			// neither alice's move elsewhere nor the hint voids it.
			r = do(h.modal(bob, guildID, rb.CustomID, map[string]string{"moves": empties[1]}))
			if r.Type != 7 && !(r.Deferred && r.Type == 6) {
				t.Fatalf("bob's move on an older board to an unchanged cell: type %d %q, want the board updated", r.Type, r.Content)
			}
			if cur, _ := h.store.Game(context.Background(), id); cur.Board().Count() != g.Givens.Count()+2 {
				t.Fatalf("after bob's move the board has %d digits, want givens + 2", cur.Board().Count())
			}

			// Bob finishes the board.
			rest := strings.Join(empties[2:], " ")
			if len(rest) > 400 {
				t.Fatalf("the rest of the solution (%d characters) does not fit one modal", len(rest))
			}
			rb = do(h.button(bob, guildID, movesBtn))
			r = do(h.modal(bob, guildID, rb.CustomID, map[string]string{"moves": rest}))
			dump(t, f.name+"-solved", r)
			mustContain(t, "the solve", r.Content, "Solved together")
			mustContain(t, "the solve", r.Content, "<@"+bob+">: "+strconv.Itoa(len(empties)-1)+" digits")
			mustContain(t, "the solve", r.Content, "<@"+alice+">: 1 digit")
			mustContain(t, "the solve", r.Content, "<@"+carol+">: 0 digits, 1 hint")
			mustContain(t, "the solve", r.Content, "with 1 hint")
			if len(r.customIDs()) != 0 {
				t.Fatalf("a solved board still has buttons %v", r.customIDs())
			}
			// Nobody's own stats or leaderboards count a shared solve,
			// not even the opener's (who placed one digit here).
			st, _ := h.store.PlayerStats(context.Background(), guildID, alice)
			if st.Solves != 0 {
				t.Fatalf("alice's stats count the co-op solve: %+v", st)
			}
			board, err := h.store.SolvesSince(context.Background(), guildID, time.Time{}, 10)
			if err != nil || len(board) != 0 {
				t.Fatalf("solves leaderboard after a co-op solve: %+v %v, want nobody", board, err)
			}
		})
	}
}

// TestCoopInAThread: where the bot may, the board opens in a thread of
// its own and the channel gets a pointer to it.
func TestCoopInAThread(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.fake.AddChannel(&discordgo.Channel{ID: "300", GuildID: guildID, Type: discordgo.ChannelTypeGuildText, Name: "general"})
	r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "coop", nil))
	threads := h.fake.Threads("300")
	if len(threads) != 1 {
		t.Fatalf("%d threads opened, want 1", len(threads))
	}
	mustContain(t, "coop pointer", r.Content, "<#"+threads[0].ID+">")
	if r.ephemeral() || len(r.Files) != 0 {
		t.Fatalf("the pointer should be a public message without the board: %+v", r)
	}
	msgs := h.fake.Messages(threads[0].ID)
	if len(msgs) != 1 || !strings.Contains(msgs[0].Content, "Co-op Sudoku") || len(msgs[0].Files) != 1 ||
		!strings.Contains(string(msgs[0].Payload), `"custom_id":"coop/`) {
		t.Fatalf("thread messages %+v, want the board with its buttons", msgs)
	}
	// Through a user install only, the bot cannot post: the board is the reply.
	r = h.viaHTTP(t, userInstalled(h.cmd(bob, guildID, "sudoku", "coop", nil), bob, inGuild))
	mustContain(t, "coop through a user install", r.Content, "Co-op Sudoku")
	if len(r.Files) != 1 || len(h.fake.Threads("300")) != 1 {
		t.Fatalf("through a user install: %d files, %d threads; want the board in the reply, no new thread", len(r.Files), len(h.fake.Threads("300")))
	}
}

// mustCell is the cell of a name such as "r4c6".
func mustCell(t *testing.T, name string) int {
	t.Helper()
	var r, c int
	if _, err := fmt.Sscanf(name, "r%dc%d", &r, &c); err != nil {
		t.Fatalf("cell %q: %v", name, err)
	}
	return (r-1)*9 + c - 1
}

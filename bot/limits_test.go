package bot

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/shareddata"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/render"
)

func TestFit(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a fairly long line of a proof\n", 300)
	buttons := make([]discordgo.MessageComponent, 7)
	for i := range buttons {
		buttons[i] = discordgo.Button{Label: strings.Repeat("x", 120), CustomID: fmt.Sprint(i)}
	}
	choices := make([]*discordgo.ApplicationCommandOptionChoice, 30)
	for i := range choices {
		choices[i] = &discordgo.ApplicationCommandOptionChoice{Name: strings.Repeat("é", 150), Value: strings.Repeat("v", 150)}
	}
	cases := []struct {
		name      string
		in        Response
		wantFile  string // name of the attached full text, "" for none
		wantFiles int
	}{
		{"short content unchanged", Response{Content: "hello"}, "", 0},
		{"exactly 2000 characters", Response{Content: strings.Repeat("é", MaxContent)}, "", 0},
		{"long content attached", Response{Content: long, Files: []File{{Name: "board.png"}}}, "message.txt", 2},
		{"long content named", Response{Content: long, FullName: "proof.txt"}, "proof.txt", 1},
		{"one long word", Response{Content: strings.Repeat("é", 5000)}, "message.txt", 1},
		{"too many files", Response{Content: long, Files: make([]File, 12)}, "message.txt", MaxFiles},
		{"buttons and choices", Response{Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}, Choices: choices, Title: strings.Repeat("t", 60)}, "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := c.in
			out := fit(&in, nil)
			if n := utf8.RuneCountInString(out.Content); n > MaxContent {
				t.Errorf("content has %d characters", n)
			}
			if !utf8.ValidString(out.Content) {
				t.Errorf("content is not valid UTF-8")
			}
			if len(out.Files) != c.wantFiles {
				t.Errorf("%d files, want %d", len(out.Files), c.wantFiles)
			}
			if c.wantFile != "" {
				last := out.Files[len(out.Files)-1]
				if last.Name != c.wantFile || string(last.Data) != c.in.Content {
					t.Errorf("last file %q does not hold the full content", last.Name)
				}
				mustContain(t, "shortened content", out.Content, c.wantFile)
			} else if out.Content != c.in.Content {
				t.Errorf("content changed: %q", out.Content)
			}
			if in.Content != c.in.Content || len(in.Files) != len(c.in.Files) {
				t.Errorf("fit changed its argument")
			}
			for _, row := range out.Components {
				items := row.(discordgo.ActionsRow).Components
				if len(items) > 5 {
					t.Errorf("row of %d buttons", len(items))
				}
				for _, it := range items {
					if l := it.(discordgo.Button).Label; utf8.RuneCountInString(l) > 80 {
						t.Errorf("label of %d characters", utf8.RuneCountInString(l))
					}
				}
			}
			if len(out.Choices) > 25 {
				t.Errorf("%d choices", len(out.Choices))
			}
			for _, ch := range out.Choices {
				if utf8.RuneCountInString(ch.Name) > 100 || utf8.RuneCountInString(ch.Value.(string)) > 100 {
					t.Errorf("choice too long: %q", ch.Name)
				}
			}
			if utf8.RuneCountInString(out.Title) > 45 {
				t.Errorf("title of %d characters", utf8.RuneCountInString(out.Title))
			}
		})
	}
}

// firstPuzzle reads the first puzzle of a shared set.
func firstPuzzle(t testing.TB, file string) string {
	t.Helper()
	f, err := os.Open(shareddata.Puzzles(t, file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && line[0] != '#' {
			return strings.Fields(line)[0]
		}
	}
	t.Fatalf("no puzzle in %s", file)
	return ""
}

func mustFit(t testing.TB, what string, r reply) {
	t.Helper()
	if n := utf8.RuneCountInString(r.Content); n > MaxContent {
		t.Fatalf("%s: %d characters, over Discord's %d", what, n, MaxContent)
	}
	if len(r.Files) > MaxFiles {
		t.Fatalf("%s: %d files", what, len(r.Files))
	}
}

// TestRepliesWithinLimits replays the replies that were over Discord's
// limits, through both front doors: the fake Discord (and the HTTP
// harness's schema check) refuse any body over a limit.
// TestFitNoteInTheReadersLanguage: the note that a long reply's full text
// is attached is in the reader's language, like the reply it ends.
func TestFitNoteInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("eine ziemlich lange Zeile eines Beweises\n", 300)
	out := fit(&Response{Content: long, FullName: "beweis.txt"}, l10n.For("de"))
	note := out.Content[strings.LastIndexByte(out.Content, '\n')+1:]
	if want := l10n.For("de").T("limits.full_text", "File", "beweis.txt"); note != want {
		t.Errorf("note %q, want %q", note, want)
	}
	if strings.Contains(out.Content, "too long for a message") {
		t.Errorf("English note in a German reply: %q", note)
	}
}

func TestRepliesWithinLimits(t *testing.T) {
	t.Parallel()
	for _, f := range fronts {
		t.Run(f.name, func(t *testing.T) {
			h := newHarness(t)
			long := strings.Repeat("a line of a very long answer\n", 400)
			h.bot.Router().Command("sudoku long", Private, func(ctx context.Context, r *Request) (*Response, error) {
				return &Response{Content: long}, nil
			})
			if f.name == "gateway" {
				h.openGateway()
			}
			do := func(i map[string]any) reply { return f.do(h, t, i) }

			r := do(h.cmd(alice, guildID, "sudoku", "long", nil))
			mustFit(t, "a long reply", r)
			if full, ok := r.Files["message.txt"]; !ok || string(full) != long {
				t.Fatalf("a long reply: the full text is not attached (%d files)", len(r.Files))
			}

			ones := strings.Repeat("1", 81)
			r = do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": ones}))
			mustFit(t, "81 ones", r)
			mustContain(t, "81 ones", r.Content, "breaks a rule")
			mustContain(t, "81 ones", r.Content, "rule conflicts")
			if utf8.RuneCountInString(r.Content) > 500 {
				t.Fatalf("81 ones: %d characters, want a short summary", utf8.RuneCountInString(r.Content))
			}

			// 57 moves of 1 on a 17-clue puzzle: all stored, reply short.
			r = do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": firstPuzzle(t, "royle17_sample.txt")}))
			mustFit(t, "paste 17 clues", r)
			g := h.current(t, alice)
			var moves []string
			var cells []int
			for c := 0; c < engine.NumCells && len(moves) < 57; c++ {
				if g.Givens[c] == 0 {
					moves = append(moves, engine.CellName(c)+"=1")
					cells = append(cells, c)
				}
			}
			r = do(h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": strings.Join(moves, " ")}))
			mustFit(t, "57 moves", r)
			mustContain(t, "57 moves", r.Content, "Placed 57 digits")
			g = h.current(t, alice)
			for _, c := range cells {
				if g.Entries[c] != 1 {
					t.Fatalf("%s not stored after a reply that fits", engine.CellName(c))
				}
			}

			// Hints at every level on a pasted hardest puzzle.
			r = do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": firstPuzzle(t, "q2_hardest_top300.txt")}))
			mustFit(t, "paste hardest", r)
			g = h.current(t, alice)
			for level := 1; level <= 3; level++ {
				r = do(h.button(alice, guildID, fmt.Sprintf("hint/%d/%d", g.ID, level)))
				mustFit(t, fmt.Sprintf("hint level %d", level), r)
				mustContain(t, "hint", r.Content, fmt.Sprintf("Hint %d/3", level))
				// A long proof comes in parts, each with its picture only.
				r.png(t)
			}
			// One step opened to level 3: one hint, counted as an answer.
			g = h.current(t, alice)
			if g.Hints != [3]int{0, 0, 1} {
				t.Fatalf("hints recorded %v, want one step shown to level 3", g.Hints)
			}
		})
	}
}

// TestNothingStoredWithoutReply: when the reply cannot be built (the
// picture fails), the hint is not counted, its pencil changes, the moves,
// the mistakes a check finds and a give-up are not stored.
func TestNothingStoredWithoutReply(t *testing.T) {
	t.Parallel()
	var failing atomic.Bool
	h := newHarness(t, func(c *setup) {
		c.Render = func(p render.Position, o render.Options) ([]byte, error) {
			if failing.Load() {
				return nil, errors.New("renderer out of memory")
			}
			return render.BoardPNG(p, o)
		}
	})
	r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"level": "hard"}))
	expectPrivateMessage(t, "new", r)
	g := h.current(t, alice)
	wcell, _, wrong := firstEmpty(t, g, 0)
	r = h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": fmt.Sprintf("%s=%d", engine.CellName(wcell), wrong)}))
	mustContain(t, "place a wrong digit", r.Content, "Placed")
	before := h.current(t, alice)
	failing.Store(true)
	cell, right, _ := firstEmpty(t, before, 0)
	for _, i := range []map[string]any{
		h.cmd(alice, guildID, "sudoku", "hint", nil),
		h.button(alice, guildID, fmt.Sprintf("hint/%d/3", before.ID)),
		h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": fmt.Sprintf("%s=%d", engine.CellName(cell), right)}),
		h.cmd(alice, guildID, "sudoku", "check", nil),
		h.button(alice, guildID, fmt.Sprintf("giveup/%d/yes", before.ID)),
	} {
		r := h.viaHTTP(t, i)
		mustContain(t, "failed reply", r.Content, "something went wrong")
	}
	if after := h.current(t, alice); after != before {
		t.Fatalf("state changed although no reply could be built:\n got %+v\nwant %+v", after, before)
	}
}

package bot

import (
	"bytes"
	"image/png"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
)

// TestShareAfterSolving: solving a daily offers Share; pressing it posts a
// spoiler-free result publicly, once; a second press gets the text to
// copy, and nobody else can share the game.
func TestShareAfterSolving(t *testing.T) {
	t.Parallel()
	for _, f := range fronts {
		t.Run(f.name, func(t *testing.T) {
			h := newHarness(t)
			if f.name == "gateway" {
				h.openGateway()
			}
			do := func(i map[string]any) reply { return f.do(h, t, i) }
			r := do(h.cmd(alice, guildID, "sudoku", "daily", nil))
			expectPrivateMessage(t, "daily", r)
			g := h.current(t, alice)
			for _, m := range solvingPlaces(g) {
				r = do(h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": m}))
			}
			mustContain(t, "solving move", r.Content, "Solved!")
			share := shareID(g.ID)
			if got := r.customIDs(); len(got) != 1 || got[0] != share {
				t.Fatalf("buttons under the solve %v, want only %s", got, share)
			}

			r = do(h.button(bob, guildID, share))
			expectPrivateMessage(t, "bob presses alice's Share", r)
			mustContain(t, "bob presses alice's Share", r.Content, "belongs to")

			r = do(h.button(alice, guildID, share))
			if r.Type != 4 || r.ephemeral() {
				t.Fatalf("Share: type %d ephemeral %v, want a public message", r.Type, r.ephemeral())
			}
			mustContain(t, "share", r.Content, "Daily Sudoku #")
			mustContain(t, "share", r.Content, "1-day streak")
			checkSpoilerFree(t, r.Content, g)
			card, err := png.Decode(bytes.NewReader(r.Files["result.png"]))
			if err != nil {
				t.Fatalf("the share post's result card: %v (files %v)", err, len(r.Files))
			}
			if b := card.Bounds(); b.Dx() != render.DefaultCardSize || b.Dy() != render.DefaultCardSize/2 {
				t.Errorf("result card %v, want %dx%d", b, render.DefaultCardSize, render.DefaultCardSize/2)
			}

			r = do(h.button(alice, guildID, share))
			expectPrivateMessage(t, "second Share", r)
			mustContain(t, "second Share", r.Content, "shared this solve already")
		})
	}
}

// checkSpoilerFree fails if a share shows any run of digits that could be
// part of the grid: only the time, counts and the puzzle number may
// appear, and the picture is nine keycaps.
func checkSpoilerFree(t *testing.T, text string, g store.Game) {
	t.Helper()
	lines := strings.Split(text, "\n")
	var pic []string
	for _, l := range lines {
		if strings.Contains(l, "\u20e3") || strings.Contains(l, "⬛") {
			pic = append(pic, l)
		}
	}
	if len(pic) != 3 {
		t.Fatalf("share picture has %d lines, want 3:\n%s", len(pic), text)
	}
	// The digits' keycap emoji, the boxes' ranks in the picture.
	keycaps := []string{"1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"}
	seen := map[string]bool{}
	for _, l := range pic {
		for _, k := range keycaps {
			if c := strings.Count(l, k); c > 0 {
				seen[k] = true
			}
		}
	}
	if len(seen) != 9 {
		t.Fatalf("a solved game's picture should rank all nine boxes, got %d:\n%s", len(seen), text)
	}
	if regexp.MustCompile(`[0-9]{4,}`).MatchString(text) {
		t.Fatalf("share shows a long run of digits:\n%s", text)
	}
	if d := g.Duration(); d > 0 && d < time.Second {
		t.Logf("solve took %v", d)
	}
}

package share

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
)

func TestText(t *testing.T) {
	g := store.Game{ID: 7, Level: engine.LevelHard, Day: store.Date(2026, 11, 23), BoxOrder: "591234678", Hints: [3]int{1, 1, 0}, Mistakes: 1,
		StartedAt: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), FinishedAt: time.Date(2026, 11, 23, 9, 7, 42, 0, time.UTC), Solved: true,
		Givens: engine.DefaultPool().All()[0].Puzzle}
	code := engine.ShareCode(g.Givens)
	got := Text(l10n.English(), g, 5)
	want := "**Daily Sudoku #327 · Hard**\n" +
		"⏱️ 7:42 · 💡 2 hints · ✏️ 1 mistake · 🔥 5-day streak\n" +
		"3️⃣4️⃣5️⃣\n" +
		"6️⃣1️⃣7️⃣\n" +
		"8️⃣9️⃣2️⃣\n" +
		"(the order I completed the boxes in)\n" +
		"🔗 Code `" + code + "`: play it with `/sudoku new code:" + code + "`"
	if got != want {
		t.Fatalf("Text:\n%s\nwant:\n%s", got, want)
	}
	g.Day, g.BoxOrder = store.Day{}, "12"
	if got := Text(l10n.English(), g, 5); !strings.HasPrefix(got, "**Sudoku · Hard**") || strings.Contains(got, "streak") || strings.Count(got, "⬛") != 7 {
		t.Fatalf("personal game share:\n%s", got)
	}
}

// TestCardWithoutGrade: a pasted puzzle not graded yet still gets its
// card, of the graded card's size, without pips: its level (unknown) does
// not show, and the graded card of the same game differs from it.
func TestCardWithoutGrade(t *testing.T) {
	card := func(g store.Game) image.Image {
		t.Helper()
		b, err := Card(g, 0, render.Dark)
		if err != nil {
			t.Fatalf("card (ungraded %v, level %v): %v", g.Ungraded, g.Level, err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("card (ungraded %v, level %v) is no PNG: %v", g.Ungraded, g.Level, err)
		}
		return img
	}
	g := store.Game{ID: 1, Ungraded: true, Solved: true, Level: engine.LevelEasy,
		StartedAt: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), FinishedAt: time.Date(2026, 11, 23, 9, 7, 42, 0, time.UTC)}
	easy := card(g)
	g.Level = engine.LevelExtreme
	extreme := card(g)
	if !samePixels(easy, extreme) {
		t.Error("an ungraded card shows the level it was stored with: it should draw no pips")
	}
	g.Ungraded = false
	graded := card(g)
	if graded.Bounds() != easy.Bounds() {
		t.Errorf("ungraded card %v, graded %v: want the same size", easy.Bounds(), graded.Bounds())
	}
	if samePixels(graded, extreme) {
		t.Error("the graded card is the ungraded one: the pips are missing")
	}
}

// samePixels reports whether two images have the same bounds and colours.
func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, aa := a.At(x, y).RGBA()
			br, bg, bb, ba := b.At(x, y).RGBA()
			if ar != br || ag != bg || ab != bb || aa != ba {
				return false
			}
		}
	}
	return true
}

// TestCodeAndSolvers: the code reads back as the game's givens; the
// solvers line says nothing when nobody solved the puzzle.
func TestCodeAndSolvers(t *testing.T) {
	g := store.Game{Givens: engine.DefaultPool().All()[3].Puzzle}
	if back, err := engine.ParseShareCode(Code(g)); err != nil || back != g.Givens {
		t.Fatalf("code %q: %v", Code(g), err)
	}
	if got := Solvers(l10n.English(), store.PuzzleSolves{}); got != "" {
		t.Errorf("nobody: %q", got)
	}
	got := Solvers(l10n.English(), store.PuzzleSolves{Players: 3, Median: 7*time.Minute + 42*time.Second})
	if got != "3 players solved this puzzle, median time 7:42" {
		t.Errorf("three: %q", got)
	}
}

package app

import (
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sudokubot/sudokubot/web"
)

// boardForTests is the board the end-to-end tests serve: nil (the built
// one) where the board is built, else a stand-in page, so that the tests
// of "Open board" links and the Activity run on a clone built with Go
// alone too.
func boardForTests() fs.FS {
	if _, built := web.Files(); built {
		return nil
	}
	return fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>a stand-in for the web board</title>")}}
}

// TestNoBoardNoLinks: a binary without the web board, with a public URL
// and the Activity set, offers neither "Open board" nor "Play in
// Discord" (both would land on the page saying the board is not built),
// and says so once at start-up; that page fits a phone.
func TestNoBoardNoLinks(t *testing.T) {
	t.Parallel()
	w := newWorld(t, "2026-06-01 12:00")
	w.board = fstest.MapFS{} // no index.html: no board
	p := w.startWeb(t, true)
	r := w.sudoku(t, "77", "new", "puzzle", webPuzzle)
	comps := string(r.Components)
	if strings.Contains(comps, "/board/") || strings.Contains(comps, `"activity/`) {
		t.Errorf("a binary without the board offers a link to it: %s", comps)
	}
	if !strings.Contains(comps, `"custom_id"`) {
		t.Errorf("the reply lost its other buttons: %s", comps)
	}
	logs := p.logs.String()
	if n := strings.Count(logs, "no web board built in"); n != 1 {
		t.Errorf("start-up says the board is missing %d times, want once:\n%s", n, logs)
	}
	resp, err := http.Get(p.base + "/board/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(page), `name="viewport"`) {
		t.Errorf("/board/ without a board: %d, a page without a viewport for phones: %s", resp.StatusCode, page)
	}
}

// TestPictureAltText: every picture the bot posts in a reply carries alt
// text a screen reader can read: the board row by row with its blanks
// named, and a hint's highlighted area, pattern and result first; the
// result card its figures. Through the gateway, the fake Discord
// validating each body against Discord's API description.
func TestPictureAltText(t *testing.T) {
	t.Parallel()
	w := newWorld(t, "2026-06-01 12:00")
	w.startWeb(t, false)
	r := w.sudoku(t, "77", "new", "puzzle", webPuzzle)
	alt := r.Alts["board.png"]
	t.Logf("board: %s", alt)
	if !strings.HasPrefix(alt, "Sudoku grid, row by row: Row 1: 5, 3, blank, blank, 7, blank,") {
		t.Errorf("the board's alt text is %q (files %d)", alt, len(r.Files))
	}
	for level := 1; level <= 3; level++ {
		if level == 1 {
			r = w.sudoku(t, "77", "hint")
		} else { // the hint's buttons; the game is the store's first
			r = w.viaGateway(t, 3, "77", "0", map[string]any{"custom_id": fmt.Sprintf("hint/1/%d", level), "component_type": 2})
		}
		alt = r.Alts["hint.png"]
		t.Logf("hint %d: %s", level, alt)
		if !strings.HasPrefix(alt, "Highlighted: ") || !strings.Contains(alt, "Row 9: ") {
			t.Errorf("hint %d's alt text is %q", level, alt)
		}
		if has := strings.Contains(alt, "Result: "); has != (level == 3) {
			t.Errorf("hint %d's alt text says a result: %v, want %v", level, has, level == 3)
		}
	}
}

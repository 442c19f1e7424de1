package app

import (
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

package webapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
)

// BenchmarkWebAPI measures the board's two hot calls end to end over
// HTTP (token check, store, JSON) on SQLite:
//
//	go test ./webapi -run '^$' -bench BenchmarkWebAPI -benchtime 300x -cpu 1
//
// game is the page's 5-second poll; move places a digit and clears it
// again, each at the version the previous answer gave.
func BenchmarkWebAPI(b *testing.B) {
	h := newHarness(b)
	g, tok := h.game(b, "501")
	empty := 0
	for g.Givens[empty] != 0 {
		empty++
	}
	call := func(method, path string, body any) State {
		var rd *bytes.Reader
		if body != nil {
			raw, _ := json.Marshal(body)
			rd = bytes.NewReader(raw)
		} else {
			rd = bytes.NewReader(nil)
		}
		req, _ := http.NewRequest(method, h.http.URL+path, rd)
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		defer resp.Body.Close()
		var s State
		if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&s) != nil {
			b.Fatalf("%s %s: %d", method, path, resp.StatusCode)
		}
		return s
	}
	b.Run("game", func(b *testing.B) {
		for b.Loop() {
			h.srv.limit.reset() // one very fast player
			call("GET", "/board/api/game", nil)
		}
	})
	s := call("GET", "/board/api/game", nil)
	b.Run("move", func(b *testing.B) {
		d := 0
		for b.Loop() {
			h.srv.limit.reset() // one very fast player
			d = (d + 1) % 2
			s = call("POST", "/board/api/moves", map[string]any{"version": s.Version,
				"moves": []map[string]int{{"row": empty/9 + 1, "col": empty%9 + 1, "digit": d * int(g.Solution[empty])}}})
		}
	})
}

// reset forgets every budget.
func (l *webLimiter) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.limiters = nil
}

package bot

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// replica is one bot process on a shared store: its own store pool, HTTP
// server and memory, the application's one public key.
func replica(t *testing.T, dsn string, priv ed25519.PrivateKey) *harness {
	t.Helper()
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h := newHarnessKey(t, priv, func(c *setup) { c.Store, c.Hinter = st, elimHinter{} })
	h.store = st
	return h
}

// restart stops a replica as a process would stop (its server, its bot,
// its store pool), and starts a new one on the same store.
func restart(t *testing.T, h *harness, dsn string) *harness {
	t.Helper()
	h.http.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = h.bot.Shutdown(ctx)
	h.store.Close()
	return replica(t, dsn, h.priv)
}

// handled counts the replicas' log lines of an interaction handled.
func handled(id string, hs ...*harness) int {
	n := 0
	for _, h := range hs {
		for _, line := range strings.Split(h.logs.String(), "\n") {
			if strings.Contains(line, "msg=interaction ") && strings.Contains(line, "interaction="+id+" ") {
				n++
			}
		}
	}
	return n
}

// TestReplicasApplyAReplayOnce: two replicas on one store (PostgreSQL,
// and a shared SQLite file) get the same signed interaction ("Show me",
// a level-3 hint that changes the marks); then one replica restarts and
// gets it again; then both get another one at once. Each is applied once:
// the hint counter moves by one, the game's version by one, and every
// replay gets the first answer.
func TestReplicasApplyAReplayOnce(t *testing.T) {
	t.Parallel()
	for _, be := range []struct {
		name string
		dsn  func(testing.TB) string
	}{{"postgres", storetest.Postgres}, {"sqlite-file", storetest.SQLite}} {
		t.Run(be.name, func(t *testing.T) {
			dsn := be.dsn(t)
			a := replica(t, dsn, nil)
			b := replica(t, dsn, a.priv)
			a.viaHTTP(t, a.cmd(alice, guildID, "sudoku", "new", map[string]any{"level": "easy"}))
			g := a.current(t, alice)
			tried, applied := 0, 0
			all := []*harness{a, b}

			// One interaction: to A, to B, to A after its restart.
			i := a.button(alice, guildID, hintID(g.ID, 3))
			body, _ := json.Marshal(i)
			ts := strconv.FormatInt(time.Now().Unix(), 10)
			var answers []string
			for step, to := range []string{"A", "B", "A restarted"} {
				h := a
				switch to {
				case "B":
					h = b
				case "A restarted":
					a = restart(t, a, dsn)
					h = a
					all = append(all, a)
				}
				st, got := h.post(t, body, ts)
				if st != 200 {
					t.Fatalf("%s answered %d: %s", to, st, got)
				}
				answers = append(answers, string(got))
				if step > 0 {
					tried++
				}
			}
			id := i["id"].(string)
			applied += handled(id, all...) - 1
			for _, ans := range answers[1:] {
				if ans != answers[0] {
					t.Fatalf("a replay got another answer than the first")
				}
			}
			after := a.current(t, alice)
			if after.Hints != [3]int{0, 0, 1} || after.Version != g.Version+1 {
				t.Fatalf("after one hint sent thrice: hints %v, version %d (was %d); want [0 0 1], +1", after.Hints, after.Version, g.Version)
			}

			// Another, to both replicas at once, four times each.
			j := a.button(alice, guildID, checkID(g.ID))
			body, _ = json.Marshal(j)
			var wg sync.WaitGroup
			var mu sync.Mutex
			statuses := map[int]int{}
			for k := range 8 {
				h := a
				if k%2 == 1 {
					h = b
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					st, _ := h.post(t, body, ts)
					mu.Lock()
					statuses[st]++
					mu.Unlock()
				}()
			}
			wg.Wait()
			tried += 7
			applied += handled(j["id"].(string), all...) - 1
			if statuses[200]+statuses[409] != 8 || statuses[200] < 1 {
				t.Fatalf("statuses %v, want 200s and 409s (in progress) only", statuses)
			}
			end := a.current(t, alice)
			if end.Version > after.Version+1 {
				t.Fatalf("one check sent eight times moved the version by %d", end.Version-after.Version)
			}
			t.Logf("%s: replays tried %d, applied %d; hints %v (one hint sent 3 times, across a restart), concurrent statuses %v",
				be.name, tried, applied, end.Hints, fmt.Sprint(statuses))
			if applied != 0 {
				t.Fatalf("%d replays applied, want 0", applied)
			}
		})
	}
}

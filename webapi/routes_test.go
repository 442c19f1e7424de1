package webapi

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/mdcode"
)

// TestRouteTable: each route of the table is whole: a unique name, one
// handler, a JSON type exactly when it answers JSON, no body on a GET,
// and a pattern http.ServeMux takes.
func TestRouteTable(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, rt := range Routes() {
		if rt.Name == "" || seen[rt.Name] {
			t.Errorf("%s %s: the name %q is empty or taken", rt.Method, rt.Path, rt.Name)
		}
		seen[rt.Name] = true
		if (rt.open == nil) == (rt.authed == nil) {
			t.Errorf("%s: give it exactly one handler (open or authed)", rt.Name)
		}
		if (rt.Media == MediaJSON) != (rt.Answer != nil) {
			t.Errorf("%s: media %s with answer %T: a JSON answer needs its type, and only a JSON answer has one", rt.Name, rt.Media, rt.Answer)
		}
		if !slices.Contains(Medias(), rt.Media) {
			t.Errorf("%s: media %q is none of Medias", rt.Name, rt.Media)
		}
		if rt.Method != http.MethodGet && rt.Method != http.MethodPost {
			t.Errorf("%s: method %q", rt.Name, rt.Method)
		}
		if rt.Method == http.MethodGet && rt.Request != nil {
			t.Errorf("%s: a GET reads no body, and it has the type %T", rt.Name, rt.Request)
		}
		if rt.Board() && !strings.HasPrefix(rt.Path, "api/") {
			t.Errorf("%s: a board route is under api/, not %q", rt.Name, rt.Path)
		}
		if !rt.Board() && !slices.ContainsFunc(Prefixes(), func(p string) bool { return strings.HasPrefix(rt.Path, p) }) {
			t.Errorf("%s: %s is below none of Prefixes, where app mounts the web door", rt.Name, rt.Path)
		}
	}
	// The mux panics on a pattern it refuses or two that conflict.
	newHarness(t)
}

// TestRoutesServed sends a request to every route, under each base of
// the board for a board route, and requires that the route's handler
// answered it (its name counted in the metrics): the mux is made from
// the table, this checks that nothing else (the board's fallback, a
// conflicting pattern) takes its requests.
func TestRoutesServed(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	for _, rt := range Routes() {
		paths := []string{fillPath(rt.Path, "technique", "x-wing")}
		if rt.Board() {
			paths = nil
			for _, base := range webBases {
				paths = append(paths, base+rt.Path)
			}
		}
		for _, p := range paths {
			before := h.metrics.calls(rt.Name)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			var body *strings.Reader
			if rt.Method == http.MethodPost {
				body = strings.NewReader("{}")
			} else {
				body = strings.NewReader("")
			}
			req, err := http.NewRequestWithContext(ctx, rt.Method, h.http.URL+p, body)
			if err != nil {
				t.Fatal(err)
			}
			// No token: an authed route answers 401 at once (the event
			// stream too), and is still its route's.
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("%s %s: %v", rt.Method, p, err)
			}
			resp.Body.Close()
			cancel()
			// The handler counts its answer after writing it: wait for the count.
			deadline := time.Now().Add(5 * time.Second)
			for h.metrics.calls(rt.Name) == before && time.Now().Before(deadline) {
				time.Sleep(time.Millisecond)
			}
			if h.metrics.calls(rt.Name) != before+1 {
				t.Errorf("%s %s answered %s, not by the route %q", rt.Method, p, resp.Status, rt.Name)
			}
			if rt.Auth() && resp.StatusCode != http.StatusUnauthorized {
				t.Errorf("%s %s without a token answered %s, want 401", rt.Method, p, resp.Status)
			}
		}
	}
}

// calls is how many answers of the call were counted, any status.
func (m *fakeMetrics) calls(call string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for k, c := range m.counts {
		if strings.HasPrefix(k, "web "+call+" ") {
			n += c
		}
	}
	return n
}

// routeSpan is a call as the docs write it: `POST api/moves`,
// `GET api/calendar?month=YYYY-MM`, `POST /learn/{technique}/exercise`.
var routeSpan = regexp.MustCompile(`^(GET|POST|PUT|PATCH|DELETE) (api/[^\s?]*|/learn/[^\s?]*)`)

// TestDocsNameRoutes holds the docs to the route table: every call the
// docs name (web/API.md, docs/*.md) is a route with that method, and
// API.md, the board's contract, names every board route.
func TestDocsNameRoutes(t *testing.T) {
	t.Parallel()
	docs, err := filepath.Glob(filepath.Join("..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	apiMD := filepath.Join("..", "web", "API.md")
	routes := map[string]bool{}
	for _, rt := range Routes() {
		routes[rt.Method+" "+rt.Path] = true
	}
	named := map[string]bool{}
	for _, doc := range append(docs, apiMD) {
		raw, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, span := range mdcode.Spans(string(raw)) {
			m := routeSpan.FindStringSubmatch(span)
			if m == nil {
				continue
			}
			call := m[1] + " " + m[2]
			if !routes[call] {
				t.Errorf("%s names `%s`, which is no route (webapi.Routes)", filepath.Base(doc), call)
			}
			if doc == apiMD {
				named[call] = true
			}
		}
	}
	raw, err := os.ReadFile(apiMD)
	if err != nil {
		t.Fatal(err)
	}
	for _, rt := range Routes() {
		call := rt.Method + " " + rt.Path
		if !rt.Board() {
			continue
		}
		if !named[call] {
			t.Errorf("web/API.md does not name `%s`: say what it reads and answers", call)
			continue
		}
		// Its row in the table of calls says each query parameter it reads.
		for _, line := range strings.Split(string(raw), "\n") {
			if !strings.HasPrefix(line, "| `"+call) {
				continue
			}
			for _, q := range rt.Query {
				if !strings.Contains(line, q+"=") {
					t.Errorf("web/API.md's row of `%s` does not say its query parameter %s=", call, q)
				}
			}
		}
	}
}

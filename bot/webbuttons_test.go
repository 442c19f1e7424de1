package bot

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// TestWebButtons: board replies carry "Open board" only with a public
// URL and "Play in Discord" only with the Activity on.
func TestWebButtons(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name             string
		url              string
		activity         bool
		wantLink, wantGo bool
	}{
		{"off", "", false, false, false},
		{"links", "https://sudoku.example.org/", false, true, false},
		{"activity", "", true, false, true},
		{"both", "https://sudoku.example.org", true, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, func(c *setup) { c.PublicURL, c.Activity = tc.url, tc.activity })
			r := h.viaHTTP(t, h.cmd("501", "300", "sudoku", "new", map[string]any{"level": "easy"}))
			var link, play string
			for _, row := range r.Components {
				comps, _ := row["components"].([]any)
				for _, c := range comps {
					b, _ := c.(map[string]any)
					if b["style"] == float64(5) {
						link, _ = b["url"].(string)
					}
					if id, _ := b["custom_id"].(string); strings.HasPrefix(id, "activity/") {
						play = id
					}
				}
			}
			if (link != "") != tc.wantLink || (play != "") != tc.wantGo {
				t.Fatalf("link %q, play %q", link, play)
			}
			if tc.wantLink && !strings.HasPrefix(link, "https://sudoku.example.org/board/?lang=en-GB#") {
				t.Fatalf("link %q", link)
			}
		})
	}
}

// TestRegisterKeepsEntryPoint: with Activities enabled in the portal,
// Discord refuses a bulk overwrite that drops the entry point command
// (50240). With the Activity on, the bot sends its own; with it off, it
// keeps the one the application has, so /sudoku still registers.
func TestRegisterKeepsEntryPoint(t *testing.T) {
	t.Parallel()
	for _, activity := range []bool{true, false} {
		t.Run(fmt.Sprint("activity=", activity), func(t *testing.T) {
			h := newHarness(t, func(c *setup) { c.Activity = activity })
			h.fake.EnableActivities()
			ctx := context.Background()
			for range 2 { // and again: later bulk updates keep it too
				if err := h.bot.RegisterCommands(ctx); err != nil {
					t.Fatal(err)
				}
			}
			cmds := h.fake.Commands("applications/" + h.fake.AppID + "/commands")
			var names []string
			for _, c := range cmds {
				names = append(names, fmt.Sprint(c["name"], "/", c["type"]))
			}
			if !slices.Contains(names, "sudoku/1") || !slices.Contains(names, "launch/4") {
				t.Fatalf("registered %v", names)
			}
			refused := 0
			for _, c := range h.fake.Calls(http.MethodPut, "commands") {
				if c.Status == http.StatusBadRequest {
					refused++
				}
			}
			if want := map[bool]int{true: 0, false: 2}[activity]; refused != want {
				t.Fatalf("%d bulk overwrites refused, want %d", refused, want)
			}
		})
	}
}

// TestPlayInDiscord: the button launches the Activity (LAUNCH_ACTIVITY,
// response type 12) through both front doors, the body checked against
// Discord's API description by the fake; with the Activity off it says so.
func TestPlayInDiscord(t *testing.T) {
	t.Parallel()
	for _, fr := range fronts {
		t.Run(fr.name, func(t *testing.T) {
			h := newHarness(t, func(c *setup) { c.Activity = true })
			if fr.name == "gateway" {
				h.openGateway()
			}
			r := fr.do(h, t, h.button("501", "300", "activity/1"))
			if r.Type != 12 || r.Content != "" {
				t.Fatalf("answered type %d %q", r.Type, r.Content)
			}
			off := newHarness(t)
			if r := off.viaHTTP(t, off.button("501", "300", "activity/1")); r.Type != 4 || r.Content == "" {
				t.Fatalf("with the Activity off: type %d %q", r.Type, r.Content)
			}
		})
	}
}

package bot

import (
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// TestTrainCommand: /sudoku new technique: offers the techniques in the
// player's language as they type, starts a training game just before the
// technique (its first hint names it, with a link to its lesson), and
// refuses an unknown technique or one combined with a level.
func TestTrainCommand(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.PublicURL = "https://sudoku.example" })
	h.openGateway()
	ac := h.interaction(4, alice, guildID, map[string]any{"id": "901", "name": "sudoku", "type": 1,
		"options": []map[string]any{{"type": 1, "name": "new", "options": []map[string]any{
			{"type": 3, "name": "technique", "value": "wing", "focused": true}}}}})
	ac["locale"] = "de"
	r := h.viaHTTP(t, ac)
	if r.Type != 8 || len(r.Choices) == 0 {
		t.Fatalf("autocomplete: type %d, choices %v", r.Type, r.Choices)
	}
	for _, c := range r.Choices {
		if !strings.Contains(strings.ToLower(c["name"].(string)+" "+c["value"].(string)), "wing") {
			t.Errorf("choice %v does not match \"wing\"", c)
		}
	}

	r = h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"technique": "xy-wing"}))
	mustContain(t, "training started", r.Content, "Training: ")
	mustContain(t, "lesson link", r.Content, "https://sudoku.example/learn/xy-wing")
	g := h.current(t, alice)
	if g.Entries == (engine.Grid{}) {
		t.Error("the training game starts from the givens, want the position before the XY-Wing")
	}
	r = h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "hint", nil))
	found := false
	for _, row := range r.Components {
		for _, c := range row["components"].([]any) {
			if u, _ := c.(map[string]any)["url"].(string); strings.Contains(u, "/learn/xy-wing") {
				found = true
			}
		}
	}
	if !found {
		t.Errorf("level-1 hint has no lesson link: %s %v", r.Content, r.Components)
	}

	r = h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"technique": "bogus"}))
	mustContain(t, "unknown technique", r.Content, "bogus")
	r = h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"technique": "X-Wing", "level": "easy"}))
	mustContain(t, "technique with a level", r.Content, "no other option")
}

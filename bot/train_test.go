package bot

import (
	"context"
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

// TestTrainNeverRepeats: a player who trains one technique again and
// again never gets a puzzle they played, in any disguise, while the
// technique library has one they have not; autocomplete offers only the
// techniques a puzzle can be served for.
func TestTrainNeverRepeats(t *testing.T) {
	h := newHarness(t)
	const tech = "X-Wing"
	seen := map[string]bool{}
	n := len(engine.DefaultTechniqueLibrary().Entries(tech))
	if n == 0 {
		t.Fatalf("the technique library has no %s", tech)
	}
	for i := range n {
		r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"technique": tech}))
		mustContain(t, "training started", r.Content, "Training: ")
		g := h.current(t, alice)
		p, err := h.store.Puzzle(context.Background(), g.PuzzleID)
		if err != nil {
			t.Fatal(err)
		}
		key := engine.CanonicalKey(p.Grid)
		if seen[key] {
			t.Fatalf("training %d repeats an earlier puzzle (%s)", i+1, p.Grid)
		}
		seen[key] = true
	}
	for _, id := range trainable() {
		if !engine.Servable(id) {
			t.Errorf("autocomplete offers %s, which cannot be served", id)
		}
	}
	for _, id := range engine.TechniqueIDs() {
		if engine.Trainable(id) && !engine.Servable(id) {
			r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"technique": string(id)}))
			mustContain(t, "unservable technique", r.Content, "no puzzle for this technique yet")
			break
		}
	}
}

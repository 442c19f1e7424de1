package bot

import (
	"context"
	"fmt"
	"github.com/sudokubot/sudokubot/l10n"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
	"github.com/sudokubot/sudokubot/game"
)

// TestTrainCommand: /sudoku new technique: offers the techniques in the
// player's language as they type, starts a training game just before the
// technique (its first hint names it, with a link to its lesson), and
// refuses an unknown technique or one combined with a level.
func TestTrainCommand(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *setup) { c.PublicURL = "https://sudoku.example" })
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

// TestTrainAutocompleteSpellings: autocomplete names a technique as a
// hint does, with the expert name as the player's language spells it,
// and finds it by either English spelling; the value is the key.
func TestTrainAutocompleteSpellings(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.openGateway()
	for _, c := range []struct {
		locale, typed, label string
		value                engine.TechniqueID
	}{
		{"en-US", "simple coloring", "Coloring (Simple Coloring)", engine.TechSimpleColouring},
		{"en-US", "simple colouring", "Coloring (Simple Coloring)", engine.TechSimpleColouring},
		{"en-US", "multi-colouring", "Coloring two chains (Multi-Coloring)", engine.TechMultiColouring},
		{"en-GB", "simple colouring", "Colouring (Simple Colouring)", engine.TechSimpleColouring},
		{"en-GB", "simple coloring", "Colouring (Simple Colouring)", engine.TechSimpleColouring},
		{"de", "simple coloring", "Färben (Simple Colouring)", engine.TechSimpleColouring},
	} {
		ac := h.interaction(4, alice, guildID, map[string]any{"id": "901", "name": "sudoku", "type": 1,
			"options": []map[string]any{{"type": 1, "name": "new", "options": []map[string]any{
				{"type": 3, "name": "technique", "value": c.typed, "focused": true}}}}})
		ac["locale"] = c.locale
		r := h.viaHTTP(t, ac)
		var labels []string
		found := false
		for _, ch := range r.Choices {
			labels = append(labels, ch["name"].(string))
			found = found || ch["name"] == c.label && ch["value"] == string(c.value)
		}
		if !found {
			t.Errorf("%s, %q: choices %q, want %q", c.locale, c.typed, labels, c.label)
		}
	}
}

// TestTrainNeverRepeats: a player who trains one technique again and
// again never gets a puzzle they played, in any disguise, while the
// technique library has one they have not; autocomplete offers only the
// techniques a puzzle can be served for.
func TestTrainNeverRepeats(t *testing.T) {
	t.Parallel()
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
	for _, id := range game.Practisable(engine.DefaultTechniqueLibrary()) {
		if !engine.Offered(id) {
			t.Errorf("autocomplete offers %s, which cannot be served", id)
		}
	}
	// One with no puzzle yet, and one the solving path never takes first
	// (engine.NeverFirst): both practised on an illustration, which the
	// answer says, the second saying what comes first instead; the
	// first hint there is the technique, not the easier step.
	lang := l10n.For("en-GB") // the harness's commands' locale
	said := map[bool]bool{}
	for _, id := range engine.TechniqueIDs() {
		_, never := engine.NeverFirst(id)
		if !engine.Trainable(id) || engine.Servable(id) || said[never] {
			continue
		}
		said[never] = true
		r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"technique": string(id)}))
		mustContain(t, "illustration note", r.Content, lang.T("train.from_illustration"))
		if never {
			mustContain(t, "never-first technique", r.Content, "applies too, and the path takes that step instead")
		}
		r = h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "hint", nil))
		mustContain(t, "the practised technique's hint", r.Content, explain.TechniqueName(lang, id))
	}
	if !said[true] || !said[false] {
		t.Fatalf("asked for an unservable technique of each kind: %v", said)
	}
}

// failingTrainer is a puzzle source whose training never reaches its
// technique, as the generator gives up on a hard one.
type failingTrainer struct{ *testPuzzles }

func (failingTrainer) Train(context.Context, engine.TechniqueID, uint64, func(string) bool) (engine.TechniquePuzzle, error) {
	return engine.TechniquePuzzle{}, fmt.Errorf("generate: %w", engine.ErrTechniqueNotReached)
}

// buttonIDs lists a reply's buttons' custom IDs, row by row.
func buttonIDs(r reply) []string {
	var out []string
	for _, row := range r.Components {
		for _, c := range row["components"].([]any) {
			if id, _ := c.(map[string]any)["custom_id"].(string); id != "" {
				out = append(out, id)
			}
		}
	}
	return out
}

// TestCommandsNameTheirGame: with two open games, /sudoku hint, check and
// place (which name no game) say which game they answer, the one played
// last, and offer the other on a button doing the same; a training that
// makes no puzzle starts no game, says so and names the game the hints
// still go to; /sudoku giveup names the game it ended.
func TestCommandsNameTheirGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *setup) { c.Puzzles = failingTrainer{loadTestPuzzles(t)} })
	h.openGateway()
	h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"level": "expert"}))
	first := h.current(t, alice)

	// One game: the hint still names it (a game solved or a training
	// failed must not leave the player guessing), and offers nothing.
	r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "hint", nil))
	mustContain(t, "hint names its game", r.Content, fmt.Sprintf("This is for Expert · game #%d, the game you played last here.", first.ID))
	if strings.Contains(r.Content, "other open games") {
		t.Errorf("one open game, yet the hint offers others: %q", r.Content)
	}

	h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"level": "expert"}))
	second := h.current(t, alice)
	if second.ID == first.ID {
		t.Fatal("the second /sudoku new gave back the first game")
	}
	empty := 0
	for second.Givens[empty] != 0 {
		empty++
	}
	for _, tc := range []struct {
		sub  string
		opts map[string]any
		want string // the custom ID offered for the first game
	}{
		{"hint", nil, hintID(first.ID, 1)},
		{"check", nil, checkID(first.ID)},
		{"place", map[string]any{"moves": engine.CellName(empty) + "=0"}, movesID(first.ID, false)},
	} {
		r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", tc.sub, tc.opts))
		mustContain(t, tc.sub+" names its game", r.Content, fmt.Sprintf("This is for Expert · game #%d", second.ID))
		mustContain(t, tc.sub+" offers the others", r.Content, "Your other open games here are on the buttons below.")
		if ids := buttonIDs(r); !slices.Contains(ids, tc.want) {
			t.Errorf("%s: buttons %v lack %s for game #%d", tc.sub, ids, tc.want, first.ID)
		}
	}
	// The offered hint button answers for the first game.
	r = h.viaHTTP(t, h.button(alice, guildID, hintID(first.ID, 1)))
	if !strings.HasPrefix(r.Content, "💡 Hint 1/3") {
		t.Errorf("the offered hint button: %q", r.Content)
	}

	r = h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"technique": "Jellyfish"}))
	mustContain(t, "failed training", r.Content, "so no game was started")
	mustContain(t, "failed training names the current game", r.Content, fmt.Sprintf("Your hints and moves still go to Expert · game #%d.", second.ID))
	if g := h.current(t, alice); g.ID != second.ID {
		t.Errorf("after a failed training the current game is #%d, want #%d", g.ID, second.ID)
	}
	open, err := h.store.OpenGames(context.Background(), alice, guildID, 10)
	if err != nil || len(open) != 2 {
		t.Errorf("after a failed training: %d open games (%v), want 2", len(open), err)
	}
	// Giving up names the game that ended.
	r = h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "giveup", nil))
	mustContain(t, "giveup names its game", r.Content, fmt.Sprintf("This is for Expert · game #%d", second.ID))
	if g := h.current(t, alice); g.ID != first.ID {
		t.Errorf("after giving up #%d the current game is #%d, want #%d", second.ID, g.ID, first.ID)
	}
}

// TestTrainFromServedLibrary: the bot serves what its served library
// (the shipped one and the background jobs' finds, the maker's Library)
// holds, so a technique no release trains is served from the library
// once a job finds a puzzle of it; before, it is practised on its
// illustrations, and the answer says so.
func TestTrainFromServedLibrary(t *testing.T) {
	t.Parallel()
	shipped := engine.DefaultTechniqueLibrary()
	find := shipped.Entries(engine.TechXWing)[0]
	find.Technique = engine.TechTemplateSet // a stand-in: no puzzle of it is known
	if shipped.Serves(find.Technique) {
		t.Fatalf("%s is in the shipped library: pick a gap of it", find.Technique)
	}
	var found atomic.Bool
	h := newHarness(t, func(c *setup) {
		c.Library = func(context.Context) *engine.TechniqueLibrary {
			if found.Load() {
				return shipped.With([]engine.LibraryEntry{find})
			}
			return shipped
		}
	})
	h.openGateway()
	offered := func() bool {
		ac := h.interaction(4, alice, guildID, map[string]any{"id": "901", "name": "sudoku", "type": 1,
			"options": []map[string]any{{"type": 1, "name": "new", "options": []map[string]any{
				{"type": 3, "name": "technique", "value": "template", "focused": true}}}}})
		r := h.viaHTTP(t, ac)
		return slices.ContainsFunc(r.Choices, func(c map[string]any) bool { return c["value"] == string(find.Technique) })
	}
	lang := l10n.For("en-GB") // the harness's commands' locale
	if !offered() {
		t.Errorf("autocomplete does not offer %s, which its illustrations serve", find.Technique)
	}
	r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"technique": string(find.Technique)}))
	mustContain(t, "practised on an illustration", r.Content, lang.T("train.from_illustration"))

	found.Store(true)
	if !offered() {
		t.Errorf("autocomplete does not offer %s once the served library holds a puzzle of it", find.Technique)
	}
	// The stand-in is an X-Wing puzzle, so the path never takes the
	// technique in it and no puzzle is served; what matters here is that
	// the request went to the library, not to the illustrations.
	r = h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"technique": string(find.Technique)}))
	if strings.Contains(r.Content, lang.T("train.from_illustration")) {
		t.Errorf("with a find, still served an illustration: %s", r.Content)
	}
}

package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
)

// elimHinter finds, as its step, the elimination of the first wrong
// candidate the player's marks still allow: a level-3 hint takes it out
// of the marks, and the next hint is another step, as the engine's
// eliminating techniques do. Mistakes on the board come first, as the
// engine's hints.
type elimHinter struct{}

func (elimHinter) Hint(ctx context.Context, q game.HintQuery) (game.Hint, error) {
	puzzle, progress, marks := q.Puzzle, q.Progress, q.Marks
	sol, err := engine.Solve(puzzle)
	if err != nil {
		return game.Hint{}, err
	}
	cands := game.Candidates(puzzle, progress, marks)
	for c := range engine.NumCells {
		if progress[c] != 0 && progress[c] != sol[c] {
			return game.EngineHinter{}.Hint(ctx, q)
		}
	}
	for c := range engine.NumCells {
		for d := uint8(1); d <= 9; d++ {
			if puzzle[c] == 0 && progress[c] == 0 && d != sol[c] && cands[c].Has(d) {
				s := engine.Step{Technique: "X-Wing", Eliminations: []engine.Candidate{{Cell: c, Digit: d}}, Cells: []int{c}}
				m := cands
				return game.Hint{Result: engine.HintResult{Kind: engine.HintStep, Step: s, Cells: []int{c}}, Step: &s, Marks: &m}, nil
			}
		}
	}
	return game.EngineHinter{}.Hint(ctx, q)
}

// lostViaGateway dispatches an interaction over the fake gateway whose
// callback answers 500 (Discord failing after the bot committed), and
// waits until the bot has tried to answer.
func (h *harness) lostViaGateway(t testing.TB, i map[string]any) {
	t.Helper()
	id := i["id"].(string)
	h.fake.Fail("interactions/"+id+"/", 1)
	raw, err := json.Marshal(i)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.fake.DispatchInteraction(raw); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for len(h.fake.Calls("POST", "interactions/"+id+"/")) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the bot never answered interaction %s", id)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if c := h.fake.Calls("POST", "interactions/"+id+"/"); c[0].Status != 500 {
		t.Fatalf("the lost callback answered %d, want 500", c[0].Status)
	}
}

// TestLostReplyRetriedCountsOnce: in gateway mode the callback answers
// 500 after the hint (level 3, an elimination stored in the marks) and
// the check were committed; the player, who saw nothing, presses the same
// buttons again (new interactions): each is counted once.
func TestLostReplyRetriedCountsOnce(t *testing.T) {
	h := newHarness(t, func(c *setup) { c.Hinter = elimHinter{} })
	h.openGateway()
	h.viaGateway(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"level": "easy"}))
	g := h.current(t, alice)

	// The answer ("Show me"), lost, then asked again.
	h.lostViaGateway(t, h.button(alice, guildID, hintID(g.ID, 3)))
	afterLost := h.current(t, alice)
	r := h.viaGateway(t, h.button(alice, guildID, hintID(g.ID, 3)))
	r.png(t)
	afterRetry := h.current(t, alice)
	t.Logf("hint: lost reply then retry: hints %v after the lost one, %v after the retry (want [0 0 1])", afterLost.Hints, afterRetry.Hints)
	if afterLost.Hints != [3]int{0, 0, 1} || afterRetry.Hints != [3]int{0, 0, 1} {
		t.Fatalf("hints %v after the lost answer, %v after its retry; want [0 0 1] both", afterLost.Hints, afterRetry.Hints)
	}
	if afterRetry.Pencil != afterLost.Pencil {
		t.Fatalf("the retry changed the marks again")
	}

	// A wrong digit, then a check lost and asked again.
	cell := -1
	for c, d := range g.Givens {
		if d == 0 && cell < 0 {
			cell = c
		}
	}
	wrong := g.Solution[cell]%9 + 1
	h.viaGateway(t, h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": fmt.Sprintf("%s=%d", engine.CellName(cell), wrong)}))
	h.lostViaGateway(t, h.button(alice, guildID, checkID(g.ID)))
	lostCheck := h.current(t, alice)
	h.viaGateway(t, h.button(alice, guildID, checkID(g.ID)))
	retried := h.current(t, alice)
	t.Logf("check: lost reply then retry: mistakes %d after the lost one, %d after the retry (want 1)", lostCheck.Mistakes, retried.Mistakes)
	if lostCheck.Mistakes != 1 || retried.Mistakes != 1 {
		t.Fatalf("mistakes %d after the lost check, %d after its retry; want 1 both", lostCheck.Mistakes, retried.Mistakes)
	}
	if retried.Hints != [3]int{0, 0, 1} {
		t.Fatalf("hints %v at the end, want [0 0 1]", retried.Hints)
	}
}

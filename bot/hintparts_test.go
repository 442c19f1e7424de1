package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
)

// nestedPosition is where everything rated below a Nested Forcing Chain
// is exhausted on a puzzle of csp_rules_ser_examples.txt (kept in
// explain/testdata/positions.txt): its proof is far longer than a
// message. cands are three hex digits a cell, the candidates' bits.
var nestedPosition = struct{ puzzle, progress, cands string }{
	"57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..",
	"57....9..........8.1.........168..42...1.28.9..2.9416.....26....6.9.82.4...41.6..",
	"00000015810c05800a00000e04a25c21c2580ac0f82aa0b80ae00035c0003581ac0f82a80b80ac0e82882280000000000a80a80000000d80380f80000a80000000a80001881280000a80000000000000a839a3383b80a80000000a83000a208a0000a80000a80000000aa00038c32c3a80000000a80003000a8",
}

// fixedHinter answers every position with one hint, worked out once.
type fixedHinter struct{ h game.Hint }

func (f fixedHinter) Hint(context.Context, game.HintQuery) (game.Hint, error) {
	return f.h, nil
}

// nestedHint finds the Nested Forcing Chain of nestedPosition.
func nestedHint(t testing.TB) game.Hint {
	t.Helper()
	b := engine.Board{Grid: engine.MustParse(nestedPosition.progress)}
	for c := range engine.NumCells {
		v, err := strconv.ParseUint(nestedPosition.cands[3*c:3*c+3], 16, 16)
		if err != nil {
			t.Fatal(err)
		}
		b.Cands[c] = engine.Digits(v)
	}
	x, ok := engine.TechniqueNamed("Nested Forcing Chain")
	if !ok {
		t.Fatal("no Nested Forcing Chain")
	}
	s, ok := x.Find(&b)
	if !ok {
		t.Fatal("no Nested Forcing Chain in its position")
	}
	marks := b.Cands
	return game.Hint{Result: engine.HintResult{Kind: engine.HintStep, Step: s}, Step: &s, Marks: &marks}
}

// TestHintPartsWalk opens a long proof at levels 2 and 3 and walks its
// parts to the end and back, through both front doors (the fake Discord
// and the HTTP schema check refuse a reply over a limit): every part
// fits, has its picture, Next until the last and Previous after the
// first, the parts together are the whole proof, and browsing counts no
// hint.
func TestHintPartsWalk(t *testing.T) {
	t.Parallel()
	hint := nestedHint(t)
	for _, f := range fronts {
		t.Run(f.name, func(t *testing.T) {
			h := newHarness(t, func(c *setup) { c.Hinter = fixedHinter{hint} })
			if f.name == "gateway" {
				h.openGateway()
			}
			do := func(i map[string]any) reply { return f.do(h, t, i) }
			// Stored graded beforehand, the paste queues no grading: rating
			// this puzzle takes seconds and is not what this test is about.
			h.storeGraded(t, nestedPosition.puzzle, 10, engine.LevelExtreme)
			do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": nestedPosition.puzzle}))
			g := h.current(t, alice)
			progress := engine.MustParse(nestedPosition.progress)
			var moves []string
			for c := range engine.NumCells {
				if g.Givens[c] == 0 && progress[c] != 0 {
					moves = append(moves, fmt.Sprintf("%s=%d", engine.CellName(c), progress[c]))
				}
			}
			mustFit(t, "place", do(h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": strings.Join(moves, " ")})))

			// A part of a hint not opened, or of a level not opened, is
			// refused and counts nothing.
			r := do(h.button(alice, guildID, hintPartID(g.ID, 2, 1)))
			mustContain(t, "no hint yet", r.Content, "no longer matches")
			do(h.button(alice, guildID, hintID(g.ID, 2)))
			r = do(h.button(alice, guildID, hintPartID(g.ID, 3, 1)))
			mustContain(t, "level 3 unopened", r.Content, "no longer matches")
			if got := h.current(t, alice).Hints; got != [3]int{0, 1, 0} {
				t.Fatalf("hints %v after refused parts, want one step at level 2", got)
			}

			parted := false
			for _, level := range []int{2, 3} {
				r := do(h.button(alice, guildID, hintID(g.ID, level)))
				counted := h.current(t, alice).Hints
				text := hint.Text(l10n.English(), level)
				if whole := fmt.Sprintf("💡 Hint %d/3: %s", level, text); utf8.RuneCountInString(whole) <= MaxContent {
					// A proof that fits is one message, without parts.
					if r.Content != whole || strings.Contains(strings.Join(r.customIDs(), " "), "hintp/") {
						t.Fatalf("level %d fits: content %.80q, buttons %v", level, r.Content, r.customIDs())
					}
					continue
				}
				parted = true
				var got []string
				for part := 0; ; part++ {
					what := fmt.Sprintf("level %d part %d", level, part+1)
					mustFit(t, what, r)
					r.png(t)
					head, body, ok := strings.Cut(r.Content, ": ")
					if !ok || !strings.HasPrefix(head, fmt.Sprintf("💡 Hint %d/3, part %d of ", level, part+1)) {
						t.Fatalf("%s: content %.80q", what, r.Content)
					}
					got = append(got, body)
					ids := r.customIDs()
					hasID := func(id string) bool {
						for _, x := range ids {
							if x == id {
								return true
							}
						}
						return false
					}
					if part > 0 && !hasID(hintPartID(g.ID, level, part-1)) {
						t.Errorf("%s: no Previous part among %v", what, ids)
					}
					if !hasID(hintPartID(g.ID, level, part+1)) {
						if part == 0 {
							t.Fatalf("%s: a proof of %d characters in one part", what, utf8.RuneCountInString(text))
						}
						break
					}
					r = do(h.button(alice, guildID, hintPartID(g.ID, level, part+1)))
				}
				if joined := strings.Join(got, "\n"); joined != text {
					t.Errorf("level %d: the parts are not the proof:\n%s\nwant\n%s", level, joined, text)
				}
				// Back to the first part: the same message as the hint.
				r = do(h.button(alice, guildID, hintPartID(g.ID, level, 0)))
				mustContain(t, "back to part 1", r.Content, fmt.Sprintf("Hint %d/3, part 1 of", level))
				if now := h.current(t, alice).Hints; now != counted {
					t.Fatalf("level %d: browsing the parts changed the hints from %v to %v", level, counted, now)
				}
			}
			if !parted {
				t.Fatal("no level of the proof came in parts")
			}
			if g := h.current(t, alice); g.Hints != [3]int{0, 0, 1} {
				t.Fatalf("hints %v, want one step opened to level 3", g.Hints)
			}
		})
	}
}

// TestHintPartsSplit: parts fit a message with their head in every
// language, start at each case, and hold every line once, in order.
func TestHintPartsSplit(t *testing.T) {
	t.Parallel()
	hint := nestedHint(t)
	for _, tag := range l10n.DiscordLocales() {
		l := l10n.For(tag)
		for level := 1; level <= 3; level++ {
			parts := hintParts(l, hint, level)
			var lines []string
			for i, p := range parts {
				head := l.T("hint.part_head", "Level", level, "Part", i+1, "Parts", len(parts))
				if n := utf8.RuneCountInString(head + strings.Join(p.lines, "\n")); n > MaxContent {
					t.Errorf("%s level %d part %d: %d characters", tag, level, i+1, n)
				}
				lines = append(lines, p.lines...)
			}
			if strings.Join(lines, "\n") != hint.Text(l, level) {
				t.Errorf("%s level %d: the parts lose or reorder lines", tag, level)
			}
			if level == 1 && len(parts) != 1 {
				t.Errorf("%s level 1 in %d parts", tag, len(parts))
			}
		}
	}
	short := game.Hint{Result: engine.HintResult{Kind: engine.HintSolved}}
	if p := hintParts(l10n.English(), short, 3); len(p) != 1 || p[0].kase != 0 {
		t.Errorf("a short hint: %+v", p)
	}
}

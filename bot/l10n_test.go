package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// inLocale sets an interaction's locale (the player's) and guild locale.
func inLocale(i map[string]any, locale string) map[string]any {
	i["locale"] = locale
	if _, ok := i["guild_id"]; ok {
		i["guild_locale"] = locale
	}
	return i
}

// TestRepliesInThePlayersLanguage plays through both front doors in
// Chinese and German: /sudoku new, the board's buttons, a hint at levels
// 1 and 2 (the button labels, the technique's name and the reasoning), a
// move, a player's error and the stats all come back in the player's
// language, and a player with an unknown locale gets English.
func TestRepliesInThePlayersLanguage(t *testing.T) {
	t.Parallel()
	cases := []struct {
		locale                      string
		newWant, hintWant, moveWant string
		errWant, statsWant, buttons string
	}{
		{"zh-CN", "新题来了！", "💡 提示 1/3：试试", "已填入：", "不是有效步骤", "的统计**", "输入步骤"},
		{"de", "Neues Rätsel!", "💡 Tipp 1/3: Probier die Technik „", "Gesetzt:", "ist kein Zug", "**Statistik von", "Züge eingeben"},
		{"ko", "New puzzle!", "💡 Hint 1/3: Try", "Placed", "is not a move", "**Stats of", "Enter moves"},
	}
	for _, f := range fronts {
		for _, tc := range cases {
			t.Run(f.name+"/"+tc.locale, func(t *testing.T) {
				h := newHarness(t)
				if f.name == "gateway" {
					h.openGateway()
				}
				do := func(i map[string]any) reply { return f.do(h, t, inLocale(i, tc.locale)) }
				r := do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"level": "easy"}))
				mustContain(t, "new", r.Content, tc.newWant)
				if !strings.Contains(fmt.Sprint(r.Components), tc.buttons) {
					t.Errorf("buttons not in %s: %v", tc.locale, r.Components)
				}
				t.Logf("/sudoku new in %s: %s", tc.locale, r.Content)
				g := h.current(t, alice)
				r = do(h.cmd(alice, guildID, "sudoku", "hint", nil))
				mustContain(t, "hint 1", r.Content, tc.hintWant)
				r = do(h.button(alice, guildID, hintID(g.ID, 2)))
				if strings.Contains(r.Content, "Hint 2/3") != (tc.locale == "ko") {
					t.Errorf("level-2 hint in %s: %q", tc.locale, r.Content)
				}
				t.Logf("level-2 hint in %s: %s", tc.locale, r.Content)
				cell, right, _ := firstEmpty(t, g, 0)
				r = do(h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": fmt.Sprintf("%s=%d", engine.CellName(cell), right)}))
				mustContain(t, "place", r.Content, tc.moveWant)
				r = do(h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": "zz9"}))
				mustContain(t, "bad move", r.Content, tc.errWant)
				r = do(h.cmd(alice, guildID, "sudoku", "stats", nil))
				mustContain(t, "stats", r.Content, tc.statsWant)
			})
		}
	}
}

// Package share words and draws a game for players, the same through
// every door: its title ("Medium · game #12"), its level, the text a
// player posts after a solve and the spoiler-free result card. The
// Discord door (bot) and the web door (webapi) both show them; neither
// owns them.
package share

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
)

// Title names a game for the player's message ("Medium · game #12").
func Title(l *l10n.Lang, g store.Game) string {
	if !g.Day.IsZero() {
		return daily.LocalTitle(l, g.Day, g.Level)
	}
	level := Level(l, g)
	switch {
	case g.IsCoop():
		return l.T("title.coop", "Level", level, "ID", g.ID)
	case strings.HasPrefix(g.Context, "race:"):
		return l.T("title.race", "Race", strings.TrimPrefix(g.Context, "race:"), "Level", level)
	}
	return l.T("title.game", "Level", level, "ID", g.ID)
}

// Level is the level of a game's puzzle as players read it, or "Not
// graded" for a pasted puzzle whose grading ran over its time.
func Level(l *l10n.Lang, g store.Game) string {
	if g.Ungraded {
		return l.Ungraded()
	}
	return l.Level(g.Level)
}

// keycaps are the emoji of the digits 1-9: the rank of each box in the
// share picture.
var keycaps = [...]string{"1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"}

// Text is a solve as a player posts it: which puzzle, the time, the
// hints and mistakes, the streak of a daily, and a picture of the nine
// boxes showing the order they were completed in. It carries no digit of
// the puzzle or its solution, so it needs no spoiler bars.
func Text(l *l10n.Lang, g store.Game, streak int) string {
	var sb strings.Builder
	name := l.T("share.name", "Level", Level(l, g))
	if !g.Day.IsZero() {
		name = l.T("daily.name", "Number", daily.Number(g.Day)) + " · " + Level(l, g)
	}
	fmt.Fprintf(&sb, "**%s**\n", name)
	fmt.Fprintf(&sb, "⏱️ %s · 💡 %s · ✏️ %s", l.Duration(g.Duration()),
		l.T("n.hints", "Count", g.HintsTotal()), l.T("n.mistakes", "Count", g.Mistakes))
	if !g.Day.IsZero() && streak > 0 {
		sb.WriteString(" · 🔥 " + l.T("share.streak", "Count", streak))
	}
	sb.WriteString("\n")
	var rank [9]string
	for i := range rank {
		rank[i] = "⬛"
	}
	for i, c := range []byte(g.BoxOrder) {
		rank[c-'1'] = keycaps[i]
	}
	for row := range 3 {
		sb.WriteString(rank[row*3] + rank[row*3+1] + rank[row*3+2] + "\n")
	}
	sb.WriteString(l.T("share.boxes"))
	sb.WriteString("\n🔗 " + l.T("share.code", "Code", Code(g)))
	return sb.String()
}

// CardAlt is the alt text of the result card (Card): which puzzle, the
// time, the hints and mistakes and a daily's streak, as a screen reader
// reads them in place of the picture.
func CardAlt(l *l10n.Lang, g store.Game, streak int) string {
	name := l.T("share.name", "Level", Level(l, g))
	if !g.Day.IsZero() {
		name = l.T("daily.name", "Number", daily.Number(g.Day)) + l.T("list.sep") + Level(l, g)
	}
	parts := []string{name, l.Duration(g.Duration()), l.T("n.hints", "Count", g.HintsTotal()), l.T("n.mistakes", "Count", g.Mistakes)}
	if !g.Day.IsZero() && streak > 0 {
		parts = append(parts, l.T("share.streak", "Count", streak))
	}
	return l10n.ClipAlt(strings.Join(parts, l.T("list.sep")))
}

// Code is the share code of a game's puzzle (engine.ShareCode): short,
// readable by any install, and played with /sudoku new code:.
func Code(g store.Game) string { return engine.ShareCode(g.Givens) }

// Solvers says how many players solved a puzzle and their median time,
// or "" when nobody has: it tells nothing of the solution.
func Solvers(l *l10n.Lang, s store.PuzzleSolves) string {
	if s.Players == 0 {
		return ""
	}
	return l.T("share.solvers", "Count", s.Players, "Median", l.Duration(s.Median))
}

// Card draws a solved game's spoiler-free result card as a PNG (no digit
// of the grid, no word: it reads the same in every language), the
// picture of its share post.
func Card(g store.Game, streak int, theme render.Theme) ([]byte, error) {
	res := render.Result{Time: g.Duration(), Hints: g.HintsTotal(), Mistakes: g.Mistakes, Givens: g.Givens}
	res.Level, res.Graded = g.Level, !g.Ungraded // a pasted puzzle not graded yet has no pips
	if !g.Day.IsZero() {
		res.Streak = streak
		res.Number = daily.Number(g.Day)
		res.Date = g.Day.Time()
	}
	img, err := render.ResultCard(res, render.Options{Theme: theme})
	if err != nil {
		return nil, fmt.Errorf("result card of game %d: %w", g.ID, err)
	}
	var buf bytes.Buffer
	if err := render.WritePNG(&buf, img); err != nil {
		return nil, fmt.Errorf("result card of game %d: %w", g.ID, err)
	}
	return buf.Bytes(), nil
}

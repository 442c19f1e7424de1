package bot

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
)

// keycaps are the emoji of the digits 1-9: the rank of each box in the
// share picture.
var keycaps = [...]string{"1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"}

// shareText is a solve as a player posts it: which puzzle, the time, the
// hints and mistakes, the streak of a daily, and a picture of the nine
// boxes showing the order they were completed in. It carries no digit of
// the puzzle or its solution, so it needs no spoiler bars.
func shareText(l *l10n.Lang, g store.Game, streak int) string {
	var sb strings.Builder
	name := l.T("share.name", "Level", gameLevel(l, g))
	if g.Day != "" {
		if day, err := store.ParseDay(g.Day); err == nil {
			n := daily.Number(day)
			name = l.T("daily.name", "Number", n) + " · " + gameLevel(l, g)
		}
	}
	fmt.Fprintf(&sb, "**%s**\n", name)
	fmt.Fprintf(&sb, "⏱️ %s · 💡 %s · ✏️ %s", l.Duration(g.Duration()),
		l.T("n.hints", "Count", g.HintsTotal()), l.T("n.mistakes", "Count", g.Mistakes))
	if g.Day != "" && streak > 0 {
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
	return sb.String()
}

// shareButtons is the row under a solved game's result: Share posts the
// result to the channel.
func shareButtons(l *l10n.Lang, g store.Game) []discordgo.MessageComponent {
	if !g.Solved {
		return nil
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("button.share"), Emoji: &discordgo.ComponentEmoji{Name: "📣"}, Style: discordgo.PrimaryButton, CustomID: shareID(g.ID)},
	}}}
}

// btnShare posts the player's solve to the channel, once per game. A
// second press (or a post Discord keeps private) gets the text to copy.
func (b *Bot) btnShare(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	res, err := b.play.Share(ctx, g.ID, r.UserID(), r.ChannelID)
	if err != nil {
		return nil, err
	}
	g, streak, first := res.Game, res.Streak, res.First
	text := shareText(r.Lang, g, streak)
	if !first {
		return &Response{Ephemeral: true, Content: r.T("share.again") + "\n```\n" + text + "\n```"}, nil
	}
	card, err := resultCard(g, streak, b.theme)
	if err != nil {
		return nil, err
	}
	return &Response{Content: r.T("share.solved_it", "User", g.UserID) + "\n" + text, Files: []File{card}}, nil
}

// resultCard draws a solved game's spoiler-free result card (no digit of
// the grid, no word: it reads the same in every language), the picture of
// its share post.
func resultCard(g store.Game, streak int, theme render.Theme) (File, error) {
	res := render.Result{Time: g.Duration(), Hints: g.HintsTotal(), Mistakes: g.Mistakes, Givens: g.Givens}
	res.Level, res.Graded = g.Level, !g.Ungraded // a pasted puzzle not graded yet has no pips
	if g.Day != "" {
		res.Streak = streak
		if day, err := store.ParseDay(g.Day); err == nil {
			n := daily.Number(day)
			res.Number = n
		}
		if d, err := time.Parse(time.DateOnly, g.Day); err == nil {
			res.Date = d
		}
	}
	img, err := render.ResultCard(res, render.Options{Theme: theme})
	if err != nil {
		return File{}, fmt.Errorf("result card of game %d: %w", g.ID, err)
	}
	var buf bytes.Buffer
	if err := render.WritePNG(&buf, img); err != nil {
		return File{}, fmt.Errorf("result card of game %d: %w", g.ID, err)
	}
	return File{Name: "result.png", ContentType: "image/png", Data: buf.Bytes()}, nil
}

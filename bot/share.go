package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/share"
	"github.com/sudokubot/sudokubot/store"
)

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
	text := share.Text(r.Lang, g, streak)
	if sv, err := b.cfg.Store.Solves(ctx, g.PuzzleID); err != nil {
		b.log.Warn("counting a puzzle's solves failed", "user", r.UserID(), "err", err)
	} else if line := share.Solvers(r.Lang, sv); line != "" {
		text += "\n" + line
	}
	if !first {
		return &Response{Ephemeral: true, Content: r.T("share.again") + "\n```\n" + text + "\n```"}, nil
	}
	card, err := share.Card(g, streak, b.theme)
	if err != nil {
		return nil, err
	}
	return &Response{Content: r.T("share.solved_it", "User", g.UserID) + "\n" + text,
		Files: []File{{Name: "result.png", ContentType: "image/png", Data: card, Description: share.CardAlt(r.Lang, g, streak)}}}, nil
}

package bot

import (
	"context"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// today is the date of the guild's daily and its level (game.Guilds.Today).
func (b *Bot) today(ctx context.Context, guildID string) (store.Day, engine.Level, error) {
	return b.guilds.Today(ctx, guildID)
}

func (b *Bot) playDaily(ctx context.Context, r *Request, day, today store.Day, level engine.Level) (*Response, error) {
	res, err := b.play.StartDaily(ctx, game.DailyInput{User: r.UserID(), Guild: r.GuildID, Day: day, Today: today, Level: level,
		Puzzle: func(ctx context.Context) (store.Puzzle, error) { return b.maker.Daily(ctx, r.UserID(), day, level) }})
	if err != nil {
		return nil, err
	}
	return b.dailyReply(r, res.Game)
}

// dailyReply words the player's daily game as StartDaily gives it back:
// already played, played late, or the board to play.
func (b *Bot) dailyReply(r *Request, g store.Game) (*Response, error) {
	if g.Finished() {
		text := r.T("daily.already_solved", "Time", l10n.Duration(g.Duration()))
		if g.GaveUp {
			text = r.T("daily.already_gave_up")
		}
		return b.boardResponse(r, g, view{solution: g.GaveUp}, text)
	}
	text := status(r.Lang, g) + r.T("sep.sentence") + r.T("daily.private")
	if g.Late {
		text = r.T("daily.late", "Day", g.Day.String()) + "\n" + text
	}
	return b.boardResponse(r, g, view{}, text)
}

func (b *Bot) cmdDaily(ctx context.Context, r *Request) (*Response, error) {
	today, level, err := b.today(ctx, r.GuildID)
	if err != nil {
		return nil, err
	}
	if l, ok := r.String("level"); ok {
		if level, err = game.ParseLevel(l); err != nil {
			return nil, err
		}
	}
	day := today
	if s, ok := r.String("date"); ok {
		if day, err = store.ParseDay(strings.TrimSpace(s)); err != nil {
			return nil, userErr("daily.bad_date", "Value", quote(s), "Example", today.AddDays(-1).String())
		}
	}
	return b.playDaily(ctx, r, day, today, level)
}

func (b *Bot) btnPlayDaily(ctx context.Context, r *Request) (*Response, error) {
	day, err := store.ParseDay(r.Params["day"])
	if err != nil {
		return nil, userErr("daily.bad_button")
	}
	level, err := game.ParseLevel(r.Params["level"])
	if err != nil {
		return nil, err
	}
	today, _, err := b.today(ctx, r.GuildID)
	if err != nil {
		return nil, err
	}
	return b.playDaily(ctx, r, day, today, level)
}

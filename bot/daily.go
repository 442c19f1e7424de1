package bot

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/heavy"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// today is the date of the guild's daily: in its time zone, UTC without.
func (b *Bot) today(ctx context.Context, guildID string) (day store.Day, level engine.Level, err error) {
	loc, level, err := b.DailyClock(ctx, guildID)
	if err != nil {
		return store.Day{}, 0, err
	}
	return store.DayOf(b.now(), loc), level, nil
}

// DailyClock is the time zone and level of a guild's daily: its settings,
// or UTC and the default level for a guild without settings and for DMs.
func (b *Bot) DailyClock(ctx context.Context, guildID string) (*time.Location, engine.Level, error) {
	loc, level := time.UTC, engine.DefaultLevel
	if guildID == "" {
		return loc, level, nil
	}
	gs, err := b.cfg.Store.GuildSettings(ctx, guildID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return loc, level, nil
	case err != nil:
		return nil, 0, err
	}
	if l, err := time.LoadLocation(gs.TimeZone); err == nil {
		loc = l
	}
	return loc, gs.Level, nil
}

// DailyPuzzle is the daily of day and level: at once when it was already
// made (the publisher makes the guilds' levels ahead), else made in the
// heavy-work pool, since making a hard one takes seconds. Over the
// budget the player is asked to come back; the making goes on, shared
// with everyone else asking.
func (b *Bot) DailyPuzzle(ctx context.Context, userID string, day store.Day, level engine.Level) (store.Puzzle, error) {
	if p, err := b.cfg.Dailies.Stored(ctx, day, level); err == nil {
		return p, nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return store.Puzzle{}, err
	}
	var p store.Puzzle
	err := b.heavyPool.Run(ctx, userID, func(ctx context.Context) error {
		var err error
		p, err = b.cfg.Dailies.Get(ctx, day, level)
		return err
	})
	if errors.Is(err, heavy.ErrNotStarted) {
		// No worker was free: queue the making, so that it is ready when
		// the player comes back: in the store's queue, which no restart
		// loses, else in memory (a full queue leaves it to the next ask).
		if !b.queueDaily(ctx, userID, day, level) {
			b.heavyPool.Later(func() {
				if _, err := b.cfg.Dailies.Get(b.base, day, level); err != nil {
					b.log.Warn("making a daily later", "day", day, "level", level, "err", err)
				}
			})
		}
	}
	// Over the budget the worker may still be writing p: read it only
	// when the job is done.
	switch {
	case errors.Is(err, heavy.ErrOverBudget):
		return store.Puzzle{}, &UserError{Msg: l10n.M("daily.making", "Level", l10n.M("level."+level.String())), Err: err}
	case err != nil:
		return store.Puzzle{}, err
	}
	return p, nil
}

func (b *Bot) playDaily(ctx context.Context, r *Request, day, today store.Day, level engine.Level) (*Response, error) {
	res, err := b.play.StartDaily(ctx, game.DailyInput{User: r.UserID(), Guild: r.GuildID, Day: day, Today: today, Level: level,
		Puzzle: func(ctx context.Context) (store.Puzzle, error) { return b.DailyPuzzle(ctx, r.UserID(), day, level) }})
	if err != nil {
		return nil, err
	}
	g := res.Game
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
		if level, err = checkLevel(l); err != nil {
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
	level, err := checkLevel(r.Params["level"])
	if err != nil {
		return nil, err
	}
	today, _, err := b.today(ctx, r.GuildID)
	if err != nil {
		return nil, err
	}
	return b.playDaily(ctx, r, day, today, level)
}

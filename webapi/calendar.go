package webapi

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/share"
	"github.com/sudokubot/sudokubot/store"
)

// The board's calendar of past dailies and the player's progress
// picture: the same archive and the same picture as /sudoku daily date:
// and /sudoku stats.

// Dailies is what the calendar needs of the core: a guild's daily clock
// now (game.Guilds.Now: its today, zone and level; "" for direct
// messages), and the daily of a day, made within the heavy pool's
// budget.
type Dailies interface {
	Now(ctx context.Context, guildID string) (game.DailyNow, error)
	DailyPuzzle(ctx context.Context, userID string, day store.Day, level engine.Level) (store.Puzzle, error)
}

// today is the daily clock where the game's server is, now.
func (srv *Server) today(ctx context.Context, g store.Game) (game.DailyNow, error) {
	if srv.cfg.Dailies == nil {
		return game.DailyNow{}, &webErr{status: http.StatusNotFound, code: CodeNotFound, msg: l10n.M("web.error.not_found")}
	}
	return srv.cfg.Dailies.Now(ctx, g.GuildID)
}

// apiCalendar answers a month of the player's dailies (Calendar).
func (srv *Server) apiCalendar(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	now, err := srv.today(ctx, q.game)
	if err != nil {
		return err
	}
	today := now.Day
	month := time.Date(today.Time().Year(), today.Time().Month(), 1, 0, 0, 0, 0, time.UTC)
	if s := r.URL.Query().Get("month"); s != "" {
		m, err := time.Parse("2006-01", s)
		if err != nil {
			return badMove("web.error.bad_month", "Value", l10n.Quote(s), "Example", month.Format("2006-01"))
		}
		month = m
	}
	first := store.Date(month.Year(), month.Month(), 1)
	last := store.Date(month.Year(), month.Month()+1, 0)
	dailies, err := srv.cfg.Store.Dailies(ctx, q.claims.User, first, last)
	if err != nil {
		return err
	}
	writeJSONStatus(w, http.StatusOK, calendarOf(first, last, today, dailies))
	return nil
}

// calendarOf lays out the days from first to last: how each day's daily
// went (the best of its levels), and which can be played.
func calendarOf(first, last, today store.Day, dailies []store.Daily) Calendar {
	best := map[string]DayState{}
	rank := map[DayState]int{DaySolved: 4, DayLate: 3, DayOpen: 2, DayGaveUp: 1}
	for _, d := range dailies {
		st := DayOpen
		switch {
		case d.Solved && d.Late:
			st = DayLate
		case d.Solved:
			st = DaySolved
		case d.GaveUp:
			st = DayGaveUp
		}
		if k := d.Day.String(); rank[st] > rank[best[k]] {
			best[k] = st
		}
	}
	c := Calendar{Month: first.String()[:7], Today: today.String(), Days: []CalendarDay{}}
	for day := first; !day.After(last); day = day.AddDays(1) {
		st, ok := best[day.String()]
		switch {
		case ok:
		case day.After(today):
			st = DayFuture
		case day == today:
			st = DayToday
		default:
			st = DayMissed
		}
		playable := game.MayPlayDaily(day, today)
		c.Days = append(c.Days, CalendarDay{Day: day.String(), State: st, Playable: playable})
	}
	if prev := first.AddDays(-1); game.MayPlayDaily(prev, today) {
		c.Prev = prev.String()[:7]
	}
	if next := last.AddDays(1); !next.After(today) {
		c.Next = next.String()[:7]
	}
	return c
}

// apiDaily starts (or gives back) the player's daily of a day, as
// /sudoku daily date: does, and answers a board token for it.
func (srv *Server) apiDaily(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	var body DailyRequest
	if err := readJSON(r, &body); err != nil {
		return err
	}
	now, err := srv.today(ctx, q.game)
	if err != nil {
		return err
	}
	today, level := now.Day, now.Level
	day, err := store.ParseDay(strings.TrimSpace(body.Day))
	if err != nil {
		return badMove("daily.bad_date", "Value", l10n.Quote(body.Day), "Example", today.AddDays(-1).String())
	}
	// The token's player (on a co-op board not the host).
	user, guild := q.claims.User, q.game.GuildID
	res, err := srv.play.StartDaily(ctx, game.DailyInput{User: user, Guild: guild, Day: day, Today: today, Level: level,
		Puzzle: func(ctx context.Context) (store.Puzzle, error) {
			return srv.cfg.Dailies.DailyPuzzle(ctx, user, day, level)
		}})
	if err != nil {
		return err
	}
	tok, err := srv.mintLike(ctx, q.claims, user, res.Game.ID)
	if err != nil {
		return err
	}
	st, err := srv.state(ctx, q, res.Game, nil)
	if err != nil {
		return err
	}
	writeJSONStatus(w, http.StatusOK, DailyStarted{Token: tok, State: st})
	return nil
}

// apiProgress draws the player's progress picture, as /sudoku stats
// attaches it.
func (srv *Server) apiProgress(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	now, err := srv.today(ctx, q.game)
	if err != nil {
		return err
	}
	today, loc := now.Day, now.At.Location()
	theme, err := srv.themeOf(r)
	if err != nil {
		return err
	}
	g := q.game
	// The token's player: on a co-op board, not the host.
	user := q.claims.User
	streak, err := srv.cfg.Store.LiveStreak(ctx, g.GuildID, user, today.String())
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	png, err := share.ProgressPicture(ctx, srv.cfg.Store, g.GuildID, user, today, loc, streak, theme)
	if err != nil {
		return err
	}
	writePNG(w, png)
	return nil
}

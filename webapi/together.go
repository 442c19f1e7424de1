package webapi

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/live"
	"github.com/sudokubot/sudokubot/store"
)

// The Activity together: players in one voice channel's Activity press
// Co-op or Race and land on the same board (the channel's open co-op
// board, game.CoopHere) or in the same race (game.RaceHere), each with a
// token of their own.

// channelTopic is the live topic of an Activity's voice channel, or
// false when the Activity is off or channel is not a channel's id.
func (srv *Server) channelTopic(channel string) (live.Topic, bool) {
	if !srv.cfg.Activity || srv.cfg.Live == nil || !isChannelID(channel) {
		return live.Topic{}, false
	}
	id, err := strconv.ParseInt(channel, 10, 64)
	if err != nil || id <= 0 {
		return live.Topic{}, false
	}
	return live.Channel(id), true
}

// togetherState is what the players of a voice channel's Activity play
// together: its open co-op board and race, and how many have each open.
func (srv *Server) togetherState(ctx context.Context, channel string) (*TogetherState, error) {
	out := &TogetherState{Coop: -1, Race: -1}
	now := srv.now()
	g, err := srv.cfg.Store.OpenCoop(ctx, channel, now.Add(-game.CoopFresh))
	switch {
	case err == nil:
		out.Coop = len(srv.here(live.Game(g.ID)))
	case !errors.Is(err, store.ErrNotFound):
		return nil, err
	}
	r, err := srv.cfg.Store.OpenRace(ctx, channel, now)
	switch {
	case err == nil:
		out.Race = len(srv.here(live.Race(r.ID)))
	case !errors.Is(err, store.ErrNotFound):
		return nil, err
	}
	return out, nil
}

// isChannelID tells a Discord snowflake (digits) from anything else.
func isChannelID(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	return strings.Trim(s, "0123456789") == ""
}

// apiTogether starts or joins the channel's co-op board or race and
// answers a token for the player's board there.
func (srv *Server) apiTogether(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	var body TogetherRequest
	if err := readJSON(r, &body); err != nil {
		return err
	}
	if !srv.cfg.Activity {
		return &webErr{status: http.StatusNotFound, code: "not_found", msg: l10n.M("web.error.not_found")}
	}
	if !isChannelID(body.ChannelID) {
		return badMove("web.error.bad_channel", "Value", l10n.Quote(clip(body.ChannelID, 30)))
	}
	user, guild := q.claims.User, q.game.GuildID
	puzzle := func(ctx context.Context) (store.Puzzle, error) { return srv.cfg.Puzzle(ctx, user) }
	var g store.Game
	switch body.Kind {
	case "coop":
		res, err := srv.play.CoopHere(ctx, game.CoopInput{Host: user, Guild: guild, Channel: body.ChannelID, Puzzle: puzzle})
		if err != nil {
			return err
		}
		g = res.Game
	case "race":
		res, err := srv.play.RaceHere(ctx, game.NewRaceInput{Host: user, Guild: guild, Channel: body.ChannelID, MakePuzzle: puzzle})
		if err != nil {
			return err
		}
		g = res.Game
	default:
		return badMove("web.error.bad_together", "Value", l10n.Quote(clip(body.Kind, 30)))
	}
	tok, err := srv.keys.Mint(ctx, user, g.ID)
	if err != nil {
		return err
	}
	if srv.cfg.Live != nil {
		// The channel's other Activities: a board to join.
		id, _ := strconv.ParseInt(body.ChannelID, 10, 64)
		srv.cfg.Live.Poke(live.Channel(id))
	}
	st, err := srv.state(ctx, &webReq{claims: q.claims, game: g, lang: q.lang, by: user}, g, nil)
	if err != nil {
		return err
	}
	writeJSONStatus(w, http.StatusOK, Together{Token: tok, State: st})
	return nil
}

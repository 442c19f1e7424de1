package webapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/live"
	"github.com/sudokubot/sudokubot/store"
)

// The Activity together: players in one voice channel's Activity press
// Co-op or Race and land on the same board (the channel's open co-op
// board, game.CoopHere) or in the same race (game.RaceHere), each with a
// token of their own.

// channelTopic is the live topic of an Activity's voice channel (one
// Discord confirmed: a token's place), or false when the Activity is off
// or channel is not a channel's id.
func (srv *Server) channelTopic(channel string) (live.Topic, bool) {
	if !srv.cfg.Activity || srv.cfg.Live == nil || !isSnowflake(channel) {
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
	here, err := srv.play.OpenHere(ctx, channel)
	if err != nil {
		return nil, err
	}
	if here.Coop != nil {
		out.Coop = len(srv.here(live.Game(here.Coop.ID)))
	}
	if here.Race != nil {
		out.Race = len(srv.here(live.Race(here.Race.ID)))
	}
	return out, nil
}

// apiTogether starts or joins the co-op board or race of the voice
// channel Discord placed the player in (the token's place, checked again
// with Discord's recent word that the player is still there) and
// answers a token for the player's board there. The page's channel is
// never obeyed: a token without a place, or a page naming another
// channel, is refused.
func (srv *Server) apiTogether(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	var body TogetherRequest
	if err := readJSON(r, &body); err != nil {
		return err
	}
	if !srv.cfg.Activity {
		return &webErr{status: http.StatusNotFound, code: CodeNotFound, msg: l10n.M("web.error.not_found")}
	}
	if !slices.Contains(TogetherKinds(), body.Kind) {
		return badMove("web.error.bad_together", "Value", l10n.Quote(clip(string(body.Kind), 30)))
	}
	user, here := q.claims.User, q.claims.Place
	if here.Channel == "" {
		return &webErr{status: http.StatusForbidden, code: CodeForbidden, msg: l10n.M("web.error.place_unconfirmed"),
			err: errors.New("together: the token has no place Discord confirmed")}
	}
	if body.ChannelID != "" && body.ChannelID != here.Channel {
		srv.metrics.Rejected("together_channel")
		return &webErr{status: http.StatusForbidden, code: CodeForbidden, msg: l10n.M("web.error.other_channel"),
			err: fmt.Errorf("together: the page names channel %.30q, the token %s", body.ChannelID, here.Channel)}
	}
	// Still there? A token lives for days; the voice channel's board is
	// for who is in it now.
	place, err := srv.verifyPlace(ctx, here.Instance, user)
	if err != nil {
		return placeErr(err)
	}
	if place.Channel != here.Channel {
		return &webErr{status: http.StatusForbidden, code: CodeForbidden, msg: l10n.M("web.error.other_channel"),
			err: fmt.Errorf("together: instance in channel %s, the token says %s", place.Channel, here.Channel)}
	}
	channel, guild := place.Channel, place.Guild
	puzzle := func(ctx context.Context) (store.Puzzle, error) { return srv.cfg.Puzzle(ctx, user) }
	var g store.Game
	switch body.Kind {
	case TogetherCoop:
		res, err := srv.play.CoopHere(ctx, game.CoopInput{Host: user, Guild: guild, Channel: channel, Puzzle: puzzle})
		if err != nil {
			return err
		}
		g = res.Game
	default:
		res, err := srv.play.RaceHere(ctx, game.NewRaceInput{Host: user, Guild: guild, Channel: channel, MakePuzzle: puzzle})
		if err != nil {
			return err
		}
		g = res.Game
	}
	tok, err := srv.keys.MintAt(ctx, user, g.ID, here)
	if err != nil {
		return err
	}
	if t, ok := srv.channelTopic(channel); ok {
		// The channel's other Activities: a board to join.
		srv.cfg.Live.Poke(t)
	}
	st, err := srv.state(ctx, &webReq{claims: q.claims, game: g, lang: q.lang, by: user}, g, nil)
	if err != nil {
		return err
	}
	writeJSONStatus(w, http.StatusOK, Together{Token: tok, State: st})
	return nil
}

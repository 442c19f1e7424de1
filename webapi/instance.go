package webapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/sudokubot/sudokubot/boardtoken"
	"github.com/sudokubot/sudokubot/l10n"
)

// Where an Activity player is. The page knows its Activity instance (the
// Embedded App SDK's instanceId) and says so; Discord knows where that
// instance runs and who is in it: GET {DiscordAPI}applications/{app}/
// activity-instances/{instance} with the bot's token answers the
// instance's location (channel_id, and guild_id in a server) and its
// users. The voice channel an Activity player plays together in is
// Discord's answer, bound to their board token (boardtoken.Place): a
// channel id is no secret, so a page's word for it would let anyone join
// (and spoil) any channel's co-op board.

// Timing and size of the instances' cache: one Activity's players sign
// in and press Co-op and Race within seconds of each other, and each
// would otherwise cost a request to Discord.
const (
	// instanceFresh is how long Discord's answer for an instance is
	// believed. A player who left the voice channel within it may still
	// join its board once; one who has just joined it is looked up again.
	instanceFresh = 30 * time.Second
	// instanceCacheMax bounds the instances remembered.
	instanceCacheMax = 10_000
	// instanceLookupBurst lookups of one instance, then one per
	// instanceLookupEvery: players joining one instance together are
	// each looked up, a flood of lookups costs Discord little.
	instanceLookupBurst = 5
)

var instanceLookupEvery = rate.Every(2 * time.Second)

// errNotInActivity means Discord does not show the player in the
// Activity instance the page named, or knows no such instance.
var errNotInActivity = errors.New("the player is not in that Activity instance")

// activityPlace is where an Activity instance runs: guild "" for a
// private channel.
type activityPlace struct {
	Guild, Channel string
}

// instanceEntry is Discord's answer for one instance, and when it came.
type instanceEntry struct {
	place activityPlace
	users []string
	at    time.Time
}

// instanceCache remembers Discord's answers for a while (instanceFresh),
// at most instanceCacheMax of them.
type instanceCache struct {
	mu sync.Mutex
	m  map[string]instanceEntry
}

func (c *instanceCache) get(id string, now time.Time) (instanceEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[id]
	if !ok || now.Sub(e.at) >= instanceFresh || now.Before(e.at) {
		return instanceEntry{}, false
	}
	return e, true
}

func (c *instanceCache) put(id string, e instanceEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]instanceEntry{}
	}
	if _, ok := c.m[id]; !ok && len(c.m) >= instanceCacheMax {
		for k, old := range c.m {
			if e.at.Sub(old.at) >= instanceFresh {
				delete(c.m, k)
			}
		}
		if len(c.m) >= instanceCacheMax {
			return // full of fresh answers: this one is not remembered
		}
	}
	c.m[id] = e
}

// isInstanceID tells an instance id as the SDK gives it (letters,
// digits, "-" and "_", at most 128) from anything else: it goes into a
// path at Discord, where "." could climb.
func isInstanceID(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	return strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") == ""
}

// verifyPlace says where the Activity instance runs, once Discord shows
// user in it: errNotInActivity when it does not (or knows no such
// instance); any other error is Discord's failure to answer.
func (srv *Server) verifyPlace(ctx context.Context, instance, user string) (activityPlace, error) {
	if !isInstanceID(instance) {
		return activityPlace{}, errNotInActivity
	}
	now := time.Now()
	e, fresh := srv.instances.get(instance, now)
	if fresh && slices.Contains(e.users, user) {
		return e.place, nil
	}
	// Unknown, stale, or the player came after Discord's answer: ask
	// again, within the instance's budget.
	if !srv.limit.allow("activity:instance:"+instance, now, instanceLookupEvery, instanceLookupBurst) {
		if fresh {
			return activityPlace{}, errNotInActivity
		}
		return activityPlace{}, &webErr{status: http.StatusTooManyRequests, code: CodeTooMany, msg: l10n.M("web.error.too_many"), err: errors.New("activity instance: out of lookups")}
	}
	e, err := srv.activityInstance(ctx, instance)
	if err != nil {
		return activityPlace{}, err
	}
	e.at = now
	srv.instances.put(instance, e)
	if !slices.Contains(e.users, user) {
		return activityPlace{}, errNotInActivity
	}
	return e.place, nil
}

// activityInstance asks Discord where an Activity instance runs and who
// is in it. An instance Discord does not know (404) is errNotInActivity.
func (srv *Server) activityInstance(ctx context.Context, instance string) (instanceEntry, error) {
	if srv.cfg.BotToken == "" {
		return instanceEntry{}, errors.New("activity instance: no bot token configured")
	}
	u := srv.cfg.DiscordAPI + "applications/" + url.PathEscape(srv.cfg.AppID) + "/activity-instances/" + url.PathEscape(instance)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return instanceEntry{}, fmt.Errorf("activity instance: %w", err)
	}
	req.Header.Set("Authorization", "Bot "+srv.cfg.BotToken)
	var body struct {
		InstanceID string `json:"instance_id"`
		Location   struct {
			Kind      string `json:"kind"`
			ChannelID string `json:"channel_id"`
			GuildID   string `json:"guild_id"`
		} `json:"location"`
		Users []string `json:"users"`
	}
	if err := srv.oauthDo(req, &body); err != nil {
		var se *statusError
		if errors.As(err, &se) && se.status == http.StatusNotFound {
			return instanceEntry{}, errNotInActivity
		}
		return instanceEntry{}, fmt.Errorf("activity instance: %w", err)
	}
	loc := body.Location
	if !isSnowflake(loc.ChannelID) || (loc.GuildID != "" && !isSnowflake(loc.GuildID)) {
		return instanceEntry{}, errors.New("activity instance: no channel in Discord's answer")
	}
	return instanceEntry{place: activityPlace{Guild: loc.GuildID, Channel: loc.ChannelID}, users: body.Users}, nil
}

// placeErr is the answer to a player Discord did not place: not in the
// instance, or Discord did not answer.
func placeErr(err error) error {
	var we *webErr
	switch {
	case errors.As(err, &we):
		return err
	case errors.Is(err, errNotInActivity):
		return &webErr{status: http.StatusForbidden, code: CodeForbidden, msg: l10n.M("web.error.not_in_activity"), err: err}
	default:
		return &webErr{status: http.StatusServiceUnavailable, code: CodeUnavailable, msg: l10n.M("web.error.place_unknown"), err: err}
	}
}

// mintLike mints a token for user's game that keeps the place the
// token q came with: a new game in the Activity stays in its channel.
func (srv *Server) mintLike(ctx context.Context, c boardtoken.Claims, user string, game int64) (string, error) {
	return srv.keys.MintAt(ctx, user, game, c.Place)
}

package bot

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/game"
)

// UserError is a problem the player can fix: the core's refusal
// (game.Error), worded in the player's language by whichever door they
// came through.
type UserError = game.Error

// userErr returns a *UserError with a catalogue message and its fields.
func userErr(id string, kv ...any) error { return game.Refuse(id, kv...) }

// classify turns a discordgo error into a *discordapi.Error with its
// HTTP status, Discord's error code and a 429's wait, keeping the original
// for the log. An error that is not an answer from Discord (a network
// failure, a cancelled context) is one of unknown outcome.
func classify(err error) error {
	if err == nil {
		return nil
	}
	err = calledURL(err)
	if de := (*discordapi.Error)(nil); errors.As(err, &de) {
		return err
	}
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		e := &discordapi.Error{Status: http.StatusTooManyRequests, Err: err}
		if rl.RateLimit != nil && rl.TooManyRequests != nil {
			e.RetryAfter = rl.TooManyRequests.RetryAfter
		}
		return e
	}
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Response != nil {
		e := &discordapi.Error{Status: rest.Response.StatusCode, Err: err}
		if rest.Message != nil {
			e.Code, e.Message = rest.Message.Code, rest.Message.Message
		}
		return e
	}
	return &discordapi.Error{Err: err}
}

// unreadable is a 2xx answer the bot could not read: Discord may have
// acted, so its outcome is unknown. err may be nil (a body without the
// expected id).
func unreadable(err error) error {
	if err == nil {
		err = errors.New("no id in the answer")
	}
	return &discordapi.Error{Err: fmt.Errorf("unreadable answer: %w", err)}
}

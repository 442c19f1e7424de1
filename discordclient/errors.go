package discordclient

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/discordapi"
)

// Classify turns a discordgo error into a *discordapi.Error with its
// HTTP status, Discord's error code and a 429's wait, keeping the original
// for the log. An error that is not an answer from Discord (a network
// failure, a cancelled context) is one of unknown outcome.
func Classify(err error) error {
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

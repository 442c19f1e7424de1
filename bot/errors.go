package bot

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/game"
)

// UserError is a problem the player can fix: the core's refusal
// (game.Error), worded in the player's language by whichever door they
// came through.
type UserError = game.Error

// userErr returns a *UserError with a catalogue message and its fields.
func userErr(id string, kv ...any) error { return game.Refuse(id, kv...) }

// Errors of Discord's REST API that callers such as the daily publisher
// need to tell apart, checked with errors.Is on what Poster returns.
var (
	// ErrForbidden means Discord refused with 403: the bot lacks a
	// permission in the channel. Retrying will not help until an admin
	// fixes the permissions.
	ErrForbidden = errors.New("discord: missing permissions")
	// ErrNotFoundDiscord means Discord answered 404: the channel or
	// message is gone.
	ErrNotFoundDiscord = errors.New("discord: not found")
	// ErrRateLimited means Discord answered 429 and the request was not
	// retried; try again later.
	ErrRateLimited = errors.New("discord: rate limited")
	// ErrUnavailable means Discord failed with a 5xx or could not be
	// reached: a temporary problem, worth retrying.
	ErrUnavailable = errors.New("discord: unavailable")
)

// classify wraps a discordgo error with the sentinel for its HTTP status,
// keeping the original for the log.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Response != nil {
		switch c := rest.Response.StatusCode; {
		case c == http.StatusForbidden:
			return fmt.Errorf("%w: %w", ErrForbidden, err)
		case c == http.StatusNotFound:
			return fmt.Errorf("%w: %w", ErrNotFoundDiscord, err)
		case c == http.StatusTooManyRequests:
			return fmt.Errorf("%w: %w", ErrRateLimited, err)
		case c >= 500:
			return fmt.Errorf("%w: %w", ErrUnavailable, err)
		}
		return err
	}
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		return fmt.Errorf("%w: %w", ErrRateLimited, err)
	}
	return fmt.Errorf("%w: %w", ErrUnavailable, err)
}

package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/store"

	"github.com/sudokubot/sudokubot/metrics"
)

// outcomeKey carries the outcome of a request from the inner middleware to
// the logging one.
type outcomeKey struct{}

type outcomeBox struct{ outcome string }

func setOutcome(ctx context.Context, o string) {
	if b, ok := ctx.Value(outcomeKey{}).(*outcomeBox); ok {
		b.outcome = o
	}
}

// Logging logs each interaction once it is handled, with the house keys
// (guild, channel, user, interaction, err), and records metrics.
func Logging(log *slog.Logger, m *metrics.Metrics) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, r *Request) (*Response, error) {
			box := &outcomeBox{outcome: metrics.OutcomeOK}
			ctx = context.WithValue(ctx, outcomeKey{}, box)
			start := time.Now()
			resp, err := next(ctx, r)
			d := time.Since(start)
			if err != nil && box.outcome == metrics.OutcomeOK {
				box.outcome = metrics.OutcomeError
			}
			if m != nil {
				m.ObserveInteraction(r.Route, box.outcome, d)
			}
			attrs := []any{"guild", r.GuildID, "channel", r.ChannelID, "user", r.UserID(), "interaction", r.ID,
				"route", r.Route, "outcome", box.outcome, "duration", d}
			if err != nil {
				attrs = append(attrs, "err", clipErr(err))
			}
			level := slog.LevelInfo
			if box.outcome == metrics.OutcomeError || box.outcome == metrics.OutcomePanic {
				level = slog.LevelError
			}
			log.Log(ctx, level, "interaction", attrs...)
			return resp, err
		}
	}
}

// maxLoggedErr is the most bytes of an error an interaction's log line
// carries: the error may quote the player's input (a paste of 81 ones
// conflicts 810 times, 22 KB of text).
const maxLoggedErr = 500

// clipErr is err's text cut to maxLoggedErr bytes, on a rune boundary,
// saying how long it was.
func clipErr(err error) string {
	s := err.Error()
	if len(s) <= maxLoggedErr {
		return s
	}
	cut := maxLoggedErr
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:cut], len(s))
}

// Recover turns a panic in a handler into an apology for the player and an
// error log with the interaction id and the stack, instead of Discord's
// "This interaction failed".
func Recover(log *slog.Logger, m *metrics.Metrics) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, r *Request) (resp *Response, err error) {
			defer func() {
				if p := recover(); p != nil {
					setOutcome(ctx, metrics.OutcomePanic)
					if m != nil {
						m.Error("panic")
					}
					log.Error("handler panicked", "interaction", r.ID, "route", r.Route, "user", r.UserID(),
						"guild", r.GuildID, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
					resp, err = apology(r), nil
				}
			}()
			return next(ctx, r)
		}
	}
}

func apology(r *Request) *Response {
	return &Response{Ephemeral: true, apology: true, Content: r.T("error.apology", "Ref", r.ID)}
}

// Errors turns a handler's error into a response: a *UserError's message
// as written, anything else an apology with the interaction id for the
// logs. Both are ephemeral. The error is still returned so Logging logs it.
func Errors(next HandlerFunc) HandlerFunc {
	return func(ctx context.Context, r *Request) (*Response, error) {
		resp, err := next(ctx, r)
		if err == nil {
			return resp, nil
		}
		var ue *UserError
		if errors.As(err, &ue) {
			setOutcome(ctx, metrics.OutcomeUserError)
			resp := &Response{Ephemeral: true, Content: ue.Text(r.lang()), apology: true}
			if r.Type == discordgo.InteractionApplicationCommandAutocomplete {
				resp = &Response{Type: discordgo.InteractionApplicationCommandAutocompleteResult}
			}
			return resp, err
		}
		setOutcome(ctx, metrics.OutcomeError)
		if r.Type == discordgo.InteractionApplicationCommandAutocomplete {
			return &Response{Type: discordgo.InteractionApplicationCommandAutocompleteResult}, err
		}
		if errors.Is(err, store.ErrUnavailable) {
			// The database did not answer: say so, rather than "something
			// went wrong", so the player waits a minute instead of reporting
			// a bug.
			return &Response{Ephemeral: true, apology: true, Content: r.T("error.unavailable", "Ref", r.ID)}, err
		}
		return apology(r), err
	}
}

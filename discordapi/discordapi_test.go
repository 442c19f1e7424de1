package discordapi_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/discordapi"
)

func TestErrorKinds(t *testing.T) {
	io := errors.New("read: connection reset")
	for _, tt := range []struct {
		name    string
		err     error
		kind    error
		notSent bool
	}{
		{"403", &discordapi.Error{Status: 403, Code: discordapi.CodeMissingAccess}, discordapi.ErrForbidden, true},
		{"404", &discordapi.Error{Status: 404, Code: discordapi.CodeUnknownChannel}, discordapi.ErrNotFound, true},
		{"429", &discordapi.Error{Status: 429, RetryAfter: time.Second}, discordapi.ErrRateLimited, true},
		{"400", &discordapi.Error{Status: 400}, discordapi.ErrRejected, true},
		{"502", &discordapi.Error{Status: 502}, discordapi.ErrUnavailable, false},
		{"no answer", &discordapi.Error{Err: io}, discordapi.ErrUnavailable, false},
		{"wrapped", fmt.Errorf("posting: %w", &discordapi.Error{Status: 403}), discordapi.ErrForbidden, true},
		{"bare sentinel", fmt.Errorf("fake: %w", discordapi.ErrRateLimited), discordapi.ErrRateLimited, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !errors.Is(tt.err, tt.kind) {
				t.Errorf("%v is not %v", tt.err, tt.kind)
			}
			if got := errors.Is(tt.err, discordapi.ErrNotSent); got != tt.notSent {
				t.Errorf("errors.Is(%v, ErrNotSent) = %v, want %v", tt.err, got, tt.notSent)
			}
		})
	}
	e := &discordapi.Error{Err: io}
	if !errors.Is(e, io) {
		t.Error("an Error does not unwrap to its client's error")
	}
}

func TestErrorText(t *testing.T) {
	e := &discordapi.Error{Status: 403, Code: 50013, Message: "Missing Permissions",
		Missing: []discordapi.Permission{discordapi.SendMessages}}
	const want = `discord: forbidden (403, code 50013, "Missing Permissions"), missing [send_messages]`
	if got := e.Error(); got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

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

// TestRefused: only Discord's own codes (or permissions found missing)
// refuse a channel for good; a bare 403 or 404, a 404 of another kind and
// a 5xx do not.
func TestRefused(t *testing.T) {
	for _, tt := range []struct {
		name string
		err  error
		want bool
	}{
		{"Unknown Channel", &discordapi.Error{Status: 404, Code: discordapi.CodeUnknownChannel}, true},
		{"Missing Access", &discordapi.Error{Status: 403, Code: discordapi.CodeMissingAccess}, true},
		{"Missing Permissions", &discordapi.Error{Status: 403, Code: discordapi.CodeMissingPermissions}, true},
		{"wrapped", fmt.Errorf("posting: %w", &discordapi.Error{Status: 404, Code: discordapi.CodeUnknownChannel}), true},
		{"403 with permissions found missing", &discordapi.Error{Status: 403, Missing: []discordapi.Permission{discordapi.AttachFiles}}, true},
		{"bare 404 (a proxy's page)", &discordapi.Error{Status: 404}, false},
		{"bare 403", &discordapi.Error{Status: 403}, false},
		{"Unknown Message", &discordapi.Error{Status: 404, Code: 10008}, false},
		{"a code on a 500", &discordapi.Error{Status: 500, Code: discordapi.CodeUnknownChannel}, false},
		{"no answer", &discordapi.Error{Err: errors.New("timeout")}, false},
		{"another error", errors.New("x"), false},
		{"nil", nil, false},
	} {
		if got := discordapi.Refused(tt.err); got != tt.want {
			t.Errorf("%s: Refused = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// Package discordapi names what a failed Discord REST request means to the
// code that made it, in one set of errors that the bot (which talks to
// Discord) and the daily publisher (which decides what to do next) share:
//
//   - ErrNotSent: Discord certainly did not act, so sending again cannot
//     make a duplicate. ErrForbidden, ErrNotFound, ErrRateLimited and
//     ErrRejected are all ErrNotSent.
//   - ErrForbidden (403) and ErrNotFound (404): refused. Only Discord's own
//     codes (Refused: Unknown Channel, Missing Access, Missing Permissions,
//     or permissions the bot was found to lack) mean for good, so wait for
//     a person to fix it; a bare 403 or 404 (a proxy's, a CDN's) may pass
//     on a retry.
//   - ErrRateLimited (429): wait Error.RetryAfter, then try again.
//   - ErrUnavailable (5xx, no answer, an unreadable answer): the outcome is
//     unknown, so look before sending again.
//
// A failure is an *Error, which carries Discord's HTTP status and JSON
// error code and unwraps to one of these sentinels: callers decide with
// errors.Is and read the detail with errors.As. The package knows nothing
// of any Discord client library: the bot classifies its client's errors
// into *Error.
package discordapi

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// DefaultAPI is Discord's REST base URL, the API version the bot speaks
// (the same as discordgo.EndpointAPI, which the web door need not import
// to know it).
const DefaultAPI = "https://discord.com/api/v9/"

// ErrNotSent means Discord certainly did not act on the request.
var ErrNotSent = errors.New("discord: not sent")

// sentinel is a kind of failure; one that is ErrNotSent says so by
// unwrapping to it.
type sentinel struct {
	msg     string
	notSent bool
}

func (s *sentinel) Error() string { return s.msg }

func (s *sentinel) Unwrap() error {
	if s.notSent {
		return ErrNotSent
	}
	return nil
}

// The kinds of failure, checked with errors.Is.
var (
	// ErrForbidden is a 403: the bot lacks access or a permission.
	ErrForbidden error = &sentinel{"discord: forbidden", true}
	// ErrNotFound is a 404: the channel, message or user is gone.
	ErrNotFound error = &sentinel{"discord: not found", true}
	// ErrRateLimited is a 429 that was not retried.
	ErrRateLimited error = &sentinel{"discord: rate limited", true}
	// ErrRejected is any other 4xx: Discord refused the request as made.
	ErrRejected error = &sentinel{"discord: rejected", true}
	// ErrUnavailable is a 5xx, no answer at all, or an answer that could
	// not be read: Discord may or may not have acted.
	ErrUnavailable error = &sentinel{"discord: unavailable", false}
	// ErrMessageNotFound is a search's answer when no message matches
	// (the bot's FindDaily); it is not a failed request.
	ErrMessageNotFound = errors.New("discord: message not found")
)

// Discord's JSON error codes that callers tell apart
// (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
const (
	CodeUnknownChannel     = 10003
	CodeMissingAccess      = 50001
	CodeMissingPermissions = 50013
)

// Refused reports whether Discord itself refused a channel for good, in
// its own words: the JSON error code Unknown Channel, Missing Access or
// Missing Permissions, or permissions the bot was found to lack there. Any
// other 403 or 404 (without a code, or with another: a proxy's or a CDN's
// page, a transient fault) is not: it is retried and reported, and stops
// nothing.
func Refused(err error) bool {
	var e *Error
	if !errors.As(err, &e) || (e.Status != http.StatusForbidden && e.Status != http.StatusNotFound) {
		return false
	}
	switch e.Code {
	case CodeUnknownChannel, CodeMissingAccess, CodeMissingPermissions:
		return true
	}
	return len(e.Missing) > 0
}

// Permission is a channel permission the bot may need, named as
// Discord's settings name it, in snake case. The catalogue words it as
// "perm.<name>".
type Permission string

// The permissions the daily publisher needs.
const (
	ViewChannel   Permission = "view_channel"
	SendMessages  Permission = "send_messages"
	EmbedLinks    Permission = "embed_links"
	AttachFiles   Permission = "attach_files"
	ReadHistory   Permission = "read_message_history"
	CreateThreads Permission = "create_threads"
	SendInThreads Permission = "send_in_threads"
)

// Error is a failed request to Discord.
type Error struct {
	// Status is the HTTP status; 0 when Discord did not answer.
	Status int
	// Code is Discord's JSON error code (CodeMissingAccess, ...); 0
	// when the answer had none.
	Code int
	// Message is Discord's JSON error message ("Missing Permissions").
	Message string
	// RetryAfter is how long a 429 asks to wait; 0 when unknown.
	RetryAfter time.Duration
	// Missing lists the permissions the bot was found to lack in the
	// channel after a 403, when it looked; nil when unknown.
	Missing []Permission
	// Err is the client's own error, for the log.
	Err error
}

// Kind is the sentinel of e's status: ErrForbidden, ErrNotFound,
// ErrRateLimited, ErrRejected or ErrUnavailable.
func (e *Error) Kind() error {
	switch s := e.Status; {
	case s == http.StatusForbidden:
		return ErrForbidden
	case s == http.StatusNotFound:
		return ErrNotFound
	case s == http.StatusTooManyRequests:
		return ErrRateLimited
	case s >= 400 && s < 500:
		return ErrRejected
	}
	return ErrUnavailable
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Kind().Error())
	if e.Status != 0 {
		fmt.Fprintf(&b, " (%d", e.Status)
		if e.Code != 0 {
			fmt.Fprintf(&b, ", code %d", e.Code)
		}
		if e.Message != "" {
			fmt.Fprintf(&b, ", %q", e.Message)
		}
		b.WriteString(")")
	}
	if e.RetryAfter > 0 {
		fmt.Fprintf(&b, ", retry after %s", e.RetryAfter)
	}
	if len(e.Missing) > 0 {
		fmt.Fprintf(&b, ", missing %v", e.Missing)
	}
	if e.Err != nil {
		b.WriteString(": " + e.Err.Error())
	}
	return b.String()
}

// RetryAfterWait is how long a 429 asked to wait, 0 for any other
// failure: retry.Do waits exactly that instead of its backoff.
func (e *Error) RetryAfterWait() time.Duration {
	if e.Status != http.StatusTooManyRequests {
		return 0
	}
	return e.RetryAfter
}

// Unwrap makes e its Kind and its client's error.
func (e *Error) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Kind()}
	}
	return []error{e.Kind(), e.Err}
}

package store

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/discordapi"
)

// PostProblemKind is why the daily publisher stopped posting for a guild.
type PostProblemKind string

// The kinds of posting problem.
const (
	// ProblemNoAccess: the bot cannot see the channel (Discord's Missing
	// Access, or View Channel found missing).
	ProblemNoAccess PostProblemKind = "no_access"
	// ProblemMissingPermissions: the bot sees the channel but lacks a
	// permission to post there; PostProblem.Missing names them when known.
	ProblemMissingPermissions PostProblemKind = "missing_permissions"
	// ProblemChannelGone: the channel no longer exists (a 404).
	ProblemChannelGone PostProblemKind = "channel_gone"
	// ProblemRefused: Discord refused the channel for another reason.
	ProblemRefused PostProblemKind = "refused"
)

// PostProblem is the last problem met while posting a guild's daily, kept
// as a code that the bot words in the admin's language: the database holds
// no sentences. The zero value is no problem. It is stored as its String.
type PostProblem struct {
	Kind PostProblemKind
	// Missing lists the permissions the bot lacked, for
	// ProblemMissingPermissions; nil when unknown.
	Missing []discordapi.Permission
}

// IsZero reports whether p is no problem.
func (p PostProblem) IsZero() bool { return p.Kind == "" }

// String is p as stored: its kind, then ":" and the missing permissions
// separated by commas if any ("missing_permissions:send_messages,attach_files").
// No problem is "".
func (p PostProblem) String() string {
	if len(p.Missing) == 0 {
		return string(p.Kind)
	}
	names := make([]string, len(p.Missing))
	for i, m := range p.Missing {
		names[i] = string(m)
	}
	return string(p.Kind) + ":" + strings.Join(names, ",")
}

// ParsePostProblem reads a PostProblem's String. An unknown kind is
// ErrInvalid.
func ParsePostProblem(s string) (PostProblem, error) {
	kind, list, hasList := strings.Cut(s, ":")
	p := PostProblem{Kind: PostProblemKind(kind)}
	switch p.Kind {
	case "", ProblemNoAccess, ProblemMissingPermissions, ProblemChannelGone, ProblemRefused:
	default:
		return PostProblem{}, fmt.Errorf("store: posting problem %q: unknown kind: %w", s, ErrInvalid)
	}
	if !hasList {
		return p, nil
	}
	if p.Kind != ProblemMissingPermissions || list == "" {
		return PostProblem{}, fmt.Errorf("store: posting problem %q: a permission list belongs to %s only: %w", s, ProblemMissingPermissions, ErrInvalid)
	}
	for _, name := range strings.Split(list, ",") {
		if name == "" || strings.Trim(name, "abcdefghijklmnopqrstuvwxyz_") != "" {
			return PostProblem{}, fmt.Errorf("store: posting problem %q: %q is not a permission name: %w", s, name, ErrInvalid)
		}
		p.Missing = append(p.Missing, discordapi.Permission(name))
	}
	return p, nil
}

// postProblemColumn scans the problem column: a value this version cannot
// read (written by a newer one) is still a problem, of no known kind, so
// that the guild stays stopped and its admin is told something.
type postProblemColumn struct{ p *PostProblem }

func (c postProblemColumn) Scan(v any) error {
	s, err := scannedText(v, "posting problem")
	if err != nil {
		return err
	}
	p, err := ParsePostProblem(s)
	if err != nil {
		p = PostProblem{Kind: ProblemRefused}
	}
	*c.p = p
	return nil
}

// Package zones is the list of time zones a guild may choose for its
// daily: every zone of the time-zone database Go ships and the binary
// embeds (time/tzdata), so every name offered loads anywhere, even in a
// scratch image without /usr/share/zoneinfo.
package zones

import (
	"errors"
	"slices"
	"strings"
	"time"
	_ "time/tzdata" // zones work in a scratch image without /usr/share/zoneinfo
)

// zones_gen.go lists the names, from Go's own zoneinfo.zip.
//
//go:generate go run ../internal/zonegen -o zones_gen.go

// ErrUnknown is a name that is no zone of the database.
var ErrUnknown = errors.New("zones: unknown time zone")

// Match returns up to limit zone names matching what the user typed
// (ignoring case, with spaces for underscores): exact names or cities
// first, then names starting with it, then cities starting with it, then
// names containing it, each group sorted shortest first.
func Match(typed string, limit int) []string {
	q := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(typed), " ", "_"))
	var groups [4][]string
	for _, z := range names {
		lz := strings.ToLower(z)
		city := lz[strings.LastIndexByte(lz, '/')+1:]
		switch {
		case q == "":
			groups[1] = append(groups[1], z)
		case lz == q || city == q:
			groups[0] = append(groups[0], z)
		case strings.HasPrefix(lz, q):
			groups[1] = append(groups[1], z)
		case strings.HasPrefix(city, q):
			groups[2] = append(groups[2], z)
		case strings.Contains(lz, q):
			groups[3] = append(groups[3], z)
		}
	}
	var out []string
	for _, g := range groups {
		slices.SortFunc(g, func(a, b string) int {
			if len(a) != len(b) {
				return len(a) - len(b)
			}
			return strings.Compare(a, b)
		})
		out = append(out, g...)
	}
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

// Load returns the zone a name names, in any case, with the name as the
// database spells it; ErrUnknown for anything else ("Local" and the
// empty name included: a guild's zone is a place, not the host's).
func Load(name string) (*time.Location, string, error) {
	n := strings.TrimSpace(name)
	for _, z := range names {
		if strings.EqualFold(z, n) {
			n = z
			break
		}
	}
	if n == "" || n == "Local" {
		return nil, "", ErrUnknown
	}
	loc, err := time.LoadLocation(n)
	if err != nil {
		return nil, "", ErrUnknown
	}
	return loc, n, nil
}

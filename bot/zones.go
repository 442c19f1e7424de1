package bot

import (
	"sort"
	"strings"
	"time"
	_ "time/tzdata" // zones work in a scratch image without /usr/share/zoneinfo

	"github.com/bwmarrin/discordgo"
)

// zones_gen.go lists every zone of the time-zone database Go ships and the
// binary embeds (time/tzdata), so every name offered loads anywhere.
//
//go:generate go run ../internal/zonegen -o zones_gen.go

// matchZones returns up to limit zone names matching what the user typed
// (ignoring case, with spaces for underscores): exact names or cities
// first, then names starting with it, then cities starting with it, then
// names containing it, each group sorted.
func matchZones(typed string, limit int) []string {
	q := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(typed), " ", "_"))
	var groups [4][]string
	for _, z := range zoneNames {
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
		sort.Slice(g, func(i, j int) bool {
			if len(g[i]) != len(g[j]) {
				return len(g[i]) < len(g[j])
			}
			return g[i] < g[j]
		})
		out = append(out, g...)
	}
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

// loadZone checks a time zone name, accepting any case.
func loadZone(name string) (*time.Location, string, error) {
	n := strings.TrimSpace(name)
	for _, z := range zoneNames {
		if strings.EqualFold(z, n) {
			n = z
			break
		}
	}
	loc, err := time.LoadLocation(n)
	if err != nil || n == "" || n == "Local" {
		return nil, "", userErr("config.bad_zone", "Value", quote(name))
	}
	return loc, n, nil
}

func (b *Bot) autocompleteZone(r *Request) *Response {
	typed := ""
	if r.Focused != nil {
		typed, _ = r.Focused.Value.(string)
	}
	names := matchZones(typed, 25)
	ch := make([]*discordgo.ApplicationCommandOptionChoice, len(names))
	for i, n := range names {
		ch[i] = &discordgo.ApplicationCommandOptionChoice{Name: n, Value: n}
	}
	return &Response{Type: discordgo.InteractionApplicationCommandAutocompleteResult, Choices: ch}
}

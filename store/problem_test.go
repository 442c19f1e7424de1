package store

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/discordapi"
)

func TestPostProblemRoundTrip(t *testing.T) {
	for _, p := range []PostProblem{
		{},
		{Kind: ProblemNoAccess},
		{Kind: ProblemMissingPermissions},
		{Kind: ProblemMissingPermissions, Missing: []discordapi.Permission{discordapi.SendMessages, discordapi.AttachFiles}},
		{Kind: ProblemChannelGone},
		{Kind: ProblemRefused},
	} {
		got, err := ParsePostProblem(p.String())
		if err != nil || !reflect.DeepEqual(got, p) {
			t.Errorf("ParsePostProblem(%q) = %+v, %v; want %+v", p.String(), got, err, p)
		}
	}
	for _, bad := range []string{"forbidden", "no_access:view_channel", "missing_permissions:", "missing_permissions:a,,b",
		"missing_permissions:Send Messages", "I could not post the daily"} {
		if p, err := ParsePostProblem(bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("ParsePostProblem(%q) = %+v, %v; want ErrInvalid", bad, p, err)
		}
	}
}

// TestPostProblemMigration: the English sentences older versions stored
// become codes, read from the Discord error text they quote.
func TestPostProblemMigration(t *testing.T) {
	const prefix = "I could not post the daily in <#1500013>: Discord refused (posting to channel 1500013: "
	rows := []struct {
		old  string
		want PostProblem
	}{
		{"", PostProblem{}},
		{prefix + `discord: missing permissions: HTTP 403 Forbidden, {"message": "Missing Access", "code": 50001}). Check...`, PostProblem{Kind: ProblemNoAccess}},
		{prefix + `discord: missing permissions: HTTP 403 Forbidden, {"message": "Missing Permissions", "code": 50013}). Check...`, PostProblem{Kind: ProblemMissingPermissions}},
		{prefix + `discord: not found: HTTP 404 Not Found, {"message": "Unknown Channel", "code": 10003}). Check...`, PostProblem{Kind: ProblemChannelGone}},
		{prefix + `forbidden). Check...`, PostProblem{Kind: ProblemRefused}},
	}
	forEachBackend(t, func(t *testing.T, be backend) {
		if !be.shared {
			t.Skip("an in-memory database does not outlive its store")
		}
		ctx := context.Background()
		dsn := be.newDSN(t)
		migs, err := loadMigrations(map[bool]string{true: Postgres, false: SQLite}[be.name == "postgres"])
		must(t, err, "loadMigrations")
		i := slices.IndexFunc(migs, func(m migration) bool { return m.name == "post_problem" })
		if i < 0 {
			t.Fatal("no post_problem migration")
		}
		old, err := openWith(ctx, dsn, migs[:i]) // the schema before it
		must(t, err, "open at the schema before post_problem")
		for i, r := range rows {
			_, err := old.db.ExecContext(ctx, old.q(`INSERT INTO guild_settings (guild_id, error) VALUES (?, ?)`), string(rune('a'+i)), r.old)
			must(t, err, "insert an old row")
		}
		old.Close()
		s := openStore(t, dsn)
		for i, r := range rows {
			gs, err := s.GuildSettings(ctx, string(rune('a'+i)))
			must(t, err, "GuildSettings")
			if !reflect.DeepEqual(gs.Problem, r.want) {
				t.Errorf("%.60q... became %+v, want %+v", r.old, gs.Problem, r.want)
			}
		}
	})
}

package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/app"
	"github.com/sudokubot/sudokubot/boardtoken"
	"github.com/sudokubot/sudokubot/store"
)

// runBoardKey is `sudokubot board-key rotate [--db DSN]`: a new key signs
// every board link from now on (running bots pick it up within a
// minute); links signed by the previous key keep working until they
// expire, 7 days at most. It prints key ids and dates, never a key.
func runBoardKey(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("board-key", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	revoke := fs.Bool("revoke", false, "also stop every older key verifying now, not in 7 days: every link made so far stops working (for a key that leaked)")
	dsn := fs.String("db", "", "the bot's database (`DSN`: SQLite path or postgres:// URL); default $SUDOKUBOT_DB, else sudokubot.db")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot board-key rotate [--revoke] [--db DSN]")
		fmt.Fprintln(fs.Output(), "Makes a new key sign board links; links signed by the previous key work until they expire (7 days).")
		fs.PrintDefaults()
	}
	rest, code, ok := parseFlagsInterspersed(env, fs, args)
	if !ok {
		return code
	}
	if len(rest) != 1 || rest[0] != "rotate" {
		got := "nothing"
		if len(rest) > 0 {
			got = fmt.Sprintf("%q", strings.Join(rest, " "))
		}
		fmt.Fprintf(env.stderr, "board-key: want the action rotate, got %s\n", got)
		fs.Usage()
		return exitUsage
	}
	// Rotating the keys of a database that does not exist yet would make
	// one, whose key no bot uses: openBotStore refuses it.
	st, code := openBotStore(ctx, env, "board-key", *dsn)
	if st == nil {
		return code
	}
	defer st.Close()
	keys, err := st.RotateBoardKey(ctx, time.Now(), boardtoken.NewSecret, *revoke)
	if err != nil {
		fmt.Fprintf(env.stderr, "error: %s\n", app.ScrubMessage(err.Error()))
		return exitError
	}
	if *revoke {
		fmt.Fprintln(env.stdout, "every older key is revoked: links made before now no longer open")
	}
	for _, k := range keys {
		if k.RetiredAt.IsZero() {
			fmt.Fprintf(env.stdout, "key %d signs board links from now on\n", k.ID)
		} else {
			fmt.Fprintf(env.stdout, "key %d retired %s; verifies its links until %s\n", k.ID,
				k.RetiredAt.Format(time.RFC3339), k.RetiredAt.Add(store.BoardKeyGrace).Format(time.RFC3339))
		}
	}
	return exitOK
}

// plainPath reports whether dsn plainly names a SQLite file by its path:
// not a URL or URI, not an in-memory database, and nothing that could be
// a mistyped connection string carrying a password ("user:pw@host",
// "password=..."), which is left to store.Open and never echoed.
func plainPath(dsn string) bool {
	return dsn != ":memory:" && !strings.HasPrefix(dsn, "file:") && !strings.ContainsAny(dsn, ":@= \t")
}

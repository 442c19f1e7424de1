package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"

	"github.com/sudokubot/sudokubot/app"
)

// runCommands prints the body the bot sends to Discord's bulk-overwrite
// endpoint, for registering the commands by hand (e.g. with curl).
func runCommands(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("commands", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	activity := fs.Bool("activity", false, "add the Activity's entry point command, as the bot does with SUDOKUBOT_ACTIVITY=true")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot commands [--activity]")
		fmt.Fprintln(fs.Output(), "Prints the application commands as the JSON body of PUT /applications/{id}/commands.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlagsOnly(env, fs, args); !ok {
		return code
	}
	raw, err := app.CommandsJSON(*activity)
	if err != nil {
		fmt.Fprintf(env.stderr, "error: %v\n", err)
		return exitError
	}
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		fmt.Fprintf(env.stderr, "error: %v\n", err)
		return exitError
	}
	out.WriteByte('\n')
	_, _ = env.stdout.Write(out.Bytes())
	return exitOK
}

package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/sudokubot/sudokubot/app"
)

// configEnv names the config file when --config is not given, so that a
// container's environment can point every subcommand (the bot and its
// health check) at the same file.
const configEnv = "SUDOKUBOT_CONFIG"

// runBot is `sudokubot bot`: the settings from --config (or
// $SUDOKUBOT_CONFIG) and the environment, then app.Serve until
// interrupted.
func runBot(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	configPath := fs.String("config", env.getenv(configEnv), "YAML config `FILE` (see config.example.yaml; default $"+configEnv+"); the environment wins over it")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot bot [--config FILE]")
		fs.PrintDefaults()
	}
	if code, ok := parseFlagsOnly(env, fs, args); !ok {
		return code
	}
	cfg, err := app.LoadFile(*configPath, env.getenv)
	if err != nil {
		fmt.Fprintf(env.stderr, "error: %v\n", err)
		return exitError
	}
	log := app.NewLogger(env.stderr, cfg)
	if err := app.Serve(ctx, cfg, log, buildVersion(env.version)); err != nil {
		// Once, in the log's format: the log and the plain line both went
		// to stderr.
		log.Error("bot stopped", "err", app.ScrubMessage(err.Error()))
		return exitError
	}
	return exitOK
}

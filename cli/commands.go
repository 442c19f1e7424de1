// Package cli is the sudokubot command: every subcommand works without
// Discord except `bot`, which runs the wiring of package app.
package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Exit statuses of every subcommand, from the CLI contract.
const (
	exitOK    = 0
	exitError = 1 // at least one output line was an error
	exitUsage = 2
)

// command is one subcommand. Each lives in its own cmd_*.go file and is
// listed in commands.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *cliEnv, args []string) int
}

// commands is every subcommand, in the order usage lists them. A new
// subcommand is one line here and its cmd_*.go file.
var commands = []command{
	{"board-key", "rotate the key that signs board links (the previous one keeps working for 7 days)", runBoardKey},
	{"bot", "run the Discord bot and the daily publisher", runBot},
	{"commands", "print the bot's application commands as Discord JSON", runCommands},
	{"daily", "print a date's daily puzzle (PUZZLE LEVEL SCORE) and write its PNG as posted", runDaily},
	{"generate", "generate puzzles with a unique solution, reproducible from a seed", runGenerate},
	{"health", "ask a running bot's /healthz (for Docker's HEALTHCHECK): exit 0 when it answers ok", runHealth},
	{"hint", "the next hint for a player's position: mistakes first, then a logical step", runHint},
	{"jobs", "list the job queue (--dead: failed for good), and retry or drop jobs", runJobs},
	{"mine", "dig and grade minimal puzzles for the generator's pool (maintainers)", runMine},
	{"rate", "grade puzzles: LEVEL SCORE HARDEST-TECHNIQUE, on the player or the Sudoku Explainer scale", runRate},
	{"render", "draw a board (progress, pencil marks, a hint) or a result card as a PNG", runRender},
	{"repeats", "make years of dailies in a scratch store and count repeats up to symmetry, with each level's variety and CPU time", runRepeats},
	{"solve", "solve puzzles: the 81-digit solution, or why there is none", runSolve},
	{"steps", "explain each puzzle's logical solution path, step by step", runSteps},
	{"techlib", "mine and build the technique library that training serves from (maintainers)", runTechlib},
}

// lookup finds a subcommand by name.
func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// cliEnv is the outside world a subcommand may touch; tests substitute it.
type cliEnv struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	version        string // what `sudokubot version` prints; "" is "dev"
}

// Main runs the command line of the process (os.Args, standard streams,
// the environment) until it is done or interrupted, and returns the exit
// status. version is the build's, for `sudokubot version`.
func Main(version string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return run(ctx, &cliEnv{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, version: version}, os.Args[1:])
}

// run dispatches to a subcommand and returns the exit status.
func run(ctx context.Context, env *cliEnv, args []string) int {
	if len(args) == 0 {
		usage(env.stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(env.stdout)
		return exitOK
	case "-version", "--version", "version":
		fmt.Fprintln(env.stdout, "sudokubot", buildVersion(env.version))
		return exitOK
	}
	c, ok := lookup(args[0])
	if !ok {
		fmt.Fprintf(env.stderr, "sudokubot: unknown command %q\n\n", args[0])
		usage(env.stderr)
		return exitUsage
	}
	return c.run(ctx, env, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: sudokubot <command> [flags] [args]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'sudokubot <command> -h' for a command's flags.")
}

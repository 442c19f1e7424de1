// Command sudokubot is a Discord bot and daily Sudoku publisher, and a
// command-line Sudoku toolkit: every subcommand works without Discord.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// Exit statuses of every subcommand, from the CLI contract.
const (
	exitOK    = 0
	exitError = 1 // at least one output line was an error
	exitUsage = 2
)

// command is one subcommand. Each lives in its own cmd_*.go file and adds
// itself with register, so subcommands can be added without touching this
// file.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *cliEnv, args []string) int
}

// cliEnv is the outside world a subcommand may touch; tests substitute it.
type cliEnv struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
}

var commands = map[string]command{}

func register(c command) { commands[c.name] = c }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, &cliEnv{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}, os.Args[1:])
	stop()
	os.Exit(code)
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
		fmt.Fprintln(env.stdout, "sudokubot", version)
		return exitOK
	}
	c, ok := commands[args[0]]
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
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'sudokubot <command> -h' for a command's flags.")
}

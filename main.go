// Command sudokubot is a Discord bot and daily Sudoku publisher, and a
// command-line Sudoku toolkit: every subcommand works without Discord.
// Everything lives in package cli; this is only the front door.
package main

import (
	"os"

	"github.com/sudokubot/sudokubot/cli"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() { os.Exit(cli.Main(version)) }

// Package daily is the one source of daily puzzles: a daily's number and
// title, its deterministic seed and generation, its pictures, and Source,
// which serves each day's puzzle from memory, the store or the generator
// and makes it once however many ask at the same time. A daily is named
// by a store.Day, the guild-local date (store.DayOf), parsed once where a
// date comes in (store.ParseDay).
//
// The publisher (package schedule), the bot's /sudoku daily and the
// `sudokubot daily` command all get their daily here, so what a guild is
// posted, what a player plays and what the CLI prints are one puzzle with
// one title.
package daily

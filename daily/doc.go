// Package daily is the one source of daily puzzles: the date a daily
// belongs to (ParseDay, LocalDay, AddDays), its number and title, its
// deterministic seed and generation, its pictures, and Source, which
// serves each day's puzzle from memory, the store or the generator and
// makes it once however many ask at the same time.
//
// The publisher (package schedule), the bot's /sudoku daily and the
// `sudokubot daily` command all get their daily here, so what a guild is
// posted, what a player plays and what the CLI prints are one puzzle with
// one title.
package daily

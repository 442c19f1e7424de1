// Package explain turns the engine's structured steps and hints into words
// a player can follow.
//
// A step (engine.Step) is data: the technique, the pattern's cells with
// their roles, the houses, the links of a chain and the branches of a
// forcing chain. Every text a person reads about a step, the `steps`
// listing and the three levels of a hint alike, is rendered here from that
// data; nothing here parses English and the engine writes none.
//
// The levels of a hint mean the same for every technique:
//
//  1. the technique in plain words, its one-sentence definition, and where
//     to look;
//  2. the pattern and the complete reasoning, but never the result: no
//     placed digit and no eliminated candidate is named;
//  3. the reasoning and the result, once, grouped by cell.
//
// Text is written one technique family per file: each registers its
// techniques' player-facing names and definitions beside the function that
// words the family's reasoning.
package explain

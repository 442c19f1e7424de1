package engine

import (
	"errors"
	"fmt"
	"strings"
)

// Level is a difficulty band of the score, named like the popular Sudoku
// apps (see DESIGN.md "Score and levels"): of the player score (Rate) or
// of the SE score (RateSE). The zero Level is LevelEasy.
type Level int

// The levels, easiest first, with the techniques whose steps rate in
// their band (TechniqueLevel gives each technique's level).
const (
	LevelEasy    Level = iota // up to 1.5: full house, hidden singles
	LevelMedium               // 1.6-2.5: naked singles, direct intersections and hidden pairs
	LevelHard                 // 2.6-3.9: intersections, pairs, triples, X-Wing, Swordfish
	LevelExpert               // 4.0-5.9: wings, single-digit patterns, uniqueness, quads, finned fish, colouring
	LevelMaster               // 6.0-7.9: chains, ALS, aligned exclusion (and Nishio forcing chains)
	LevelExtreme              // 8.0 and up: cell, region and dynamic forcing chains
)

// Levels lists every level, easiest first.
var Levels = []Level{LevelEasy, LevelMedium, LevelHard, LevelExpert, LevelMaster, LevelExtreme}

// DefaultLevel is the level of a puzzle nobody chose a level for: a
// guild's daily before an admin picks one, /sudoku new without a level,
// the CLI's daily.
const DefaultLevel = LevelMedium

// LevelNames returns the level names, easiest first, for option lists.
func LevelNames() []string { return append([]string(nil), levelNames[:]...) }

var levelNames = [...]string{"easy", "medium", "hard", "expert", "master", "extreme"}

// levelMax is the highest score of each level but the last. Scores carry one
// decimal; the bounds sit half-way so that 1.5 is easy and 1.6 medium
// whatever the float rounding.
var levelMax = [...]float64{1.55, 2.55, 3.95, 5.95, 7.95}

// ErrUnknownLevel is returned by ParseLevel for a name that is not a level.
var ErrUnknownLevel = errors.New("unknown level")

// String returns the level's lower-case name, e.g. "expert".
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel reads a level name, ignoring case and surrounding space.
func ParseLevel(s string) (Level, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, n := range levelNames {
		if n == t {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("%w %q (want one of %s)", ErrUnknownLevel, s, strings.Join(levelNames[:], ", "))
}

// MarshalText writes the level's name, so a Level reads as "hard" in JSON,
// YAML and anywhere text is stored; it fails for a value that is no level.
func (l Level) MarshalText() ([]byte, error) {
	if l < 0 || int(l) >= len(levelNames) {
		return nil, fmt.Errorf("%w %d", ErrUnknownLevel, int(l))
	}
	return []byte(levelNames[l]), nil
}

// UnmarshalText reads a level's name, as ParseLevel.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Valid reports whether l is one of Levels.
func (l Level) Valid() bool { return l >= 0 && int(l) < len(levelNames) }

// MinScore returns the lowest score of the level's band.
func (l Level) MinScore() float64 {
	if l <= LevelEasy {
		return 0
	}
	if int(l) > len(levelMax) {
		l = Level(len(levelMax))
	}
	return roundScore(levelMax[l-1] + 0.05)
}

// LevelForScore returns the level whose band holds score.
func LevelForScore(score float64) Level {
	for i, m := range levelMax {
		if score < m {
			return Level(i)
		}
	}
	return LevelExtreme
}

// TechniqueLevel returns the level of a technique's family (name as in
// Step.Technique, TechniqueInfo.Level), whatever the step's exact score:
// "Hidden Triple" is hard, "Nishio Forcing Chain" extreme. A name the
// catalogue does not know falls back to the band of the score;
// TestTechniqueCatalogue makes sure every finder's technique is listed.
func TechniqueLevel(name TechniqueID, score float64) Level {
	if t, ok := name.Info(); ok {
		return t.Level
	}
	return LevelForScore(score)
}

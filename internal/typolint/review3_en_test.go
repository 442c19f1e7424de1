package typolint

import (
	"strings"
	"testing"
)

// TestEnglishSpelling checks the spelling rules of review3_en.go on the
// texts the native reading of 2026-11-29 quoted and on their replacements:
// en-US reads American, en-GB British, the bracketed expert names too
// (en-US "Coloring (Simple Coloring)", en-GB "Colouring (Simple
// Colouring)").
func TestEnglishSpelling(t *testing.T) {
	english := func(rule string) bool { return strings.Contains(rule, "spelling in") }
	checkReview(t, "en-US", []reviewCase{
		{"This technique can’t be practiced on its own: wherever it applies, “Naked Pair” or “Colouring” applies too.", ruleBritishInUS},
		{"This technique can’t be practiced on its own: wherever it applies, “Naked Pair” or “Coloring” applies too.", ""},
		{"so the two get different colours, and one colour is 4 throughout.", ruleBritishInUS},
		{"so the two get different colors, and one color is 4 throughout.", ""},
		{"in the flame's colour while part of your streak", ruleBritishInUS},
		{"Alternating inference chains generalise both to several digits.", ruleBritishInUS},
		{"Alternating inference chains generalize both to several digits.", ""},
		{"pick another technique to practise.", ruleBritishInUS},
		{"Recognise the pattern in the centre box.", ruleBritishInUS},
		{"The game was cancelled.", ruleBritishInUS},
		{"A grey cell.", ruleBritishInUS},
		{"Coloring (Simple Colouring): Color 1's conjugate pairs.", ruleBritishInUS},
		{"Coloring (Simple Coloring): Color 1's conjugate pairs.", ""},
		{"Try Coloring two chains (Multi-Colouring).", ruleBritishInUS},
		{"Try Coloring two chains (Multi-Coloring).", ""},
		{"Also known as Simple Colouring", ruleBritishInUS},
		{"In Discord, type `/sudoku new technique:Simple Coloring`.", ""},
		{"Otherwise, likewise, do the exercise: the analyses agree.", ""},
		{"No practice puzzle is known for this technique yet.", ""},
	}, english)
	checkReview(t, "en-GB", []reviewCase{
		{"wherever it applies, “Naked Pair” or “Coloring” applies too.", ruleAmericanInGB},
		{"wherever it applies, “Naked Pair” or “Colouring” applies too.", ""},
		{"Color marks: with no digit chosen a tap colors the cell.", ruleAmericanInGB},
		{"Colour marks: with no digit chosen a tap colours the cell.", ""},
		{"This technique can’t be practiced on its own.", ruleAmericanInGB},
		{"pick another technique to practice.", ruleAmericanInGB},
		{"pick another technique to practise. No practice puzzle is known.", ""},
		{"Alternating inference chains generalize both.", ruleAmericanInGB},
		{"The center box, in gray.", ruleAmericanInGB},
		{"Colouring (Simple Colouring) and Multi-Colouring.", ""},
		{"Colouring (Simple Coloring).", ruleAmericanInGB},
		{"Try Colouring two chains (Multi-Coloring).", ruleAmericanInGB},
		{"Tap a picture to see it full size.", ""},
	}, english)
}

package l10n

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/typolint"
)

// sampleArgs fills a message's fields with values of the kind the bot
// gives them, in the message's language: cells, digits, units (as nouns,
// with every form the language declares), technique names, a player
// mention, a level, a date; Count as given. nouns are the fields the
// message asks a form of ("{{.Unit.dat}}"): nouns whatever their name.
func sampleArgs(l *Lang, names, nouns []string, count int) []any {
	var kv []any
	for _, f := range names {
		var v any
		switch {
		case slices.Contains(nouns, f) && (f == "Digit" || f == "D" || f == "X" || f == "Z"):
			v = Forms{"nom": "7", "kind": KindDigit}
			kv = append(kv, f, v)
			continue
		case slices.Contains(nouns, f):
			v = l.Unit(engine.FirstBox + 6)
			kv = append(kv, f, v)
			continue
		}
		switch f {
		case "Count":
			v = count
		case "Unit", "Box", "Line", "Base", "Cover", "Area", "Units", "AllUnits", "U", "U0", "U1", "U2", "Rows", "Row", "Col", "Near", "Link", "QLine":
			v = l.Unit(engine.FirstBox + 6)
		case "Cell", "Cells", "Where", "A", "B", "C", "C1", "C2", "X1", "X2", "Y1", "Y2", "Pivot", "Far", "FarCells", "Pair", "Set", "Fins", "Corners", "ACells", "BCells", "Target", "Others", "RowMate", "ColMate", "Places":
			v = "r4c6"
		case "User", "Opponent", "Opp", "Who", "Host", "Players":
			v = "42"
		case "Name", "Plain", "Title", "Fish":
			v = l.T("tech.xy_chain.name")
		case "Names":
			// Techniques one of which applies, as game names them
			// (train.never_first).
			var names []string
			for _, k := range []string{"hidden_single", "pointing", "claiming"} {
				names = append(names, l.T("train.never_first_name", "Name", l.T("tech."+k+".name")))
			}
			v = l.OrList(names)
		case "Expert":
			v = "XY-Chain"
		case "FishKey":
			// The feminine fish, where a fixed article would go wrong.
			v = "jellyfish"
		case "Level":
			v = l.Level(engine.LevelMedium)
		case "Date":
			v = l.Date(time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC))
		case "Channel":
			v = "<#401>"
		default:
			v = 7
		}
		kv = append(kv, f, v)
	}
	return kv
}

// TestTypographyOfEveryMessage renders every message of every language
// with sample data (each plural form) and lints it as a reader would:
// replies, the daily post, the hints' pieces.
func TestTypographyOfEveryMessage(t *testing.T) {
	for _, tag := range Tags() {
		l := For(discordLocale(tag))
		msgs := readFile(t, tag)
		ids := make([]string, 0, len(msgs))
		for id := range msgs {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		for _, id := range ids {
			names := fields(msgs[id])
			nouns := fieldsOf(msgs[id], nounField)
			for _, count := range []int{0, 1, 5} {
				text := l.T(id, sampleArgs(l, names, nouns, count)...)
				if text == id {
					continue
				}
				for _, p := range typolint.Check(tag, text) {
					t.Errorf("%s %s (Count %d): %v", tag, id, count, p)
				}
				if !slices.Contains(names, "Count") {
					break
				}
			}
		}
	}
}

// discordLocale is the Discord locale that reads a catalogue file.
func discordLocale(tag string) string {
	for loc, t := range discordLocales {
		if t == tag && !strings.Contains(loc, "419") {
			return loc
		}
	}
	return tag
}

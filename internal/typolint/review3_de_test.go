package typolint

import "testing"

// TestReview3De checks each German fault class of the review of 5b8e8fb
// against the text it once was and the text the catalogue now renders.
func TestReview3De(t *testing.T) {
	tests := []struct {
		text, rule string // rule "" = clean
	}{
		{"In jedem Paar ist ein Feld die 1 und das andere nicht, also bekommen die beiden verschiedene Farben, und eine Farbe ist überall die 1.", "German: a colour is the digit everywhere"},
		{"Also ist B nirgends die 1, und A ist überall die 1.", "German: a colour is the digit everywhere"},
		{"Also steht die 1 in keinem Feld von B, sondern in allen Feldern von A.", ""},
		{"Angenommen, r3c6 ist 3: ein Schritt führt zum gemeinsamen Schluss.", "German small letter after a colon before a sentence"},
		{"Kopiert: füge es ein, wo du willst.", "German small letter after a colon before a sentence"},
		{"Angenommen, r3c6 ist 3: Ein Schritt führt zum gemeinsamen Schluss.", ""},
		{"Kandidaten an: alle Ziffern, die jedes leere Feld noch aufnehmen kann.", ""},
		{"Ist r3c7 keine 4, ist es r3c3, also ist r1c2 keine, und r5c2 ist eine.", "German es for a cell in a strong link"},
		{"Ist r3c7 keine 4, ist r3c3 eine 4, also ist r1c2 keine und r5c2 eine.", ""},
		{"Jede Einheit von den Zeilen 1, 2 und 5 und Block 7 braucht eine 8, zusammen vier", "the English skeleton: each of, two of, give both their digit"},
		{"r1c9 liegt in zweien dieser Einheiten (Zeile 1 und Block 3), könnte also in beiden zugleich die Ziffer stellen", "the English skeleton: each of, two of, give both their digit"},
		{"Jede dieser vier Einheiten braucht eine 8, und alle ihre Plätze liegen in den Spalten 1, 2, 5 und 7", ""},
		{"Kette fast gesperrter Mengen (ALS-XY-Chain): 5 fast gesperrte Mengen, jede mit einer Ziffer mehr als Feldern, bilden eine Kette:", "a sentence that starts with a numeral"},
		{"Kette fast gesperrter Mengen (ALS-XY-Chain): Eine Kette aus 5 fast gesperrten Mengen, jede mit einer Ziffer mehr als Feldern:", ""},
		{"Zeile, Spalte und Block enthalten 1 in r8c2, 2 in r7c2", "a digit without its article (or a variable with one)"},
		{"Wäre keines davon 7, wäre das Rechteck tödlich.", "a digit without its article (or a variable with one)"},
		{"Dann fehlt E die 2, also ist E gesperrt und hat die Z.", "a digit without its article (or a variable with one)"},
		{"Wäre keines davon eine 7, wäre das Rechteck ein tödliches Muster.", ""},
		{"was mit beiden kollidiert, ist falsch", "a word the German style sheet does not use"},
		{"setzen alle Schablonen, die ins Gitter passen, die Ziffer in dasselbe Feld", "a word the German style sheet does not use"},
		{"Zwei Gruppen von Feldern mit je einer Ziffer mehr als Feldern", "a word the German style sheet does not use"},
		{"ein Kandidat, der beiden widerspricht, ist falsch", ""},
		{"Entweder ist es die 4, oder r1c6 ist 7, was es sieht.", "a calque the German review of 5b8e8fb named"},
		{"r1c9 hat nur 8 und 9, also können die beiden nicht 8 und 9 sein.", "a calque the German review of 5b8e8fb named"},
		{"die anderen beiden ergäben ein tödliches Muster, also verlieren sie sie.", "a calque the German review of 5b8e8fb named"},
		{"Noch nicht ganz: 1 Feld deiner Lösung ist falsch. Weiter so!", "a calque the German review of 5b8e8fb named"},
		{"r1c9 hat nur 8 und 9, also können die beiden nicht zusammen 8 und 9 sein.", ""},
		{"Suche in einer Ziffer ein Muster wie ein X-Wing, das fast aufgeht", "a calque the German lesson review of 5b8e8fb named"},
		{"Ist der Angelpunkt X, muss die Zange XZ Z sein; ist er Y, muss es die Zange YZ sein.", "a calque the German lesson review of 5b8e8fb named"},
		{"mit einer geraden Zahl von Feldern in jeder Zeile, Spalte und jedem Block, durch die er läuft", "a calque the German lesson review of 5b8e8fb named"},
		{"Nimm eine Ziffer und suche ein Muster, das beinahe ein X-Wing wäre: Es ginge auf", ""},
	}
	for _, tt := range tests {
		got := Check("de", tt.text)
		if tt.rule == "" {
			if len(got) > 0 {
				t.Errorf("%q: %v, want none", tt.text, got)
			}
			continue
		}
		found := false
		for _, p := range got {
			found = found || p.Rule == tt.rule
		}
		if !found {
			t.Errorf("%q: %v, want %q", tt.text, got, tt.rule)
		}
	}
}

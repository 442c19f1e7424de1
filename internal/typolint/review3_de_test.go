package typolint

import "testing"

// TestReview3De checks each German fault class of the readings of 5b8e8fb,
// 46bf67c and bc848cc against the text it once was and the text the catalogue now renders.
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
		// The second reading of 46bf67c (review-2026-11-29b/de.md).
		{"r3c3 und r1c2 liegen beide in Block 1, also ist höchstens eines davon eine 4.\n  Also ist eines der anderen Enden, r3c7 oder r5c2, eine 4.", "German also at every link of a proof"},
		{"Dann ist A gesperrt (so viele Ziffern wie Felder, also muss jede davon darin stehen), hat also die 5.", "German also at every link of a proof"},
		{"r3c3 und r1c2 liegen beide in Block 1, also ist höchstens eines davon eine 4.\n  Damit ist eines der anderen Enden, r3c7 oder r5c2, eine 4: Ist r3c7 keine 4, ist r3c3 eine 4, r1c2 folglich keine und r5c2 eine.\n  Kein Feld, das r3c7 und r5c2 beide sieht, kann daher eine 4 sein.", ""},
		{"und ein Feld, das durch zwei seiner Ziffern mit sich selbst verbunden ist, hat eine dieser beiden.", "the English skeleton: a cell joined to itself"},
		{"und ein Feld, durch das der Ring mit zwei seiner Ziffern läuft, enthält eine dieser beiden.", ""},
		{"Was der Stamm auch hat, das Blütenblatt dieser Ziffer ist gesperrt", "German was … auch before dieser Ziffer"},
		{"Welche Ziffer der Stamm auch bekommt, das Blütenblatt dieser Ziffer ist gesperrt", ""},
		{"Was immer der Stamm enthält, das Blütenblatt dieser Ziffer verliert sie", "German was … auch before dieser Ziffer"},
		{"also müssen die wenigen Felder, die das Muster stören, es auch gestört halten.", "a calque the second German reading of 46bf67c named"},
		{"also dürfen die wenigen Felder, die das Muster stören, es nicht zustande kommen lassen.", ""},
		{"(r9c2, r9c3 und r9c4: eine fast gesperrte Menge aus 1, 3, 4 und 7; ohne die 8 haben sie 1, 3, 4 und 7)", "the English skeleton: an almost locked set of digits (German)"},
		{"(r9c2, r9c3 und r9c4: eine fast gesperrte Menge mit den Ziffern 1, 3, 4 und 7; ohne die 8 haben sie 1, 3, 4 und 7)", ""},
		{"Also kann ein Feld, das jede 2 oder 9 aller Blütenblätter sieht, sie nicht enthalten.", "a calque the second German reading of 46bf67c named"},
		{"Keine der übrigen Schablonen der 8 benutzt r2c1 und r2c2; also können sie keine 8 sein.", "a calque the second German reading of 46bf67c named"},
		{"Wären r7c5 und r8c7 die 6, bekämen r7c7 und r8c5 die andere Ziffer", "a calque the second German reading of 46bf67c named"},
		{"Ihre Kandidaten: r1c1 (4, 8 oder 9) und r1c3 (5, 8 oder 9).", "a calque the second German reading of 46bf67c named"},
		{"Die 5 steht in A auf r1c4 und r1c6, in B auf r1c9", "a calque the second German reading of 46bf67c named"},
		{"In Zeile 3 r3c1 und r3c2 (nur 4 und 7), in Block 1 r1c1 (nur 5 und 6): Die beiden Gruppen teilen keine Ziffer.", "a calque the second German reading of 46bf67c named"},
		{"Ein Feld, das alle Plätze einer dieser Ziffern in allen Blütenblättern sieht, kann diese Ziffer daher nicht enthalten.", ""},
		{"Die übrigen Schablonen der 8 lassen r2c1 und r2c2 frei; dort kann daher keine 8 stehen.", ""},
		{"Stünde die 6 in r7c5 und r8c7, bekämen r7c7 und r8c5 die andere Ziffer", ""},
		{"Die 5 kann in A nur in r1c4 und r1c6, in B nur in r1c9 stehen, und jedes dieser Felder sieht die anderen, also hat höchstens eine Menge die 5.", ""},
		// The third reading of bc848cc (review-2026-11-29c/de.md).
		{"Manche Kandidaten der 8 kommen in keiner der übrigen Schablonen vor: Diese Felder können keine 8 sein.", "a calque the third German reading of bc848cc named"},
		{"Manche Felder mit dem Kandidaten 8 kommen in keiner der übrigen Schablonen vor: Sie können keine 8 sein.", ""},
		{"Deine anderen offenen Spiele hier findest du unten auf den Knöpfen.", "a calque the third German reading of bc848cc named"},
		{"Zu deinen anderen offenen Spielen hier kommst du über die Knöpfe unten.", ""},
		{"Koop hier", "a calque the third German reading of bc848cc named"},
		{"Rennen hier", "a calque the third German reading of bc848cc named"},
		{"Hier um die Wette spielen", ""},
		{"Code kopiert: Mit /sudoku neu und diesem Code kann ihn jeder spielen.", "a calque the third German reading of bc848cc named"},
		{"Code kopiert: Mit /sudoku neu und diesem Code kann jeder das Rätsel spielen.", ""},
		{"Angenommen, r5c5 oder r5c6 ist eine 2: r6c4 ist nicht 2 (derselbe Block).", "a calque the third German reading of bc848cc named"},
		{"Angenommen, die 2 steht in r5c5 oder r5c6: r6c4 ist nicht 2 (derselbe Block).", ""},
		{"Monat", "a calque the third German reading of bc848cc named"},
		{"diesen Monat", ""},
		{"Aktualisiert mit einem Zug von anderswo.", "a calque the third German reading of bc848cc named"},
		{"Aktualisiert: Ein Zug von anderswo ist dazugekommen.", ""},
		{"ein Feld pro Tagesrätsel (gefüllt, wenn gelöst, in der Farbe der Flamme, solange es zu deiner Serie gehört, ein Ring, wenn nachgeholt)", "a calque the third German reading of bc848cc named"},
		{"ein Feld pro Tagesrätsel (gefüllt, wenn gelöst; in der Farbe der Flamme, solange es zu deiner Serie gehört; ein Ring, wenn nachgeholt)", ""},
		{"Nimm einen Kandidaten an und verfolge die Folgen; kommen sie zum Stehen, verzweige nach den Kandidaten eines Feldes", "a calque the third German reading of bc848cc named"},
		{"also steht eine Ziffer, die in jedem Blütenblatt, aber nicht im Stamm ist, in einem der Blütenblätter", "a calque the third German reading of bc848cc named"},
		{"also steht eine Ziffer, die in jedem Blütenblatt vorkommt, aber nicht im Stamm, in einem der Blütenblätter", ""},
		{"Deckung", "a calque the third German reading of bc848cc named"},
		{"Deckeinheit", ""},
		{"Der Y-Wing ist eine solche Kette aus drei Feldern, das entfernte Paar eine, in der jedes Feld dieselben zwei Ziffern hat.", "a calque the third German reading of bc848cc named"},
		{"Der Y-Wing ist eine solche Kette aus drei Feldern; das entfernte Paar ist eine, in der jedes Feld dieselben zwei Ziffern hat.", ""},
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

package typolint

import "regexp"

// The German fault classes of the native review of the corpus at 5b8e8fb
// (l10n/style/review-2026-11-29/de.md) that the catalogue then fixed by
// rewording its messages: each pattern is what the fault looked like in a
// rendered hint or message, so that it cannot come back.
var (
	// F81 "eine Farbe ist überall die 4", "A ist nirgends die 7": a colour
	// is not a digit; the digit stands in all the cells of a colour.
	deColourEverywhere = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\b(ist|sind) überall die [1-9]\b|\bnirgends die [1-9]\b|\bträgt überall die Ziffer\b`),
	}
	// F20 "…: ein Schritt führt …", "Kopiert: füge es ein": a whole
	// sentence after a colon starts with a capital. Only the openings the
	// catalogue once had; a fragment after a colon ("Kandidaten an: alle
	// Ziffern, …") stays small.
	deSmallSentenceAfterColon = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`: (ein Schritt führt|füge|markiere|frag|schließe?|nimm|warte|spielt|lade|tippe|drück|die Lösung ist|das (Spiel)?[Ff]eld zeigt|dein Zug wurde|der ganze Text steht|mit /sudoku)\b`),
	}
	// F21 "Ist r3c7 keine 4, ist es r3c3, also ist r1c2 keine, und r5c2
	// ist eine": „es“ with no noun to stand for, and elliptic clauses.
	deItIsCell = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\bkeine [1-9], ist es r[1-9]c[1-9]\b|\bist r[1-9]c[1-9] keine, und\b`),
	}
	// F69 "Jede Einheit von den Zeilen 1, 2 und 5 und Block 7 braucht",
	// F29/F84 "in zwei von …", "könnte in beiden zugleich die Ziffer
	// stellen": the English "each of", "two of", "give both their digit".
	deEachOfTwoOf = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\bJede Einheit von\b|\bin zwei von (Zeile|Spalte|Block|den)\b|\bdie Ziffer stellen\b|\bgäbe beiden zugleich\b`),
	}
	// F41 "(ALS-XY-Chain): 5 fast gesperrte Mengen": a sentence that
	// starts with a numeral.
	deNumeralOpens = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`(^|[.:!?] )[2-9] fast gesperrte Mengen\b`),
	}
	// F19 and F82: a digit without the article or "eine" the catalogue
	// gives digits: "Zeile, Spalte und Block enthalten 1 in r8c2", "Wäre
	// keines davon 7, wäre das Rechteck tödlich"; F24: the variable Z with
	// a digit's article or "keine" ("hat die Z", "hat keine Z").
	deBareDigit = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\benthalten [1-9] in r[1-9]c[1-9]\b|\bkeines davon [1-9]\b|\bwäre das Rechteck tödlich\b|\bhat (die|keine) Z\b`),
	}
	// F74 "kollidiert", F36 "Zwei Gruppen von Feldern", F18 "Gitter": words
	// the German style sheet does not use (widerspricht, fast gesperrte
	// Mengen, Spielfeld).
	deOffSheetWord = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\bkollidier(t|en)\b|\bZwei Gruppen von Feldern\b|\bGitter(s)?\b`),
	}
	// The calques the review named one by one (F12, F17, F25–F27, F33–F35,
	// F39, F40, F42, F71, F75, F92, and the incidental F44, F47, F53, F55,
	// F60, F61, F73, F78, F80): each in one or a few catalogue messages.
	deReviewedCalques = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\boder eine fast gesperrte Menge; eines ihrer Enden\b|\bEin Erzwingungsnetz, das auch die Zeiger\b|\bdavor bewahren\b|` +
			`\bdie (beiden|drei) nicht [1-9] und [1-9] sein\b|\bnicht beide Ziffern\b|\bbleibt, scheitert\b|\bscheitert jedes\b|\bwas es sieht\b|` +
			`\bnimmt eines von ihnen sie\b|\bverlieren sie sie\b|\bwechseln sich mit diesen Ziffern ab\b|\bFelder von den (Zeilen|Spalten|Blöcken)\b|` +
			`\b(Ziffer|Zusatzziffer) hinzu\b|\bauseinander, eine ungerade Zahl\b|\bdieselben wenigen\b|\bhereingelassen\b|\bÖffne das Feld\b|` +
			`\bTageszeiten\b|\b[Ee]ine DM\b|\bmittlere Zeit\b|\bRennen ist zwischen\b|\bnimmt keine weitere Option\b|\btragen keine Version\b|Weiter so!`),
	}
	// The lesson pages' classes (L1–L26 of the same review): "Suche in
	// einer Ziffer ein Muster wie ein X-Wing" (the comparison takes the
	// accusative; the page now says "das beinahe ein X-Wing wäre"), "es"
	// for the digit ("ist es mindestens eine der Spitzen", "muss es die
	// Zange YZ sein"), "ist nah", "genau so viele", a colour that "is" the
	// digit, and a relative "die" right after "jedem/jeden Block" (it
	// reads as agreeing with the block).
	deLessonCalques = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\bSuche in einer Ziffer\b|\bein Muster wie (ein|der) (X-Wing|Schwertfisch)\b|\bist es mindestens eine\b|\bEines der fernen Enden ist es\b|` +
			`\bmuss es (die Zange|das Feld) [A-Z]{2} sein\b|\bist nah, wenn\b|\bgenau so viele\b|\bist eine Farbe die Ziffer\b|\bjede[mn] Block, (durch )?die\b`),
	}
)

// The German fault classes of the second native reading of the corpus at
// 46bf67c (l10n/style/review-2026-11-29b/de.md), fixed in the catalogue
// the same way: each pattern is the fault as a player read it.
var (
	// G1 "r3c3 und r1c2 liegen beide in Block 1, also ist höchstens eines
	// davon eine 4. Also ist eines der anderen Enden …, also ist r1c2
	// keine": "also" at every link of a proof, twice in one sentence or
	// opening the sentence after one that ended on it. German varies the
	// connector (damit, folglich, daher) or puts the subject first.
	deAlsoEveryLink = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`(?i:\balso\b)[^.!?]*\balso\b|(?i:\balso\b)[^.!?]*[.!?]\s+Also\b`),
	}
	// G2 "ein Feld, das durch zwei seiner Ziffern mit sich selbst
	// verbunden ist": the English "a cell joined to itself"; the ring runs
	// through the cell with two of its digits.
	deJoinedToItself = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\bmit sich selbst verbunden\b`),
	}
	// G3 "Was der Stamm auch hat (the lesson: Was immer der Stamm enthält),
	// das Blütenblatt dieser Ziffer": „was“
	// leaves „dieser Ziffer“ nothing to point back to (welche Ziffer …).
	deWhateverStem = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\bWas (immer )?der Stamm (auch )?(hat|enthält)\b`),
	}
	// G4 "eine fast gesperrte Menge aus 1, 3, 4": a set of cells made of
	// digits (mit den Ziffern 1, 3, 4).
	deSetOfDigits = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\bfast gesperrte Menge aus [1-9]`),
	}
	// The incidental faults of the same reading (G5–G10) and its
	// judgement calls, each in one or two messages: "jede 6 oder 9 von A
	// und von E", "Keine der übrigen Schablonen … benutzt …; also können
	// sie keine 8 sein", "Wären r7c5 und r8c7 die 6", "enthalten beide 7",
	// "Deine Lösung hat 5 in", "Ihre Kandidaten:" (the formal "your" in a
	// du-text), "Die 5 steht in A auf r1c4" (a candidate told as placed),
	// and the BUG lesson's "es auch gestört halten" ("keep it broken").
	deSecondReadingCalques = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\bjede [1-9] oder [1-9] (von|aller)\b|\balso können sie keine [1-9] sein\b|\bWären r[1-9]c[1-9]( und r[1-9]c[1-9])+ die [1-9]\b|` +
			`\benthalten beide [1-9]\b|\bes auch gestört halten\b|\bDeine Lösung hat [1-9] in\b|\bIhre Kandidaten:|\bsteht in A auf\b|\bIn (Zeile|Spalte|Block) [1-9] r[1-9]c[1-9]`),
	}
)

// The third German reading of the corpus at bc848cc
// (l10n/style/review-2026-11-29c/de.md) found nothing systematic; these are
// its incidental faults (I1–I4) and judgement calls (J1–J7, and the
// lesson's L-J1), each in one to five messages, fixed in the catalogue and
// kept out by one rule:
//   - "Manche Kandidaten …: Diese Felder" (no cells named before „Diese“);
//   - "findest du unten auf den Knöpfen" (the English "are on the buttons");
//   - the button labels "Koop hier", "Rennen hier";
//   - "kann ihn jeder spielen" (the code is not what is played);
//   - "Angenommen, r5c5 oder r5c6 ist eine 2" beside "r5c7 ist 2";
//   - the period choices "Woche", "Monat" beside "heute", "insgesamt";
//   - "Aktualisiert mit einem Zug von anderswo";
//   - a legend's items and conditions all separated by commas;
//   - "kommen sie zum Stehen" for a line of reasoning;
//   - "die in jedem Blütenblatt, aber nicht im Stamm ist";
//   - the fish roles "Basis", "Deckung";
//   - "das entfernte Paar eine, in der" (a dropped verb before a relative clause).
var deThirdReadingCalques = map[string]*regexp.Regexp{
	"de": regexp.MustCompile(`\bKandidaten der [1-9] kommen in keiner der übrigen Schablonen vor: Diese Felder\b|\bfindest du unten auf den Knöpfen\b|` +
		`^(Koop|Rennen) hier$|\bkann ihn jeder spielen\b|\bAngenommen, r[1-9]c[1-9]( oder r[1-9]c[1-9])+ ist (eine|keine) [1-9]\b|^(Woche|Monat)$|` +
		`\bAktualisiert mit einem Zug\b|\bwenn gelöst, in der Farbe\b|\bkommen sie zum Stehen\b|\bBlütenblatt, aber nicht im Stamm ist\b|` +
		`^(Basis|Deckung)$|\bdas entfernte Paar eine, in der\b`),
}

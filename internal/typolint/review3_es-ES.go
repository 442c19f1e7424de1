package typolint

import "regexp"

// The fault classes the native review of the es-ES corpus at 5b8e8fb
// (l10n/style/review-2026-11-29/es-ES.md) found and the catalogue then
// fixed. Each pattern is what the fault looked like in a rendered message;
// the ids (G1…, M…) are the review's.
var (
	// G26: "… así que está bloqueado. / Así que cada uno …": a written
	// explanation does not open a sentence with the colloquial «Así que»;
	// a conclusion says «Por tanto, …» or «En consecuencia, …».
	esSentenceAsiQue = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`(?m)(^\s*|[.!?]\s+)Así que\b`),
	}
	// G1: "Cada 5 de A ve cada 5 de B", "que vea cada 9 de …": the English
	// "every … sees every …"; Spanish says «todos los 5 de A ven todos los
	// 5 de B», «todos los sitios del 9».
	esEveryEvery = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\b[Cc]ada [1-9] de [A-Z] ve cada\b|\bvea cada [1-9]\b`),
	}
	// G2: "El 5 está en A en r1c4 y r1c6, en B en r1c9": «en» stacked on
	// «en».
	esStackedEn = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bestá en [A-Z] en r[1-9]c[1-9]`),
	}
	// G3: "r1c1 y r1c3 ven las dos r1c9 y r3c2" reads as «las dos r1c9»;
	// the quantifier goes between commas («ven, las dos, r1c9 y r3c2») or
	// the sentence is turned.
	esQuantifierBeforeCell = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bven (las dos|las tres|todas) r[1-9]c[1-9]`),
	}
	// G9: "el 2 no está en ninguna de las casillas r9c5 y r9c6": the
	// English "in none of"; Spanish denies each, «ni r9c5 ni r9c6 son 2».
	esNoneOfTheCells = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bninguna de las casillas r[1-9]c[1-9]`),
	}
	// G8: "(ALS-XY-Chain). 5 conjuntos casi bloqueados …": a sentence that
	// opens with a numeral.
	esNumeralOpensSentence = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`(?m)(^\s*|[.!?]\s+)[1-9][0-9]* conjuntos\b`),
	}
	// G27: "… en las filas 1,⏎    2 y 5 …": a hint's line broken inside a
	// list of numbers, so the line ends on a comma that only separates two
	// numbers (explain's fitLine now breaks at a clause comma instead).
	esBreakInNumberList = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`[0-9],\n\s*[0-9]`),
	}
	// G20: "Resultado: colocar el 9 en r1c4; colocar el 9 en r2c9; …": one
	// clause per cell where the cells of one digit are named together.
	esPlaceRepeated = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`colocar el 1 en r[1-9]c[1-9]; colocar el 1 |colocar el 2 en r[1-9]c[1-9]; colocar el 2 |colocar el 3 en r[1-9]c[1-9]; colocar el 3 |colocar el 4 en r[1-9]c[1-9]; colocar el 4 |colocar el 5 en r[1-9]c[1-9]; colocar el 5 |colocar el 6 en r[1-9]c[1-9]; colocar el 6 |colocar el 7 en r[1-9]c[1-9]; colocar el 7 |colocar el 8 en r[1-9]c[1-9]; colocar el 8 |colocar el 9 en r[1-9]c[1-9]; colocar el 9 `),
	}
	// The other classes of that review, each from one or two templates:
	// G4 «así que las dos no pueden ser», G5 «(vacía r3c2)», G6 «lo que
	// queda … falla», G7 «todo otro dígito», G10 «llevan al mismo sitio»
	// (sitio is a digit's place), G11 «sus propias plantillas», G12 «puede
	// llenar / llenan como mucho», G13 «, y la ve.», G15 «las mismas pocas»,
	// G16 «las otras dos formarían», G17 «sus sitios ahí», G18 the absolute
	// gerund «cada una viendo a», G22 «son las dos B», G23 «el patrón
	// Medusa …» (a name as a common noun), G24 «hace cierto el final», G25
	// the tried value without its article «: x de la caja»; and in the
	// other messages M1 «¡Sigue así!», M2 «movimiento» for «jugada», M4
	// «más primero, luego», M5 «¡`/sudoku diario` para ser el primero!»,
	// M13 «tiempo mediano», M8 «todo par de dígitos … fallaría», M23 a
	// count of one written as a numeral («tu 1 casilla rellena», «1
	// persona ha resuelto»); and in the lesson pages (same date) «limpia /
	// limpian / limpiaría» for removing a digit, «su imagen en el espejo»,
	// «hace cierto el segundo», «cada una viendo la siguiente», «tienen que
	// llenar esas casillas».
	esReview3Calques = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\basí que las (dos|tres) no pueden ser\b|\(vacía r[1-9]c[1-9]\)|\blo que queda para [^.:]{0,30} falla\b|\btodo otro dígito\b|\bllevan al mismo sitio\b|\bsus propias plantillas\b|\b(puede llenar|llenan)( como mucho|, cada uno, como mucho)\b|, y la ve\.|\bmismas pocas\b|\blas otras dos formarían\b|\bsus sitios ahí([^\pL]|$)|\bcada una viendo a\b|\bson las dos [A-Z]\b|\bel patrón [A-ZÁÉÍÓÚ]|\bhace cierto el final\b|[:(] x (de|en) la\b|¡Sigue así!|\bmovimientos?\b|\bmás primero, luego\b|para ser el primero!|\btiempo mediano\b|\btodo par de dígitos\b|(^|[^\pL])tu 1 casilla\b|(^|[^\pL])1 persona ha\b|\blimpi(a|an|aría)\b|\bimagen en el espejo\b|\bhace (cierto|falso) (el|la|lo)\b|\b(cada una|cada uno) viendo\b|\btienen que llenar\b`),
	}
)

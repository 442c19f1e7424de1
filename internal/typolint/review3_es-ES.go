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

// The fault classes of the second native reading of the es-ES corpus, at
// 1b3016f (l10n/style/review-2026-11-29b/es-ES.md); the ids (R…) are that
// review's.
var (
	// R1: "así que en las columnas 1 y 7 el 4 solo puede estar en las filas
	// 1 y 4 y ninguna otra …", "y en la fila 7 el 1 solo puede ir": a fronted
	// list of houses without its comma, so the house's number runs into the
	// digit, and the second clause without its comma after a list that has
	// its own «y».
	esFishCommas = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`[1-9] el [1-9] solo puede (estar|ir)\b|[1-9] y ninguna otra\b`),
	}
	// R2: "y todas las casillas de un mismo color son 1": the reasoning
	// needs one of the two colours, not each colour.
	esOneSameColour = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\btodas las casillas de un mismo color son\b`),
	}
	// R4: "En cualquier caso el 7 está …", "; por tanto no puede ser 9": a
	// connector at the head of a clause without its comma.
	esConnectorComma = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`(?m)(^\s*|[.!?]\s+)(En cualquier caso|Por tanto) [^,\s]|[:;] (en cualquier caso|por tanto) [^,\s]`),
	}
	// R6: "que solo admiten uno cada una: así que en …": a colon and then a
	// connector that says the same again.
	esColonConnector = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`: así que\b`),
	}
	// The incidental classes of that reading: R3 the tried value without
	// its article («le queda a x»), R5 the conditional in a relative clause
	// («que dejaría vacía»), R7 a Sue de Coq digit list as subject without
	// its article («Por tanto, 1 y 5 no están», «Para 4 solo quedan»), R8
	// «las casillas son 1-9», R9 «el paso hace más», R10 «cuando esté
	// resuelto, ejecuta» (reads as the sudoku), R11 «la resolución da ese
	// paso primero»; and in the lesson pages «un sitio que no usa ninguna
	// plantilla» (reads as the place using no template) and «algunas esquinas
	// ya las has rellenado tú».
	esReview3bCalques = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\ble queda a x\b|\bque dejarían? vacía\b|(^|[,:;] )[1-9]((, [1-9])* y [1-9])? (van|no están)\b|\bPara [1-9]((, [1-9])* y [1-9])? solo quedan\b|\blas casillas son 1-9\b|\bel paso hace más\b|\bcuando esté resuelto, ejecuta\b|\bla resolución da ese paso\b|\bque no (usa|use) ninguna plantilla\b|\bya las has rellenado\b`),
	}
)

// The fault classes of the third, independent reading of the es-ES corpus,
// at e0cf3a4 (l10n/style/review-2026-11-29c/es-ES.md); the ids (T…, J…)
// are that review's.
var (
	// T1: "así que podría darles a la vez su dígito a las dos", "les daría
	// a la vez su 7": the English "give both their digit" for a cell where
	// two units meet; a cell does not give a row its digit. Spanish says
	// «las dos lo tendrían en la misma casilla», «sería a la vez el 7 de
	// las dos».
	esGiveBothTheirDigit = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bdarles a la vez su dígito\b|\bles daría a la vez su\b|\bsu dígito a las dos\b`),
	}
	// J1: "r1c9 ve su 5 en r1c1": «su» goes to the subject, so the petal's
	// 5 reads as the stem's own; «ve el 5 del pétalo en r1c1».
	esSeesItsDigit = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bve su [1-9] en r[1-9]c[1-9]`),
	}
	// J2: "su fila, columna y caja tienen 1 en r8c2, 2 en r7c2": a digit
	// named as a thing in a cell takes its article («el 1 en r8c2»), as
	// everywhere else in the catalogue («el 8 de r3c4»).
	esHeldDigitArticle = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\btienen? [1-9] en r[1-9]c[1-9]`),
	}
	// J3: "así que el 1 de la caja 1 tiene que estar en la columna 3, y el
	// 1 no puede ir en ningún otro sitio": the subject said again in the
	// second clause of the same sentence; Spanish leaves it implied.
	esSubjectRepeated = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bel [1-9] de la (caja|fila|columna) [1-9] tiene que estar en [^,.;]+, y el [1-9] no puede\b`),
	}
	// The incidental classes of that reading: T2 «o» in a denied list («no
	// podría ser 4 (…), 8 (…) o 9»; Spanish: «ni 4 … ni 8 … ni 9»), T3
	// «divide una casilla en sus dígitos», T4 the indicative for a sudoku
	// not yet known («un sudoku que la necesita»), T5 «Discord no dejó
	// entrar al tablero», T6 «un par desnudo entonces en», J4 «una lleva
	// uno»; and in the lesson pages (same reading) «cuando dos de las
	// casillas, viéndose entre sí, llevarían» (the absolute gerund and a
	// conditional after «cuando»), «cada copia descarta su fila» (a digit
	// placed is not a copy), «un color es el dígito» (the cells of a colour
	// hold it) and «Elige un dígito y uno de sus candidatos» (a digit has
	// places; a cell has candidates).
	esReview3cCalques = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bno podría ser [1-9] \([^)]*\)(, [1-9] \([^)]*\))* o [1-9] \(|\bdivide una casilla en sus dígitos\b|\bun sudoku que la necesita\b|\bno dejó entrar al\b|\bpar (desnudo|oculto) entonces en\b|\buna lleva uno\b|\bcada copia descarta\b|\bviéndose entre sí|\bun color es el dígito\b|\bun dígito y uno de sus candidatos\b`),
	}
)

// The fault classes of the fourth, independent reading of the es-ES corpus,
// at cfeca13 (l10n/style/review-2026-11-29d/es-ES.md); the ids (A…J) are
// that review's.
var (
	// A: "…aparte de la aleta r7c3 … y que además ve todas las aletas": a
	// fish with one fin told as if it had several.
	esOneFinAllFins = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`(?s)\b(la aleta r[1-9]c[1-9]|Si la aleta no es [1-9x])\b.*\bve todas las aletas\b`),
	}
	// B: "Si la aleta no es 7, el pez (Medusa con cajas) se cumple": a
	// technique's display name, with its capital, in brackets mid-sentence;
	// a name cited as a name goes in «», as in «Prueba la técnica «…»».
	esNameInBrackets = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bel pez \([A-ZÁÉÍÓÚ]`),
	}
	// C: "están, cada uno, en exactamente un conjunto": the English order
	// of "in exactly one"; Spanish says «en un solo conjunto».
	esInExactlyOne = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\ben exactamente (un|una)\b`),
	}
	// D: "Bórrala con p. ej. `/sudoku colocar …`": the English "with e.g.";
	// the aside goes between commas, «Bórrala, por ejemplo, con …».
	esWithEg = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bcon p\. ej\.`),
	}
	// G: "el 4 solo tiene un sitio libre: sus otras casillas vacías": «sus»
	// reads as the digit's; the house is named, «las demás casillas vacías
	// de la caja 6».
	esItsOtherCells = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bsus otras casillas vacías\b`),
	}
	// The incidental classes of that reading: E «El tablero ha cambiado
	// antes» (before what?), F the variable with a digit's article («tiene
	// el Z»), H a bare «.» as a symbol in running text («o 0 o . si está
	// vacía»), I a count of none in the plural wording («tus 0 casillas
	// rellenas son correctas»), J a list of cells without its «y» («(el 2
	// en r3c2, r3c4, r3c6; …)»).
	esReview3dCalques = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bha cambiado antes\b|\btiene el Z\b|\b0 o \. |(^|[^\pL])tus 0 casillas\b|\(el [1-9] en r[1-9]c[1-9](, r[1-9]c[1-9])+;`),
	}
)

// The fault classes of the fifth, independent reading of the es-ES corpus,
// at ac5a27b (l10n/style/review-2026-11-29e/es-ES.md); the ids (F…, J…)
// are that review's.
var (
	// F1: "si rompe una regla, o cada caso lleva a la misma conclusión, la
	// conclusión se cumple": the English "if that breaks a rule, or every
	// case leads to the same conclusion, the conclusion holds" keeps one
	// main clause for two conditions, and breaking a rule has no
	// conclusion to hold; Spanish gives each its own («si la suposición
	// rompe una regla, es falsa; si todos los casos llevan a la misma
	// conclusión, esa conclusión es cierta»).
	esRuleBrokenConclusion = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\brompe una regla, o\b[^.;]*\bla conclusión\b`),
	}
	// J2: "Una casilla (el tallo) cuyos candidatos ven cada uno todos sus
	// sitios en un conjunto casi bloqueado": two quantifiers stacked
	// without commas, and «sus» read as the stem's; Spanish names the petal
	// first («para cada uno de sus candidatos, hay un conjunto casi
	// bloqueado (un pétalo) cuyos sitios para ese dígito ven todos el
	// tallo»).
	esStackedQuantifiers = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bven cada uno todos\b|\bcuyos candidatos ven cada uno\b`),
	}
	// The incidental classes of that reading: F3 «se cumple el pez «Pez
	// espada con cajas»» (pez said twice; the catalogue now says «se cumple
	// el patrón «…»»), J3 a distance along a chain without «separadas por»
	// («que vea dos de ellas a un número impar de pasos», «están a 3
	// enlaces»).
	esReview3eCalques = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bel pez «Pez\b|\ba un número impar de (pasos|enlaces)\b|\bestán a [0-9]+ enlaces\b`),
	}
)

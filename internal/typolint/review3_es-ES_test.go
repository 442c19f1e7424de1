package typolint

import (
	"regexp"
	"slices"
	"testing"
)

// esReview3Maps are the patterns of review3_es-ES.go, to tell its rules
// from the other reviews' in what Check reports.
var esReview3Maps = []*regexp.Regexp{
	esSentenceAsiQue["es-ES"], esEveryEvery["es-ES"], esStackedEn["es-ES"],
	esQuantifierBeforeCell["es-ES"], esNoneOfTheCells["es-ES"], esNumeralOpensSentence["es-ES"],
	esBreakInNumberList["es-ES"], esPlaceRepeated["es-ES"], esReview3Calques["es-ES"],
	esFishCommas["es-ES"], esOneSameColour["es-ES"], esConnectorComma["es-ES"], esColonConnector["es-ES"],
	esReview3bCalques["es-ES"],
	esGiveBothTheirDigit["es-ES"], esSeesItsDigit["es-ES"], esHeldDigitArticle["es-ES"], esSubjectRepeated["es-ES"],
	esReview3cCalques["es-ES"],
	esOneFinAllFins["es-ES"], esNameInBrackets["es-ES"], esInExactlyOne["es-ES"], esWithEg["es-ES"],
	esItsOtherCells["es-ES"], esReview3dCalques["es-ES"],
}

// TestReview3EsES checks each rule of the es-ES review of 2026-11-29 on the
// fault as the corpus showed it, and on its correction.
func TestReview3EsES(t *testing.T) {
	tests := []struct {
		text, rule string // rule "" = clean of these rules
	}{
		{"…, así que está bloqueado y tiene Z.\n  Así que cada uno de los dígitos 6 y 9 está en A o en E.", "a sentence opened with «Así que»"},
		{"…, así que está bloqueado y tiene Z.\n  Por tanto, cada uno de los dígitos 6 y 9 está en A o en E.", ""},
		{"sería un patrón mortal. Así que el 6 está en r7c7 y r8c5", "a sentence opened with «Así que»"},
		{"Cada 5 de A ve cada 5 de B: como mucho uno de los dos tiene el 5.", "every … sees every … (the English skeleton)"},
		{"Así que una casilla que vea cada 9 de todos los pétalos no puede tenerlo.", "every … sees every … (the English skeleton)"},
		{"Todos los 5 de A ven todos los 5 de B: como mucho uno de los dos tiene el 5.", ""},
		{"El 5 está en A en r1c4 y r1c6, en B en r1c9", "«en» stacked on «en»"},
		{"Los sitios del 5 son r1c4 y r1c6 en A, y r1c9 en B", ""},
		{"r1c1 y r1c3 ven las dos r1c9 y r3c2, así que", "a quantifier read as the cell's («ven las dos r8c2»)"},
		{"r1c4, r3c5 y r3c6 ven todas r1c5 y r3c4", "a quantifier read as the cell's («ven las dos r8c2»)"},
		{"r1c1 y r1c3 ven, las dos, r1c9 y r3c2, así que", ""},
		{"Supón que el 2 no está en ninguna de las casillas r9c5 y r9c6: entonces", "«ninguna de las casillas A y B» (the English none of)"},
		{"Supón que ni r9c5 ni r9c6 son 2: entonces", ""},
		{"Cadena de conjuntos casi bloqueados (ALS-XY-Chain). 5 conjuntos casi bloqueados, cada uno", "a sentence opens with a numeral"},
		{"Cadena de conjuntos casi bloqueados (ALS-XY-Chain). Una cadena de 5 conjuntos casi bloqueados", ""},
		{"r1c9 solo tiene 8 y 9, así que las dos no pueden ser 8 y 9.", "a calque the es-ES review of 2026-11-29 named"},
		{"r1c1 no podría ser 4 (vacía r3c2)", "a calque the es-ES review of 2026-11-29 named"},
		{"lo que queda para r3c5 y r3c6 falla: 1 y 1", "a calque the es-ES review of 2026-11-29 named"},
		{"y todo otro dígito de un conjunto está en él", "a calque the es-ES review of 2026-11-29 named"},
		{"sigue cada caso: todos llevan al mismo sitio.", "a calque the es-ES review of 2026-11-29 named"},
		{"Algunas casillas son de otro dígito en todas y cada una de sus propias plantillas", "a calque the es-ES review of 2026-11-29 named"},
		{"Los dígitos 2, 5 y 9 llenan, cada uno, como mucho una de las cuatro casillas", "a calque the es-ES review of 2026-11-29 named"},
		{"Por tanto r1c1 no puede ser 7: o es 4, o r1c6 es 7, y la ve.", "a calque the es-ES review of 2026-11-29 named"},
		{"lo ponen en las mismas pocas casillas", "a calque the es-ES review of 2026-11-29 named"},
		{"ocupa esas dos esquinas o las otras dos; las otras dos formarían un patrón mortal", "a calque the es-ES review of 2026-11-29 named"},
		{"ninguna casilla que vea todos sus sitios ahí puede llevarlo", "a calque the es-ES review of 2026-11-29 named"},
		{"Casillas que solo tienen los mismos dos dígitos, cada una viendo a la siguiente, alternan", "a calque the es-ES review of 2026-11-29 named"},
		{"r1c5 y r3c6 son las dos B y comparten la caja 2", "a calque the es-ES review of 2026-11-29 named"},
		{"Si ninguna aleta es 9, el patrón Medusa con cajas se cumple:", "a calque the es-ES review of 2026-11-29 named"},
		{"si el inicio es falso, la cadena hace cierto el final.", "a calque the es-ES review of 2026-11-29 named"},
		{"r8c1 no es x (apuntador: x de la caja 4 está entonces solo en la columna 1)", "a calque the es-ES review of 2026-11-29 named"},
		{"Casi: 5 casillas de tu respuesta están mal. ¡Sigue así!", "a calque the es-ES review of 2026-11-29 named"},
		{"5 movimientos a la vez son demasiados", "a calque the es-ES review of 2026-11-29 named"},
		{"(más primero, luego más sin pistas, luego la media más rápida)", "a calque the es-ES review of 2026-11-29 named"},
		{"¡`/sudoku diario` para ser el primero!", "a calque the es-ES review of 2026-11-29 named"},
		{"**Ayer (#7):** 42, 7, tiempo mediano 7.", "a calque the es-ES review of 2026-11-29 named"},
		{"Si r1c1 fuera 7, todo par de dígitos para r1c2 y r1c3 fallaría: 1 y 1.", "a calque the es-ES review of 2026-11-29 named"},
		{"Si ninguna aleta es 9, se cumple el pez «Medusa con cajas»: en las columnas 3, 6 y 8", ""},
		{"r8c1 no es x (apuntador: la x de la caja 4 está entonces solo en la columna 1)", ""},
		{"Una tumba así no se puede llenar de ninguna manera", ""},
		{"O el pez se cumple, y limpia sus columnas, o una de las aletas lleva el dígito.", "a calque the es-ES review of 2026-11-29 named"},
		{"El par desnudo es su imagen en el espejo.", "a calque the es-ES review of 2026-11-29 named"},
		{"el enlace fuerte hace cierto el segundo", "a calque the es-ES review of 2026-11-29 named"},
		{"Esos dos dígitos tienen que llenar esas dos casillas", "a calque the es-ES review of 2026-11-29 named"},
		{"Esos dos dígitos tienen que ocupar esas dos casillas", ""},
		{"Resultado: colocar el 9 en r1c4; colocar el 9 en r2c9.", "one clause per cell for one digit placed"},
		{"Resultado: colocar el 9 en r1c4, r2c9 y r3c2.", ""},
		{"Resultado: colocar el 1 en r1c4; colocar el 2 en r2c9.", ""},
		{"Todo bien por ahora: tu 1 casilla rellena es correcta. Faltan 7.", "a calque the es-ES review of 2026-11-29 named"},
		{"1 persona ha resuelto este sudoku, en 7", "a calque the es-ES review of 2026-11-29 named"},
		{"Todo bien por ahora: tus 21 casillas rellenas son correctas.", ""},
		{"así que en las columnas 1, 2, 5 y 7 el 8 solo puede estar en las filas 1,\n    2 y 5 y la caja 7", "a line broken inside a list of numbers"},
		{"todos sus sitios están en las columnas 1, 2, 5 y 7,\n    que solo admiten uno cada una", ""},
		{"flechas para moverte, 1–9 pone un dígito", ""},
		// The second reading of 2026-11-29 (R…).
		{"Si la aleta no es 4, el pez (…) se cumple: en las filas 1 y 8, la columna 6 y la caja 4 el 4 solo puede estar en las filas 3 y 6", "a fronted list of houses or a second clause without its comma"},
		{"así que en las columnas 1 y 7 el 4 solo puede estar en las filas 1 y 4 y ninguna otra casilla de esas columnas puede ser 4.", "a fronted list of houses or a second clause without its comma"},
		{"r1c5 y r3c8 solo pueden ser 1 o 3, y en la fila 7 el 1 solo puede ir en r7c5 o r7c8", "a fronted list of houses or a second clause without its comma"},
		{"así que, en las columnas 1 y 7, el 4 solo puede estar en las filas 1 y 4, y ninguna otra casilla de esas columnas puede ser 4.", ""},
		{"r1c5 y r3c8 solo pueden ser 1 o 3, y en la fila 7, el 1 solo puede ir en r7c5 o r7c8", ""},
		{"En la fila 3, el 4 solo puede ir en r3c7 o r3c3", ""},
		{"así que llevan colores distintos, y todas las casillas de un mismo color son 1.", "«un mismo color» for one of the two colours"},
		{"así que llevan colores distintos, y todas las casillas de uno de los dos colores son 1.", ""},
		{"En cualquier caso el 7 está en uno de los dos extremos", "a connector at the head of a clause without its comma"},
		{"r5c1 completaría la cruz con un 9; por tanto no puede ser 9.", "a connector at the head of a clause without its comma"},
		{"la cadena descarta el 7: en cualquier caso r4c6 no es 7.", "a connector at the head of a clause without its comma"},
		{"En cualquier caso, el 7 está en uno de los dos extremos; por tanto, no puede ser 9: en cualquier caso, r4c6 no es 7.", ""},
		{"así que en cualquier caso una casilla de A ve una casilla que es 7.", ""},
		{"todos sus sitios están en las columnas 1, 2, 5 y 7, que solo admiten uno cada una: así que en las columnas", "a colon followed by «así que»"},
		{"todos sus sitios están en las columnas 1, 2, 5 y 7, que solo admiten uno cada una; por tanto, en las columnas", ""},
		{"por lo que r6c1 es x (único sitio que le queda a x en la fila 6)", "a fault the es-ES second reading of 2026-11-29 named"},
		{"por lo que r6c1 es x (único sitio que le queda a la x en la fila 6)", ""},
		{"no pueden tomar un par de dígitos que dejaría vacía alguna de ellas", "a fault the es-ES second reading of 2026-11-29 named"},
		{"no pueden tomar un par de dígitos que deje sin candidatos a alguna de ellas", ""},
		{"Por tanto, 1 y 5 no están en ningún otro sitio de la fila 2", "a fault the es-ES second reading of 2026-11-29 named"},
		{"Para 4 solo quedan las casillas del cruce.", "a fault the es-ES second reading of 2026-11-29 named"},
		{"Por tanto, los dígitos 1 y 5 no están en ningún otro sitio de la fila 2", ""},
		{"no es una casilla: las casillas son 1-9, con 0 o . para las vacías", "a fault the es-ES second reading of 2026-11-29 named"},
		{"Todavía no: todo lo que has marcado es correcto, pero el paso hace más.", "a fault the es-ES second reading of 2026-11-29 named"},
		{"cuando esté resuelto, ejecuta `/sudoku-ajustes activo:True`", "a fault the es-ES second reading of 2026-11-29 named"},
		{"y la resolución da ese paso primero.", "a fault the es-ES second reading of 2026-11-29 named"},
		{"Busca un sitio candidato que no use ninguna plantilla.", "a fault the es-ES second reading of 2026-11-29 named"},
		{"un sitio que no usa ninguna plantilla se descarta", "a fault the es-ES second reading of 2026-11-29 named"},
		{"Busca un sitio candidato que ninguna plantilla use.", ""},
		{"en el que algunas esquinas ya las has rellenado tú", "a fault the es-ES second reading of 2026-11-29 named"},
		// The third reading of 2026-11-29 (T…, J…).
		{"r1c9 está en dos de las unidades base (las filas 1, 6 y 9 y la caja 3), así que podría darles a la vez su dígito a las dos; cuenta como aleta.", "the English skeleton: a cell gives two units their digit"},
		{"que está en dos de las unidades cubiertas (las columnas 2 y 6) les daría a la vez su 7 y dejaría", "the English skeleton: a cell gives two units their digit"},
		{"r1c9 está en dos de las unidades base (la fila 1 y la caja 3): si llevara el dígito, las dos lo tendrían en la misma casilla, así que cuenta como aleta.", ""},
		{"que está en dos de las unidades cubiertas (las columnas 2 y 6) sería a la vez el 7 de las dos y dejaría", ""},
		{"Pétalo del 5: r1c1, r2c1 y r2c2 en la caja 1 solo tienen 2, 5, 7 y 9; r1c9 ve su 5 en r1c1.", "«ve su 5 en …» (the petal's digit read as the cell's own)"},
		{"Pétalo del 5: r1c1, r2c1 y r2c2 en la caja 1 solo tienen 2, 5, 7 y 9; r1c9 ve el 5 del pétalo en r1c1.", ""},
		{"r3c2 solo tiene un candidato: su fila, columna y caja tienen 1 en r8c2, 2 en r7c2 y 8 en r3c1.", "a digit held in a cell without its article («tienen 1 en r8c2»)"},
		{"r3c2 solo tiene un candidato: su fila, columna y caja tienen el 1 en r8c2, el 2 en r7c2 y el 8 en r3c1.", ""},
		{"r3c2 solo tiene un candidato: pasos anteriores le quitaron 3 y 9.", ""},
		{"En la columna 3, el 1 solo puede ir en r1c3 y r2c3, las dos en la caja 1, así que el 1 de la caja 1 tiene que estar en la columna 3, y el 1 no puede ir en ningún otro sitio de la caja 1.", "the subject said again in a sentence's second clause"},
		{"En la columna 3, el 1 solo puede ir en r1c3 y r2c3, las dos en la caja 1, así que el 1 de la caja 1 tiene que estar en la columna 3 y no puede ir en ningún otro sitio de la caja 1.", ""},
		{"Si r1c3 fuera 9, r1c1 no podría ser 4 (r3c2 se quedaría sin candidatos), 8 (r1c9 se quedaría sin candidatos) o 9 (dos veces en la fila 1).", "a fault the es-ES third reading of 2026-11-29 named"},
		{"Si r1c3 fuera 9, r1c1 no podría ser ni 4 (r3c2 se quedaría sin candidatos) ni 8 (r1c9 se quedaría sin candidatos) ni 9 (dos veces en la fila 1).", ""},
		{"r3c5 no podría ser 9 (r3c4 se quedaría sin candidatos) y r3c6 no podría ser 2 (dos veces en la caja 2) o 9 (r3c4 se quedaría sin candidatos);", "a fault the es-ES third reading of 2026-11-29 named"},
		{"donde se detengan, divide una casilla en sus dígitos, y si cada caso termina en contradicción", "a fault the es-ES third reading of 2026-11-29 named"},
		{"donde se detengan, prueba por separado cada dígito de una casilla", ""},
		{"Practica una técnica: un sudoku que la necesita", "a fault the es-ES third reading of 2026-11-29 named"},
		{"Practica una técnica: un sudoku que la necesite", ""},
		{"Discord no dejó entrar al tablero: 7", "a fault the es-ES third reading of 2026-11-29 named"},
		{"Discord no te ha dejado entrar en el tablero: 7", ""},
		{"r4c4 no es 9 (un par desnudo entonces en la fila 4)", "a fault the es-ES third reading of 2026-11-29 named"},
		{"r4c4 no es 9 (entonces un par desnudo en la fila 4)", ""},
		{"tienen otros candidatos, una lleva uno; juntas actúan", "a fault the es-ES third reading of 2026-11-29 named"},
		{"tienen otros candidatos, una de las dos lleva uno de ellos; juntas actúan", ""},
		{"Una combinación cae cuando dos de las casillas, viéndose entre sí, llevarían el mismo dígito", "a fault the es-ES third reading of 2026-11-29 named"},
		{"Una combinación cae si pone el mismo dígito en dos casillas que se ven entre sí", ""},
		{"Sigue el dígito por el tablero: cada copia descarta su fila, su columna y su caja.", "a fault the es-ES third reading of 2026-11-29 named"},
		{"En una cadena de enlaces fuertes, un color es el dígito y el otro no.", "a fault the es-ES third reading of 2026-11-29 named"},
		{"En una cadena de enlaces fuertes, las casillas de un color llevan el dígito y las del otro no.", ""},
		{"Elige un dígito y uno de sus candidatos. Supón que el dígito va ahí", "a fault the es-ES third reading of 2026-11-29 named"},
		{"Elige un dígito y una casilla donde todavía pueda ir. Supón que el dígito va ahí", ""},
		{"aparte de la aleta r7c3 en la caja 7.\n  Si la aleta no es 1, esto es una medusa…\n  En cualquier caso, una casilla de la que el pez quitaría el 1 y que además ve todas las aletas no puede ser 1.", "one fin told as «todas las aletas»"},
		{"Si la aleta no es 2, se cumple el pez «X-Wing con cajas»: …\n  Ninguna casilla de la que el pez quitaría el 2 ve todas las aletas, pero", "one fin told as «todas las aletas»"},
		{"aparte de la aleta r7c3 en la caja 7.\n  En cualquier caso, una casilla de la que el pez quitaría el 1 y que además ve la aleta no puede ser 1.", ""},
		{"aparte de las aletas r2c4 y r2c5.\n  En cualquier caso, una casilla de la que el pez quitaría el 1 y que además ve todas las aletas no puede ser 1.", ""},
		{"Si ninguna aleta es 9, el pez (Medusa con cajas) se cumple:", "a technique's name with its capital in brackets mid-sentence"},
		{"Si ninguna aleta es 9, se cumple el pez «Medusa con cajas»:", ""},
		{"los dígitos 2 y 7 están, cada uno, en exactamente un conjunto", "«en exactamente un» (the English in exactly one)"},
		{"los dígitos 2 y 7 están, cada uno, en un solo conjunto", ""},
		{"Una casilla está mal, marcada en rojo: r4c6. Bórrala con p. ej. `/sudoku colocar r4c6=0`.", "«con p. ej.» (the English with e.g.)"},
		{"Una casilla está mal, marcada en rojo: r4c6. Bórrala, por ejemplo, con `/sudoku colocar r4c6=0`.", ""},
		{"En la caja 6, el 4 solo tiene un sitio libre: sus otras casillas vacías ven el 4 de r4c3 o r8c8", "«sus otras casillas vacías» read as the digit's"},
		{"En la caja 6, el 4 solo tiene un sitio libre: las demás casillas vacías de la caja 6 ven el 4 de r4c3 o r8c8", ""},
		{"El tablero ha cambiado antes (una jugada hecha en otro sitio)", "a fault the es-ES fourth reading of 2026-11-29 named"},
		{"Entonces a E le falta el 2, así que está bloqueado y tiene el Z.", "a fault the es-ES fourth reading of 2026-11-29 named"},
		{"Entonces a E le falta el 2, así que está bloqueado y tiene Z.", ""},
		{"cada casilla es un dígito del 1 al 9, o 0 o . si está vacía", "a fault the es-ES fourth reading of 2026-11-29 named"},
		{"Todo bien por ahora: tus 0 casillas rellenas son correctas.", "a fault the es-ES fourth reading of 2026-11-29 named"},
		{"porque sus sitios en el ala se ven entre sí (el 2 en r3c2, r3c4, r3c6; el 5 en r3c2, r8c2)", "a fault the es-ES fourth reading of 2026-11-29 named"},
		{"porque sus sitios en el ala se ven entre sí (el 2: r3c2, r3c4, r3c6; el 5: r3c2, r8c2)", ""},
	}
	for _, tt := range tests {
		var rules []string
		for _, p := range Check("es-ES", tt.text) {
			rules = append(rules, p.Rule)
		}
		mine := slices.DeleteFunc(slices.Clone(rules), func(r string) bool {
			return !slices.ContainsFunc(langRules, func(x struct {
				rule string
				re   map[string]*regexp.Regexp
			}) bool {
				return x.rule == r && x.re["es-ES"] != nil && slices.Contains(esReview3Maps, x.re["es-ES"])
			})
		})
		if tt.rule == "" {
			if len(mine) > 0 {
				t.Errorf("%q: got %v, want clean", tt.text, mine)
			}
			continue
		}
		if !slices.Contains(mine, tt.rule) {
			t.Errorf("%q: got %v, want %q", tt.text, rules, tt.rule)
		}
	}
	// The rules are for es-ES only: the same words in another language
	// are not these faults.
	if ps := Check("pt-BR", "Así que cada 5 de A ve cada 5 de B"); slices.ContainsFunc(ps, func(p Problem) bool { return p.Rule == "every … sees every … (the English skeleton)" }) {
		t.Errorf("pt-BR text linted by an es-ES rule: %v", ps)
	}
}

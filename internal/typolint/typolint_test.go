package typolint

import "testing"

func TestCheck(t *testing.T) {
	const n = "\u202f"
	tests := []struct {
		tag, text, rule string // rule "" = clean
	}{
		{"zh-CN", "只有 3 和 4.", "ASCII punctuation after CJK text"},
		// The fault classes of the reviews of c350adf.
		{"fr", "avec r1c6 (4, 8) elles forment un(e) paire nue dans la colonne 6", "a gender placeholder printed"},
		{"fr", "avec r1c6 (4, 8) elles forment une paire nue dans la colonne 6", ""},
		{"fr", "donc 3 est dans l’un des deux ensembles", "a digit as subject without its article"},
		{"fr", "sauf 4 dans la ligne 7, où il en a trois", "a digit as subject without its article"},
		{"fr", "donc le 3 est dans l’un des deux ensembles", ""},
		{"es-ES", "así que 4 y 8 no pueden ir en ningún otro sitio", "a digit as subject without its article"},
		{"de", "⇒ 5 steht in r1c4 oder r1c5", "a digit as subject without its article"},
		{"de", "Also steht 9 in A oder in E.", "a digit as subject without its article"},
		{"de", "⇒ die 5 steht in r1c4 oder r1c5", ""},
		{"de", "Ist keine Flosse eine 3, dann gilt r9c6 ist 3 und ist das eine Qualle:", "German gilt before a main clause"},
		{"de", "Ist keine Flosse eine 9, gilt das Muster Qualle mit Blöcken: in Spalte 3 kann", "German small letter after a colon before a sentence"},
		{"de", "in Zeile 2, Zeile 6, Zeile 9 und Block 1", "the unit word repeated for each number"},
		{"de", "in den Zeilen 2, 6 und 9 und Block 1", ""},
		{"en-US", "in row 2, row 6 and box 1", "the unit word repeated for each number"},
		{"fr", "sauf r8c4 et r8c6, qui a perdu le 4", "a singular verb after two cells"},
		{"es-ES", "salvo r8c4 y r8c6, que perdió el 4", "a singular verb after two cells"},
		{"es-ES", "salvo r8c4 y r8c6, que perdieron el 4", ""},
		{"es-ES", "(le quedan tantos dígitos como casillas, así que todos tienen que ir en él), así que 3 está", "one connector twice in a sentence"},
		{"es-ES", "si la aleta es 1, descarta el 1 en todas las casillas de la caja 7", "the fin's removal told as an order, or from every cell"},
		{"fr", "elle exclut le 9 de toutes les cases dans le bloc 8", "the fin's removal told as an order, or from every cell"},
		{"es-ES", "un color es 4 en todas partes", "the English everywhere for a colour's cells"},
		{"fr", "donc aucune case qui voit les deux ne le peut.", "a calque a native review named"},
		{"fr", "si le début échoue, la chaîne rend la fin vraie", "a calque a native review named"},
		{"fr", "Pointage, puis un singleton", "a calque a native review named"},
		{"de", "Manche Felder bekommt eine andere Ziffer", "a calque a native review named"},
		{"de", "So oder so ist eine der Zangen r2c9 und r3c3 eine 2.", "a calque a native review named"},
		{"zh-CN", "无论哪种情况，鱼本应从中删去 9 的格子", "a calque a native review named"},
		{"ja", "組は数字を1つしか欠けられないので", "a calque a native review named"},
		{"en-US", "if the start fails, the chain makes the end true", "a calque a native review named"},
		{"pt-BR", "então uma cor é 4 em todo lugar", "the English everywhere for a colour's cells"},
		{"zh-TW", "而透過自身兩個數字連到自己的格子必填其中之一", "a calque a native review named"},
		{"zh-CN", "删除 1, 3", "ASCII comma in a CJK enumeration"},
		{"zh-CN", "结果：r1c3: 删除 6", "ASCII colon in CJK text"},
		{"zh-CN", "结果：从 r1c3 删除 1、3。用 `/数独 每日`。", ""},
		{"zh-CN", "结果：r1c3：删除 1、3。", "list notation after a colon (two colons in one sentence)"},
		{"es-ES", "Resultado: r5c7: quitar 4.", "list notation after a colon (two colons in one sentence)"},
		{"es-ES", "Resultado: quitar 4 de r5c7.", ""},
		{"en-US", "So one of r7c3 and r8c3 is 9.", "the English skeleton: one of A and B (an or-list says it)"},
		{"de", "Also ist eines von r7c3 und r8c3 eine 9.", "the English skeleton: one of A and B (an or-list says it)"},
		{"fr", "Donc l’une de r7c3 et r8c3 vaut 9.", "the English skeleton: one of A and B (an or-list says it)"},
		{"es-ES", "Así que una de r7c3 y r8c3 es 9.", "the English skeleton: one of A and B (an or-list says it)"},
		{"pt-BR", "Então uma de r7c3 e r8c3 é 9.", "the English skeleton: one of A and B (an or-list says it)"},
		{"pt-BR", "Então o 9 está em r7c3 ou r8c3.", ""},
		{"en-US", "r9c2 and r9c3 would follow", "the English skeleton: the rest would follow"},
		{"de", "der Rest des Rings würde folgen", "the English skeleton: the rest would follow"},
		{"fr", "le reste de la boucle suivrait", "the English skeleton: the rest would follow"},
		{"es-ES", "r9c2 y r9c3 seguirían", "the English skeleton: the rest would follow"},
		{"pt-BR", "o resto do laço viria em seguida", "the English skeleton: the rest would follow"},
		{"de", "Das Muster Qualle mit Blöcken unter seinen Einheiten:", "a verbless definition: the pattern, then its name"},
		{"pt-BR", "O padrão Água-viva com blocos entre suas unidades:", "a verbless definition: the pattern, then its name"},
		{"en-US", "The Franken Swordfish pattern with boxes among its houses:", "a verbless definition: the pattern, then its name"},
		{"fr", "ses cases contiennent exactement ses autres chiffres", "the locked set's parenthesis a player cannot parse"},
		{"zh-CN", "它的格子恰好是它的其他数字", "the locked set's parenthesis a player cannot parse"},
		{"pt-BR", "essa casa é uma dica 7 neste sudoku", "a hint's word for a given (Portuguese says pista)"},
		{"pt-BR", "Essa casa é uma pista inicial do sudoku; 3 dicas, 2 sem dicas.", ""},
		{"de", "Wäre r1c3 eine 9, r1c1 könnte nicht 4 sein.", "German verb-second after a conditional clause"},
		{"de", "Wäre r1c3 eine 9, könnte r1c1 nicht 4 sein.", ""},
		{"de", "ein Feld, das sowohl ein Feld von B und ein Feld von D sieht", "German sowohl … und (it is sowohl … als auch)"},
		{"de", "ein Feld, das sowohl ein Feld von B als auch ein Feld von D sieht", ""},
		{"ja", "3と4 しかない.", "ASCII punctuation after CJK text"},
		{"ja", "1行目 を見てください", "space round Latin text in Japanese"},
		{"ja", "ALS-XZ（ほぼロックされた集合）（ALS-XZ）を試しましょう", "doubled name"},
		{"ja", "ALS-XZを試しましょう。1行目を見てください。", ""},
		{"fr", "Résultat : r1c4: retirer 3", "no narrow no-break space before French punctuation"},
		{"fr", "Résultat" + n + ": retirer 3 de r1c4" + n + "; bravo :tada: à 12:30", ""},
		{"ja", "フィンが5なら、ブロック7のすべてのマスから5が除外される。", "plain form ends a Japanese sentence (です/ます)"},
		{"zh-CN", "请您再试一次。", "formal 您 where the bot says 你"},
		{"zh-TW", "交替為“兩者至少一真”", "curly quotes where Taiwan writes 「」"},
		{"fr", "Tu as abandonné" + n + "! Copié" + n + ": collez-le où vous voulez.", "French vous where the bot says tu"},
		{"pt-BR", "Em bloco 9, o 8 só tem um lugar", "Portuguese unit without its article"},
		{"pt-BR", "Olhe linhas 5 e 8.", "Portuguese unit without its article"},
		{"pt-BR", "o 9 só pode ir na coluna 8 ou a linha 6 (r5c8)", "Portuguese unit without its article"},
		{"pt-BR", "o 9 só pode ir na coluna 8 ou na linha 6 (r5c8)", ""},
		{"pt-BR", "tirar 4 de o bloco 3", "Portuguese preposition not contracted"},
		{"pt-BR", "No bloco 9, olhe as linhas 5 e 8 da coluna 4.", ""},
		{"de", "Versuch es mit Versteckter Einer (Hidden Single).", "German nominative after mit"},
		{"de", "Technik: Versteckter Einer (Hidden Single).", ""},
		{"de", "In Zeilen 1 und 4 kann die 4 nur in Spalten 1 und 7 stehen", "German plural units without their article"},
		{"de", "also bekommen die Spalten 1 und 7 ihre 4 aus die Zeilen 1 und 4", "German accusative after a dative preposition"},
		{"de", "In den Zeilen 1 und 4 kann die 4 nur in den Spalten 1 und 7 stehen; sieh dir die Zeilen 1 und 4 an.", ""},
		{"de", "r9c5 ist nicht 3 (dieselbe Spalte), ⇒ r9c5 ist 9", "comma before an arrow"},
		{"de", "in den Blöcke 5 und 8", "German dative plural without its -n"},
		{"de", "in den Blöcken 5 und 8", ""},
		{"de", "ein Feld, das der Fisch räumen würde", "a fish that clears a cell (it removes a digit from it)"},
		{"fr", "une case que le poisson viderait", "a fish that clears a cell (it removes a digit from it)"},
		{"es-ES", "una casilla que el pez despejaría", "a fish that clears a cell (it removes a digit from it)"},
		{"pt-BR", "uma casa que o peixe limparia", "a fish that clears a cell (it removes a digit from it)"},
		{"zh-CN", "鱼本应清除、又能看到所有鳍的格子", "a fish that clears a cell (it removes a digit from it)"},
		{"en-GB", "a cell that the fish would clear", "a fish that clears a cell (it removes a digit from it)"},
		{"de", "ein Feld, aus dem der Fisch die 9 streichen würde", ""},
		{"de", "dann ist das ein Qualle", "a fish name with another gender's article"},
		{"es-ES", "esto es un Medusa", "a fish name with another gender's article"},
		{"pt-BR", "isto é um Água-viva", "a fish name with another gender's article"},
		{"es-ES", "esto es una medusa", ""},
		{"fr", "Choisissez un chiffre sur le pavé", "French vous where the bot says tu"},
		{"fr", "Choisis un chiffre sur le pavé, puis touche les cases.", ""},
		{"es-ES", "¡venid a jugar!", "Spanish vosotros where the bot says tú"},
		{"es-ES", "Todos tenéis el mismo sudoku", "Spanish vosotros where the bot says tú"},
		{"es-ES", "¡Ven a jugar! Es el mismo sudoku para todos.", ""},
		{"zh-TW", "所以最多隻有一個是 4。", "zh-TW converted from zh-CN, not written for Taiwan"},
		{"zh-TW", "我在那裡缺少 7 許可權。", "zh-TW converted from zh-CN, not written for Taiwan"},
		{"zh-TW", "所以最多只有一個是 4；我在那裡缺少 7 權限。", ""},
		{"fr", "pointage" + n + ": le 2 de le bloc 2 n’est alors que dans la ligne 3", "French preposition not contracted with the article"},
		{"fr", "les cases de les lignes 1 et 4", "French preposition not contracted with the article"},
		{"fr", "le 2 du bloc 2, essaie de le placer", ""},
		{"ja", "ここまでは順調です：入れた1マスはすべて正しいです。", "\"all\" of a count of one"},
		{"zh-CN", "目前都对：你填的 1 格都正确。", "\"all\" of a count of one"},
		{"zh-CN", "目前都对：你填的 11 格都正确。", ""},
		{"ja", "テンプレート（除外）（Template Delete）を試しましょう。", "two bracketed groups in a row"},
		{"de", "einziger Platz für die x in Block 1", "the tried value x with a digit's article"},
		{"de", "einziger Platz für x in Block 1", ""},
		{"fr", "seule place restante pour le x dans le bloc 1", "the tried value x with a digit's article"},
		{"de", "also bekommen die Spalten 1 und 7 ihre 4 aus den Zeilen 1 und 4", "the English skeleton: a unit gets its digit from another"},
		{"zh-CN", "所以第 1、7 列的 4 都来自第 1、4 行", "the English skeleton: a unit gets its digit from another"},
		{"en-US", "so row 7 gets its 1 from box 7", "the English skeleton: a unit gets its digit from another"},
		{"de", "Das Brett zeigt die Stellung", "not the language's one board word"},
		{"zh-CN", "答案已标在棋盘上。", "not the language's one board word"},
		{"en-US", "Hint <no value>", "unfilled template field"},
		{"zh-CN", "试试带鳍弗兰肯水母。Other = \"含有宫的鱼", "catalogue syntax in the text"},
		{"en-US", "X-Wing (X-Wing): rows 1 and 4", "doubled name"},
		{"es-ES", "Mira la fila 4 .", "space before punctuation"},
		{"fr", "Donc l’une des deux autres extrémités, r3c7 et r5c2, vaut 4", "the English skeleton: one of the ends, A and B"},
		{"fr", "Donc l’une des deux autres extrémités, r3c7 ou r5c2, vaut 4", ""},
		{"es-ES", "y el rectángulo solo tendría 1 y 4: mortal.", "the English skeleton: one word for the deadly pattern"},
		{"es-ES", "y el rectángulo solo tendría 1 y 4: sería un patrón mortal.", ""},
		{"fr", "Discord n'a pas confirmé qui tu es", "a straight apostrophe in French"},
		{"pt-BR", "Na linha 1, Na linha 6, Na linha 9 e No bloco 3, o 7 só pode ir", "a sentence's capital inside a list"},
		{"pt-BR", "Na linha 1, na linha 6, na linha 9 e no bloco 3, o 7 só pode ir", ""},
		{"de", "Angenommen, 2 steht in keinem von r9c5, r9c6:", "the English skeleton: none of A, B"},
		{"de", "Angenommen, die 2 steht in keinem der Felder r9c5, r9c6:", ""},
		{"pt-BR", "o 2 não esteja em nenhuma de r9c5, r9c6", "the English skeleton: none of A, B"},
		{"de", "und jeder Platz führt zu: r6c4 ist keine 2.", "a colon right after a preposition"},
		{"de", "und jeder Platz führt zum selben Schluss: r6c4 ist keine 2.", ""},
		{"pt-BR", "(duas casas para duas dígitos)", "a number word of the other gender"},
		{"pt-BR", "(duas casas para dois dígitos)", ""},
		{"de", "Setze einen Kandidaten von r7c9, genannt x, in r7c9", "the English skeleton: a candidate called x"},
	}
	for _, tt := range tests {
		got := Check(tt.tag, tt.text)
		if tt.rule == "" {
			if len(got) > 0 {
				t.Errorf("%s %q: %v, want none", tt.tag, tt.text, got)
			}
			continue
		}
		found := false
		for _, p := range got {
			found = found || p.Rule == tt.rule
		}
		if !found {
			t.Errorf("%s %q: %v, want %q", tt.tag, tt.text, got, tt.rule)
		}
	}
}

func TestCheckLines(t *testing.T) {
	tests := []struct {
		tag   string
		lines []string
		rule  string // "" = clean
	}{
		{"zh-CN", []string{"假设 r6c4 不是 1：那么 r6c5 是 1，于是 r6c5 不是 9，从而 r3c5 是 9，因此 r3c5 不是 2，于是 r3c4 是 2。"}, "a connector at every link of a chain"},
		{"zh-CN", []string{"假设 r6c4 不是 1：那么 r6c5 是 1，r6c5 不是 9，于是 r3c5 是 9，r3c5 不是 2，从而 r3c4 是 2。"}, ""},
		{"ja", []string{"r6c5は1、するとr6c5は9ではない、したがってr3c5は9、その結果r3c5は2ではない、"}, "a connector at every link of a chain"},
		{"ja", []string{"1、2、5、7列目の8は1行目にしか入りません。"}, ""},
		{"ja", []string{"r6c5は1、", "すると"}, "connector alone on a line"},
		{"zh-CN", []string{"r6c5 是 1，于是", "r6c5 不是 9。"}, "line ends on a connector"},
	}
	for _, tt := range tests {
		got := CheckLines(tt.tag, tt.lines)
		if tt.rule == "" {
			if len(got) > 0 {
				t.Errorf("%s %q: %v, want none", tt.tag, tt.lines, got)
			}
			continue
		}
		found := false
		for _, p := range got {
			found = found || p.Rule == tt.rule
		}
		if !found {
			t.Errorf("%s %q: %v, want %q", tt.tag, tt.lines, got, tt.rule)
		}
	}
}

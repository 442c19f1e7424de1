package typolint

import "regexp"

// The fault classes the native reviews of the corpus at c350adf
// (l10n/style/review-2026-11-28b) found and the catalogue then fixed: each
// pattern is what the fault looked like in a rendered message.
var (
	// "elles forment un(e) paire nue": a gender placeholder printed, where
	// the noun should carry its own article ("une paire nue").
	genderPlaceholder = map[string]*regexp.Regexp{
		"fr":    regexp.MustCompile(`\b(un|une|le|la|du|au)\(e\)|\pL\((e|es)\)\s`),
		"es-ES": regexp.MustCompile(`\b(un|una|el|la)\((a|o)\)|\pL\((a|o|as|os)\)\s`),
		"pt-BR": regexp.MustCompile(`\b(um|uma|o|a)\((a|o)\)|\pL\((a|o|as|os)\)\s`),
		"de":    regexp.MustCompile(`\b(ein|eine|der|die|das)\((e|r|s)\)\s`),
	}
	// "donc 3 est dans l’un des deux ensembles", "sauf 4 dans la ligne 7",
	// "así que 4 y 8 no pueden", "⇒ 5 steht in r1c4": a digit as a
	// sentence's subject without the article the language gives digits.
	bareDigitSubject = map[string]*regexp.Regexp{
		"fr":    regexp.MustCompile(`(^|[^\pL])(?i:donc|soit|que|alors|d’où) [1-9]( et [1-9])? (est|sont|n’est|soit)\b|\bsauf [1-9] dans\b|\bplaces de [1-9]\b|\bTa réponse a [1-9] en\b`),
		"es-ES": regexp.MustCompile(`(^|[^\pL])(?i:así que|que|entonces) [1-9]( y [1-9])? (está|están|pueden|no pueden)\b|\bsalvo [1-9] en\b|\bsitios de [1-9]\b`),
		"de":    regexp.MustCompile(`(^|[^\pL])(?i:also|⇒|außer) [1-9]( und [1-9])? (steht|stehen|in)\b|(^|[^\pL])(?i:also) (steht|stehen) [1-9]( und [1-9])? (in|jeweils)\b|\bPlatz von [1-9]\b`),
	}
	// "dann gilt r9c6 ist 3 und ist das eine Qualle": a main clause glued
	// after "gilt" with no colon or "dass".
	deGiltClause = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\bgilt r[1-9]c[1-9] ist\b|\bund ist das (ein|eine)\b`),
	}
	// "…: in Spalte 3 kann …": a whole sentence after a colon starts with
	// a capital in German.
	deSmallAfterColon = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\pL: (in|im) (Zeile|Spalte|Block|den) `),
	}
	// "in Zeile 2, Zeile 6, Zeile 9 und Block 1": the unit word repeated
	// for each number where the language groups them ("in den Zeilen 2,
	// 6 und 9").
	repeatedUnitWord = map[string]*regexp.Regexp{
		"en-US": regexp.MustCompile(`\b(row [1-9], row|column [1-9], column|box [1-9], box) [1-9]`),
		"de":    regexp.MustCompile(`\b(Zeile [1-9], Zeile|Spalte [1-9], Spalte|Block [1-9], Block) [1-9]`),
		"fr":    regexp.MustCompile(`\b(la ligne [1-9], la ligne|la colonne [1-9], la colonne|le bloc [1-9], le bloc) [1-9]`),
		"es-ES": regexp.MustCompile(`\b(la fila [1-9], la fila|la columna [1-9], la columna|la caja [1-9], la caja) [1-9]`),
	}
	// "qui a perdu", "que perdió", "que perdeu" after two cells: a
	// relative clause whose verb does not agree with the cells it follows.
	pluralAfterCells = map[string]*regexp.Regexp{
		"fr":    regexp.MustCompile(`r[1-9]c[1-9] et r[1-9]c[1-9], qui a\b`),
		"es-ES": regexp.MustCompile(`r[1-9]c[1-9] y r[1-9]c[1-9], que perdió`),
		"pt-BR": regexp.MustCompile(`r[1-9]c[1-9] e r[1-9]c[1-9], que perdeu`),
	}
	// "así que …, así que …": one connector twice in a sentence (the
	// English "so" at every link).
	connectorTwice = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`(?i)así que [^.;:]{0,60}así que`),
		"pt-BR": regexp.MustCompile(`(?i), então [^.;:()]{0,60}\), então`),
	}
	// "si la aleta es 1, descarta el 1 en todas las casillas de la caja
	// 7": an order to the player where the fin removes the digit, and
	// "every cell" of the box that holds the fin.
	finAsOrder = map[string]*regexp.Regexp{
		"es-ES": regexp.MustCompile(`\bdescarta el [1-9] en todas las casillas\b`),
		"fr":    regexp.MustCompile(`\bde toutes les cases dans (le|la)\b`),
	}
	// "un color es 4 en todas partes", "A no es 7 en ninguna parte": the
	// English "everywhere" for all the cells of a colour.
	esEverywhere = map[string]*regexp.Regexp{
		"en-US": regexp.MustCompile(`\bis not [1-9] anywhere\b|\bis [1-9] everywhere\b|\bholds the digit everywhere\b`),
		"en-GB": regexp.MustCompile(`\bis not [1-9] anywhere\b|\bis [1-9] everywhere\b|\bholds the digit everywhere\b`),
		"es-ES": regexp.MustCompile(`\ben (todas partes|ninguna parte)\b`),
		"pt-BR": regexp.MustCompile(`\bem (todo lugar|lugar nenhum)\b`),
	}
	// Calques the reviews named one by one, each in one catalogue message:
	// fr "ne le peut." (the English "can"), "le début échoue" (a premise
	// that "fails"), "Pointage" for a pointing pair; de "Manche Felder
	// bekommt", "sieht seine 5"; zh 本应 ("should have, but did not") for
	// the fish's "would remove", the loop "连到自己", "看到同色的颜色",
	// and 它 standing for two things in Death Blossom.
	reviewedCalques = map[string]*regexp.Regexp{
		"en-US": regexp.MustCompile(`\bthe start fails\b|\bassumption fails\b`),
		"en-GB": regexp.MustCompile(`\bthe start fails\b|\bassumption fails\b`),
		"fr":    regexp.MustCompile(`\bne le peut\.|\b(début|départ) échoue\b|(^|[^\pL])(?i:pointages?)\b|\bqui n’en tiennent\b|\ben tenir la grille à l’écart\b|\bqui voit toutes ne\b|\bne sont pas justes toutes les deux\b|(^|[^\pL])Suppose que r[1-9]c[1-9] (ne )?vaut\b|\bva (donc )?là\.`),
		"de":    regexp.MustCompile(`\b(Anfang|Annahme) scheitert\b|\bScheitert der Anfang\b|\bManche Felder bekommt\b|\bsieht seine [1-9] in\b|\bder Zangen r[1-9]c[1-9] und\b|\bin einem der Felder r[1-9]c[1-9], |\beine von [A-Z] und [A-Z]\b`),
		"pt-BR": regexp.MustCompile(`\b(início|inicial) falha\b|\bfica em duas unidades d[aeo]s? |\bcujos lugares desse dígito\b|\bdivida uma casa pelos\b|\bveem as duas r[1-9]c[1-9]|/sudoku new\b`),
		"es-ES": regexp.MustCompile(`\b(inicio|inicial) falla\b|(^|[^\pL])Si solo tuviera\b|\bcuyos sitios de ese dígito\b|\bal pétalo de ese dígito le falta,|\buna de las pinzas r[1-9]c[1-9] y\b|\buno de [A-Z] y [A-Z]\b`),
		"ja":    regexp.MustCompile(`始点に戻る。|結論に行き着く。|欠けられない|での入る場所|のどちらかに入るのどちらか|[0-9]か[0-9]ではありません`),
		"zh-CN": regexp.MustCompile(`本应|可能同时为这两个区域填上|处处(都)?(不)?是|让交叉完整|交叉就完整|挡在盘面与|并且再一步|跟下去：|避开它|连到自己|看到同色的颜色|含有它的所有其他数字|或是一个待定数组的交替链`),
		"zh-TW": regexp.MustCompile(`本應|可能同時為這兩個區域填上|處處(都)?(不)?是|讓交叉完整|交叉就完整|擋在盤面與|並且再一步|跟下去：|避開它|連到自己|看到同色的顏色|含有它的所有其他數字|或是一個待定數組的交替鏈`),
	}
)

package typolint

import "testing"

func TestCheck(t *testing.T) {
	const n = "\u202f"
	tests := []struct {
		tag, text, rule string // rule "" = clean
	}{
		{"zh-CN", "只有 3 和 4.", "ASCII punctuation after CJK text"},
		{"zh-CN", "删除 1, 3", "ASCII comma in a CJK enumeration"},
		{"zh-CN", "结果：r1c3: 删除 6", "ASCII colon in CJK text"},
		{"zh-CN", "结果：r1c3：删除 1、3。用 `/数独 每日`。", ""},
		{"ja", "3と4 しかない.", "ASCII punctuation after CJK text"},
		{"ja", "1行目 を見てください", "space round Latin text in Japanese"},
		{"ja", "ALS-XZ（ほぼロックされた集合）（ALS-XZ）を試しましょう", "doubled name"},
		{"ja", "ほぼロックされた集合（ALS-XZ）を試しましょう。1行目を見てください。", ""},
		{"fr", "Résultat : r1c4: retirer 3", "no narrow no-break space before French punctuation"},
		{"fr", "Résultat" + n + ": r1c4" + n + ": retirer 3" + n + "; bravo :tada: à 12:30", ""},
		{"ja", "フィンが5なら、ブロック7のすべてのマスから5が除外される。", "plain form ends a Japanese sentence (です/ます)"},
		{"zh-CN", "请您再试一次。", "formal 您 where the bot says 你"},
		{"zh-TW", "交替為“兩者至少一真”", "curly quotes where Taiwan writes 「」"},
		{"fr", "Tu as abandonné" + n + "! Copié" + n + ": collez-le où vous voulez.", "French vous where the bot says tu"},
		{"pt-BR", "Em bloco 9, o 8 só tem um lugar", "Portuguese unit without its article"},
		{"pt-BR", "Olhe linhas 5 e 8.", "Portuguese unit without its article"},
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
		{"en-US", "X-Wing (X-Wing): rows 1 and 4", "doubled name"},
		{"es-ES", "Mira la fila 4 .", "space before punctuation"},
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

package l10n

import (
	"strings"
	"testing"
)

func TestTypeset(t *testing.T) {
	const n = "\u202f"
	tests := []struct {
		tag, in, want string
	}{
		// Chinese: full-width punctuation, enumeration comma, spacing.
		{"zh-CN", "只有 3 和 4.", "只有 3 和 4。"},
		{"zh-CN", "删除 1, 3", "删除 1、3"},
		{"zh-CN", "结果：r1c3: 填入 8。", "结果：r1c3：填入 8。"},
		{"zh-CN", "看到r5c5和r8c4中的某个7", "看到 r5c5 和 r8c4 中的某个 7"},
		{"zh-CN", "第 1 宫 , 然后", "第 1 宫，然后"},
		{"zh-CN", "好。 然后", "好。然后"},
		{"zh-CN", "见 https://example.com/a.png 。", "见 https://example.com/a.png。"},
		{"zh-CN", "r1c3: place 8", "r1c3: place 8"}, // no CJK: left alone
		{"zh-CN", "等等...", "等等..."},
		{"zh-CN", "空格用 0 或 . 表示。", "空格用 0 或 . 表示。"},
		{"ja", "空きマスは 0 か .）。", "空きマスは0か .）。"},
		{"zh-CN", "用 `/数独 每日` 来玩", "用 `/数独 每日` 来玩"},
		{"zh-CN", "（周一） · 简单", "（周一） · 简单"},
		{"zh-CN", "2026年11月23日（周一）", "2026年11月23日（周一）"},
		{"zh-TW", "只有 3 和 4.", "只有 3 和 4。"},
		{"zh-TW", "交替為“兩者至少一真”和“兩者不能同真”", "交替為「兩者至少一真」和「兩者不能同真」"},
		{"zh-CN", "交替为“两者至少一真”", "交替为“两者至少一真”"},
		// Japanese: full-width punctuation, no spaces round Latin text.
		{"ja", "3と4 しかない.", "3と4しかない。"},
		{"ja", "1行目 を見てください", "1行目を見てください"},
		{"ja", "ヒドゥンシングル（Hidden Single） を試しましょう", "ヒドゥンシングル（Hidden Single）を試しましょう"},
		{"ja", "結果：r1c3: 8 を記入", "結果：r1c3：8を記入"},
		{"ja", "  するとr3c5 は 3", "  するとr3c5は3"},
		// French: narrow no-break space before : ; ? ! and inside « ».
		{"fr", "Résultat : r1c3: retirer 3 ; r2c4: retirer 3", "Résultat" + n + ": r1c3" + n + ": retirer 3" + n + "; r2c4" + n + ": retirer 3"},
		{"fr", "Bravo! Prêt ?", "Bravo" + n + "! Prêt" + n + "?"},
		{"fr", "« Sudoku »", "«" + n + "Sudoku" + n + "»"},
		{"fr", "Bravo :tada: à 12:30 sur https://x.fr", "Bravo :tada: à 12:30 sur https://x.fr"},
		{"fr", "<t:1700000000:R>", "<t:1700000000:R>"},
		{"fr", " : alors ", n + ": alors "}, // a separator, set before it is joined
		// Portuguese: prepositions contract with a unit's article.
		{"pt-BR", "de a mesma casa", "de a mesma casa"},
		// German: a plural unit's article in the dative after a preposition.
		{"de", "Ergebnis: r1c3: 8 setzen.", "Ergebnis: r1c3: 8 setzen."},
		// Other languages are left as written.
	}
	for _, tt := range tests {
		got := Typeset(tt.tag, tt.in)
		if got != tt.want {
			t.Errorf("Typeset(%s, %q) = %q, want %q", tt.tag, tt.in, got, tt.want)
		}
		if again := Typeset(tt.tag, got); again != got {
			t.Errorf("Typeset(%s) is not idempotent: %q then %q", tt.tag, got, again)
		}
	}
}

// TestCountAgreement checks that a count reads as the language writes it:
// "0 erros" in Brazilian Portuguese (CLDR's "one" form for 0 reads
// wrong), "1 abandonada" and "0 abandonadas" in Spanish.
func TestCountAgreement(t *testing.T) {
	tests := []struct {
		tag, id string
		kv      []any
		want    string
	}{
		{"pt-BR", "n.mistakes", []any{"Count", 0}, "0 erros"},
		{"pt-BR", "n.mistakes", []any{"Count", 1}, "1 erro"},
		{"es-ES", "stats.head", []any{"User", 1, "Streak", 0, "Best", 0, "Solves", "1 resuelto", "GaveUps", 1}, "1 abandonada"},
		{"es-ES", "stats.head", []any{"User", 1, "Streak", 0, "Best", 0, "Solves", "1 resuelto", "GaveUps", 0}, "0 abandonadas"},
		{"fr", "stats.head", []any{"User", 1, "Streak", 0, "Best", 0, "Solves", "1 résolue", "GaveUps", 0}, "0 abandonnée"},
		{"pt-BR", "stats.head", []any{"User", 1, "Streak", 0, "Best", 0, "Solves", "1", "GaveUps", 0}, "0 desistências"},
	}
	for _, tt := range tests {
		got := For(tt.tag).T(tt.id, tt.kv...)
		if !strings.Contains(got, tt.want) {
			t.Errorf("%s %s %v = %q, want it to contain %q", tt.tag, tt.id, tt.kv, got, tt.want)
		}
	}
}

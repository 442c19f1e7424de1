package typolint

import "testing"

// TestReview3French checks each rule of review3_fr.go on the fault as the
// review of 2026-11-29 quoted it and on the sentence that replaced it.
func TestReview3French(t *testing.T) {
	tests := []struct {
		text, rule string // rule "" = clean
	}{
		{"Elles forment deux chaînes séparées, et dans chaque chaîne une couleur vaut 4 partout.", "a colour that is a digit everywhere (French)"},
		{"Donc B ne vaut 1 nulle part, et A vaut 1 partout.", "a colour that is a digit everywhere (French)"},
		{"une couleur porte le chiffre partout ; une couleur qui se voit elle-même est fausse", "a colour that is a digit everywhere (French)"},
		{"Donc aucune case de B ne vaut 1, et toutes les cases de A valent 1.", ""},
		{"Donc une case qui voit chaque 6 ou 9 de A et de E ne peut pas le contenir.", "the English skeleton: a cell that sees every 9 of A and B"},
		{"Donc une case qui voit chaque 4 de tous les pétales ne peut pas le contenir.", "the English skeleton: a cell that sees every 9 of A and B"},
		{"Chaque 5 de A voit chaque 5 de B\u202f: au plus l’un des deux contient le 5.", ""},
		{"Aucune case qui voit toutes les places du 9 dans A et dans E ne peut donc valoir 9.", ""},
		{"Certaines cases reviennent à un autre chiffre dans chacun de ses propres gabarits ;", "the English skeleton: cells that belong to a digit's own templates"},
		{"Certaines cases sont prises par un autre chiffre dans tous les gabarits de celui-ci\u202f;", ""},
		{"(r9c2 et r9c3 : un ensemble presque bloqué de 1, 3, 4 et 9 ; sans le 8, …)", "the English skeleton: an almost locked set of digits"},
		{"(r9c2 et r9c3\u202f: un ensemble presque bloqué qui contient 1, 3, 4 et 9\u202f; …)", ""},
		{"et aucune autre case dans la ligne 4 ne peut contenir l’un d’eux.", "the English skeleton: can hold either of them after a negation"},
		{"ces deux cases prennent ces deux chiffres, qui ne peuvent donc aller nulle part ailleurs dans la ligne 4.", ""},
		{"et r6c1 vaut 2 (seul chiffre restant dans la case), et une étape de plus mène à la conclusion commune.", "two et in a row at a forcing chain's end"},
		{"et r6c1 vaut 2 (seul chiffre restant dans la case), puis une étape de plus mène à la conclusion commune.", ""},
		{"  alors r9c9 ne vaut pas 1 (un chiffre par case), d’où r9c3 vaut 1", "a chain's wrapped line opening on alors"},
		{"  donc r9c9 ne vaut pas 1 (un chiffre par case), d’où r9c3 vaut 1", ""},
		{"      alors r1c2 vaut 9 (seule place restante pour le 9 dans la ligne 1)", ""},
		{"Donc 2 et 5 ne sont nulle part ailleurs dans la ligne 4.", "digits as subject without le or les chiffres"},
		{"Pour 2 et 5, il ne reste que les cases du croisement.", "digits as subject without le or les chiffres"},
		{"donc 7 (dans A et dans B) est dans A ou dans B.", "digits as subject without le or les chiffres"},
		{"1, 3, 4 et 9 : chacun occupe les mêmes cases dans tous ses gabarits.", "digits as subject without le or les chiffres"},
		{"Donc les chiffres 2 et 5 ne sont nulle part ailleurs dans la ligne 4.", ""},
		{"Pour le 7, il ne reste que les cases du croisement.", ""},
		{"r1c9 ne contient que 8 et 9, donc les deux ne peuvent pas valoir 8 et 9.", "the exclusion wording the review named (les deux, vide, échoue)"},
		{"r1c1 ne pourrait pas valoir 4 (vide r3c2) ou 9", "the exclusion wording the review named (les deux, vide, échoue)"},
		{"ce qui reste pour r3c5 et r3c6 échoue\u202f: 1 et 1", "the exclusion wording the review named (les deux, vide, échoue)"},
		{"r1c1 ne pourrait pas valoir 4 (r3c2 serait vide)\u202f; aucune des combinaisons restantes ne convient", ""},
		{"aucune case qui voit toutes ses places là ne peut le contenir.", "a calque the review of 2026-11-29 named"},
		{"r4c6 et r5c6 contiennent tous deux 7 dans le bloc 5", "a calque the review of 2026-11-29 named"},
		{"5 coups d’un coup, c’est trop", "a calque the review of 2026-11-29 named"},
		{"r4c6 et r5c6 contiennent toutes deux un 7 dans le bloc 5", ""},
		{"les quelques cases qui cassent le motif doivent le laisser cassé.", "a calque the review of 2026-11-29 named"},
		{"les quelques cases qui sortent du motif doivent donc l’empêcher de se former.", ""},
		// The second reading of 2026-11-29.
		{"Pétale du 5\u202f: r1c1 et r2c1 ne contiennent que 2 et 5\u202f; r1c9 voit son 5 en r1c1.", "the English skeleton: a petal's digit called the stem's own"},
		{"Pétale du 5\u202f: r1c1 et r2c1 ne contiennent que 2 et 5\u202f; r1c9 voit le 5 de ce pétale en r1c1.", ""},
		{"Alors E n’a pas le 2, donc il est bloqué et contient le Z.", "a digit's article on the letter standing for it"},
		{"seule place restante pour le x dans le bloc 1", "a digit's article on the letter standing for it"},
		{"Alors E n’a pas le 2, donc il est bloqué et contient Z.", ""},
		{"Soit Z le chiffre 6 ou 9 (le raisonnement vaut pour chacun).", ""},
		{"r1c1 ne peut donc pas valoir 7\u202f: soit elle vaut 4, soit r1c6 vaut 7, et elle la voit.", "two pronouns for two cells (elle la voit)"},
		{"r1c1 ne peut donc pas valoir 7\u202f: soit elle vaut 4, soit r1c6 vaut 7, et r1c1 voit ce 7.", ""},
		{"il remplit soit ces deux coins soit les deux autres\u202f; les deux autres formeraient un motif mortel, ils le perdent donc.", "a calque the second reading of 2026-11-29 named"},
		{"La prochaine étape logique depuis ta position", "a calque the second reading of 2026-11-29 named"},
		{"si cela enfreint une règle, ou si chaque cas mène à la même conclusion, la conclusion tient.", "a calque the second reading of 2026-11-29 named"},
		{"si cela enfreint une règle, l’hypothèse est fausse, et si chaque cas mène à la même conclusion, cette conclusion est vraie.", ""},
		// The independent third reading (review-2026-11-29c/fr.md).
		{"Quand toutes les places d’un chiffre dans un bloc sont sur une même ligne ou colonne, le reste de cette ligne ou colonne le perd, ce qui ne laisse", "the English skeleton: a unit or cell that loses the digit (French)"},
		{"les cases d’où il retirerait le chiffre et qui voient toutes les nageoires le perdent.", "the English skeleton: a unit or cell that loses the digit (French)"},
		{"Quand toutes les places d’un chiffre dans un bloc sont sur une même ligne ou colonne, on peut l’éliminer du reste de cette ligne ou colonne.", ""},
		{"les cases d’où il retirerait le chiffre et qui voient toutes les nageoires ne peuvent pas le contenir.", ""},
		{"Quel que soit le chiffre de la tige, le pétale de ce chiffre le perd et devient bloqué", ""},
		{"Accepte une nageoire. Seules les cases qui voient toutes les nageoires peuvent perdre le chiffre.", "the English skeleton: a unit or cell that loses the digit (French)"},
		{"Seules les cases qui voient les trois peuvent perdre Z\u202f: cherche-les dans le bloc du pivot.", "the English skeleton: a unit or cell that loses the digit (French)"},
		{"Le dernier coin perd donc A, qui compléterait le motif.", "the English skeleton: a unit or cell that loses the digit (French)"},
		{"On ne peut éliminer Z que des cases qui voient les trois\u202f: cherche-les dans le bloc du pivot.", ""},
		{"B perd alors X, est bloqué et porte Y", ""},
		{"Dans le bloc 5, le 3 ne peut aller qu’en r4c4 et r5c4, toutes deux dans la colonne 4", "one digit's two places joined by et (French)"},
		{"Dans la ligne 1, le 5 ne peut aller qu’en r1c2 ou r1c3\u202f; dans la colonne 3, qu’en r8c3 et r1c3.", "one digit's two places joined by et (French)"},
		{"Dans le bloc 5, les seules places du 3 sont r4c4 et r5c4, toutes deux dans la colonne 4", ""},
		{"Dans la ligne 4, les chiffres 5 et 8 ne peuvent aller qu’en r4c1 et r4c7\u202f: ces deux cases contiennent ces deux chiffres et aucun autre.", ""},
		{"Dans la ligne 1, le 5 ne peut aller qu’en r1c2 ou r1c3\u202f; dans la colonne 3, qu’en r8c3 ou r1c3.", ""},
		{"et r8c1 ne vaut pas x (paire pointante\u202f: x du bloc 4 n’est alors que dans la colonne 1)", "the tried value x as a bare subject (French)"},
		{"d’où r7c5 ne vaut pas x (X-Wing\u202f: x dans les colonnes 4 et 9 n’est alors que dans les deux mêmes lignes)", "the tried value x as a bare subject (French)"},
		{"et r8c1 ne vaut pas x (paire pointante\u202f: la valeur x du bloc 4 n’est alors que dans la colonne 1)", ""},
		{"les deux autres doivent prendre l’un de leurs chiffres en trop pour éviter un motif mortel (quatre cases)\u202f; ensemble elles agissent comme une case", "a calque the third reading of 2026-11-29 named (French)"},
		{"Concurrent 2 a terminé en 4:12\u202f: place 3.", "a calque the third reading of 2026-11-29 named (French)"},
		{"une case qui en voit deux séparées par un nombre impair d’étapes ne peut contenir aucun des deux.", "a calque the third reading of 2026-11-29 named (French)"},
		{"les deux autres doivent prendre l’un de leurs chiffres en trop (quatre cases)\u202f; ensemble, ces deux cases agissent comme une seule case", ""},
		{"Concurrent 2 a terminé au rang 3, en 4:12.", ""},
		{"Quand deux cases d’une boucle ont d’autres candidats, l’une en prend un\u202f; ensemble elles agissent comme une case", ""},
	}
	for _, tc := range tests {
		var got []string
		for _, p := range Check("fr", tc.text) {
			got = append(got, p.Rule)
		}
		found := false
		for _, r := range got {
			if r == tc.rule {
				found = true
			}
		}
		switch {
		case tc.rule == "" && len(got) > 0:
			t.Errorf("%q: want clean, got %v", tc.text, got)
		case tc.rule != "" && !found:
			t.Errorf("%q: want %q, got %v", tc.text, tc.rule, got)
		}
	}
}

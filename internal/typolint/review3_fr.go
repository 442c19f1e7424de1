package typolint

import "regexp"

// The French fault classes of the native review of 2026-11-29
// (l10n/style/review-2026-11-29/fr.md) that the catalogue then fixed by
// construction: each pattern is what the fault looked like in a rendered
// hint or message, so that it cannot come back.
var (
	// "dans chaque chaîne une couleur vaut 4 partout", "Donc B ne vaut 1
	// nulle part": a colour spoken of as if it were a cell (the English
	// "one colour is 4 everywhere"); French says "les cases d’une couleur
	// valent toutes 4".
	frColourEverywhere = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\b(vaut|valent) [1-9] (partout|nulle part)\b|\bporte le chiffre partout\b`),
	}
	// "Donc une case qui voit chaque 6 ou 9 de A et de E ne peut pas le
	// contenir": "sees every 6 or 9 of A and E" with a pronoun that has
	// no single antecedent.
	frSeesEvery = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\bqui voit chaque [1-9]( ou [1-9])*(, [1-9])* de\b`),
	}
	// "Certaines cases reviennent à un autre chiffre dans chacun de ses
	// propres gabarits": "belong to another digit in each of its own
	// templates".
	frTemplateOwn = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\breviennent à un autre chiffre\b|\bde ses propres gabarits\b`),
	}
	// "(…: un ensemble presque bloqué de 1, 3, 4 et 9)": "an ALS of
	// 1, 3, 4 and 9".
	frSetOfDigits = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\bensemble presque bloqué de [1-9]`),
	}
	// "aucune autre case dans la ligne 4 ne peut contenir l’un d’eux": the
	// English "can hold either of them" after a negation.
	frNoneCanHoldOne = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\bne peut contenir l’un d’eux\b`),
	}
	// "…, et r6c1 vaut 2 (…), et une étape de plus mène …": two "et" in a
	// row where a forcing chain's last link ends.
	frAndAnd = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\), et une étape de plus\b`),
	}
	// "Supposons que … : alors r9c9 vaut 2 (…),⏎  alors r9c9 ne vaut
	// pas 1": a chain's wrapped line that opens on the connector the
	// first line used. Chain lines go on with donc, d’où or et; only
	// forcing chains (indented deeper) may open a line on alors.
	frWrapAlors = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`^ {2}alors r[1-9]c[1-9]\b`),
	}
	// "Donc 2 et 5 ne sont nulle part ailleurs", "Pour 2 et 5, il ne
	// reste que", "donc 7 (dans A et dans B) est": digits as a subject
	// without "le" or "les chiffres" (the review of c350adf's rule does
	// not reach these shapes).
	frBareDigits = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`(^|[^\pL])(?i:donc) [1-9](( et| ou|,) [1-9])* (\(|ne sont|nulle)|(^|[^\pL])Pour [1-9](( et|,) [1-9])*, il ne reste\b|: [1-9](( et|,) [1-9])* vont chacun\b|(^|[^\pL])[1-9](( et|,) [1-9])* : chacun occupe\b`),
	}
	// Aligned pair and triple exclusion: "donc les deux ne peuvent pas
	// valoir 8 et 9" ("les deux" reads as the digits), "4 (vide r3c2)"
	// ("vide" reads as an adjective), "ce qui reste … échoue" (a
	// combination that "fails").
	frExclusion = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\bdonc les (deux|trois) ne peuvent pas valoir\b|\(vide r[1-9]c[1-9]\)|(^|[^\pL])(échoue|échouerait)[\s\x{202F}]?:`),
	}
	// Calques of one sentence each the review named: the WXYZ "toutes ses
	// places là", the template "mêmes quelques cases", the APE "ne
	// s’accorde avec aucun de l’autre", the Kraken "retirerait, rendu
	// faux", the loop's "bloqués en lui", the nested chain's "découpe une
	// case selon ses chiffres", Nishio's "suis où ce chiffre", and in the
	// other messages "n’a pas laissé entrer", "contiennent tous deux"
	// (cases are feminine), "d’un coup, c’est", "ta 1 case"; in the lesson
	// pages "le laisser cassé", "remplis par toi", "les tenir de tête",
	// "la vue de l’ordinateur", "une couleur est le chiffre".
	frReview3Calques = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\btoutes ses places là[^\pL]|\bmêmes quelques cases\b|\bne s’accorde avec aucun\b|\bretirerait, rendu faux\b|\bbloqués en lui\b|\bdécoupe une case selon\b|\bsuis où ce chiffre\b|\bn’a pas laissé entrer\b|\bcontiennent tous deux\b|\bd’un coup, c’est\b|\bta 1 case\b|\bEfface par ex\.|\bpour courir\b|\bl’étape fait davantage\b|\ble laisser cassé|\bremplis par toi\b|\bles tenir de tête\b|\bla vue de l’ordinateur\b|\bune couleur est le chiffre\b`),
	}
)

// The French classes of the second native reading of 2026-11-29
// (l10n/style/review-2026-11-29b/fr.md), fixed in the catalogue; each
// pattern is the fault as the reading quoted it.
var (
	// "r1c9 voit son 5 en r1c1": the Death Blossom petal line kept the
	// English "sees its 5 at". French « son » binds to the subject, so it
	// reads as the stem's own 5, when the 5 is the petal's.
	frPetalOwn = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\bvoit son [1-9] en r[1-9]c[1-9]`),
	}
	// "donc il est bloqué et contient le Z": the letter standing for a
	// digit (the Z of an ALS chain, the tried value x) takes no article;
	// the template meant for "le 5" was given the letter.
	frLetterArticle = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`(^|[^\pL])(?:le|du|au) [xZ]([^\pL]|$)`),
	}
	// "soit r1c6 vaut 7, et elle la voit": two pronouns for two cells,
	// which the reader has to pair up.
	frPronounPair = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\belle la voit\b`),
	}
	// The incidental calques of the same reading: the UR type 6
	// definition's "formeraient un motif mortel, ils le perdent", the
	// forcing net's "la conclusion tient" after a broken rule, "paires
	// pointantes, paires et X-Wings", "depuis ta position", "Le plus de
	// résolutions", "Certains candidats 8 … : ces cases".
	frReview3bCalques = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\bformeraient un motif mortel, ils le perdent\b|\bmême conclusion, la conclusion tient\b|\bpointantes, paires et\b|\bdepuis (ta|cette) position\b|\bLe plus de résolutions\b|\bCertains candidats [1-9] ne sont\b`),
	}
)

// The French classes of the independent third reading of 2026-11-29
// (l10n/style/review-2026-11-29c/fr.md), fixed in the catalogue; each
// pattern is the text as that reading quoted it.
var (
	// J1 "le reste de cette ligne ou colonne le perd", "les cases … qui
	// voient toutes les nageoires le perdent": a unit or a cell "loses"
	// the digit, the English "loses it"; a French solver eliminates it
	// (« on l’élimine du reste… », « … ne peuvent pas le contenir »). The
	// lesson pages said it of cells: "seules les cases qui voient toutes
	// les nageoires peuvent perdre le chiffre", "Le dernier coin perd
	// donc A".
	frUnitLosesDigit = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\b(le reste (du bloc|de la ligne|de la colonne|de cette ligne( ou colonne)?|de la ligne ou du bloc)|toutes les nageoires) (le perd|le perdent)\b|\bcases qui voient [^.;:]{0,40}(peuvent|pour) perdre (le chiffre|Z)\b|\bLe dernier coin perd\b`),
	}
	// J2 "le 3 ne peut aller qu’en r4c4 et r5c4": one digit's two places
	// joined by « et » read as if it went in both; the digit goes in one
	// of them (« ou »). Two digits in two cells (a hidden pair, "les
	// chiffres 5 et 8 ne peuvent aller qu’en …") keep « et ».
	frOneDigitBothPlaces = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\ble [1-9] ne peut aller qu’en r[1-9]c[1-9] et r[1-9]c[1-9]\b|, qu’en r[1-9]c[1-9] et r[1-9]c[1-9]\b`),
	}
	// J3 "(paire pointante : x du bloc 4 n’est alors que …)": the tried
	// value x as a bare subject reads like a typo; it is « la valeur x ».
	frBareTriedValue = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`(paire pointante|réduction|X-Wing)[\s\x{202F}]?: x (du|de la|des|dans)\b`),
	}
	// The incidental faults of the same reading: I1 the UR type 3
	// definition's "les deux autres [coins] … ; ensemble elles agissent"
	// (a feminine pronoun for corners), I2 the race line "a terminé en
	// 4:12 : place 3" (English word order for a rank), J4 the Remote
	// Pair's "nombre impair d’étapes" where the hint counts links.
	frReview3cCalques = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\bdoivent prendre l’un de leurs chiffres en trop[^;]*;[\s\x{202F}]?ensemble elles\b|[\s\x{202F}]: place [0-9]|\bnombre impair d’étapes\b`),
	}
)

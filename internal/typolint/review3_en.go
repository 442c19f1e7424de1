package typolint

import "regexp"

// The spelling of the two English catalogues, after a native reader of
// 2026-11-29 found en-US's "“Naked Pair” or “Colouring” applies too": en-US
// writes American spelling (color, practice as the verb, center, -ize),
// en-GB British (colour, practise, centre, -ise), each through the
// catalogue, the hints, the messages and the lessons as the language reads
// them.
var (
	// enUSBritish is a British spelling in American text. "analyses"
	// is left out (the plural of analysis in both), and so are the
	// -ise words English spells so everywhere (exercise, otherwise,
	// likewise, surprise, advise, revise, comprise).
	enUSBritish = regexp.MustCompile(`(?i)\b(colour|favour|neighbour|behaviour|honour|flavour|rumour|labour)|\b(centre|metre|theatre|fibre|litre)s?\b|\bgrey(s|ed|ing|er|est)?\b|\b(cancell|travell|labell|modell|levell|signall|fuell)(ed|ing|er)\b|\b(licence|defence|offence|programme|catalogue)s?\b|\bpractis(e|es|ed|ing)\b|\b(analys|paralys)(e|ed|ing)\b|\b(whilst|amongst|learnt|spelt|dreamt)\b|\b(recogn|organ|real|final|optim|minim|maxim|summar|categor|priorit|general|special|standard|memor|emphas|apolog|critic|util|visual|normal|random|initial|custom|author|synchron|character|penal|stabil)is(e|es|ed|ing|ation|ations)\b`)
	// enGBAmerican is an American spelling in British text. "license"
	// and "practice" are left out (the British verb and the noun of
	// both); "practiced" and "to practice" are the American verb.
	enGBAmerican = regexp.MustCompile(`(?i)\b(color|favor|neighbor|behavior|honor|flavor|rumor|labor)(s|ed|ing|ful|ize|ized|able)?\b|\b(center|meter|theater|fiber|liter)s?\b|\bgray(s|ed|ing|er|est)?\b|\b(cancel|travel|label|model|level|signal|fuel)(ed|ing|er)\b|\b(defense|offense)s?\b|\bpractic(ed|ing)\b|\bto practice\b|\b(analy|paraly)z(e|es|ed|ing)\b|\b(recogn|organ|real|final|optim|minim|maxim|summar|categor|priorit|general|special|standard|memor|emphas|apolog|critic|util|visual|normal|random|initial|custom|author|synchron|character|penal|stabil)iz(e|es|ed|ing|ation|ations)\b`)
)

// The rule names of the English spelling checks.
const (
	ruleBritishInUS  = "a British spelling in American English (colour, practise, centre, -ise)"
	ruleAmericanInGB = "an American spelling in British English (color, practiced, center, -ize)"
)

// checkEnglishSpelling reports in an English text (tag en-US or en-GB) a
// word spelt the other country's way. The expert names in brackets are
// no exception: en-US spells them its own way in its catalogue
// ("Coloring (Simple Coloring)"), and en-GB as the engine's keys do.
func checkEnglishSpelling(tag, part string, add func(rule, s string, i, j int)) {
	re, rule := enUSBritish, ruleBritishInUS
	if tag == "en-GB" {
		re, rule = enGBAmerican, ruleAmericanInGB
	}
	for _, m := range re.FindAllStringIndex(part, -1) {
		add(rule, part, m[0], m[1])
	}
}

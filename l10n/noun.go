package l10n

import (
	"slices"
	"strings"
)

// Nouns: the things a hint names (a row, boxes 5 and 8, a digit, the
// value a proof tries), with every form the language's grammar asks of
// them, so that a sentence chooses its grammar in its own catalogue and
// nothing is repaired after rendering.
//
// A noun is a message ("unit.box" = "le bloc {{.N}}") and its forms are
// messages beside it, named by the form ("unit.box.de" = "du bloc
// {{.N}}", "unit.box.a" = "au bloc {{.N}}"). A language declares only the
// forms it has: German a dative ("unit.boxes.dat" = "den Blöcken
// {{.List}}"), French and Portuguese a preposition contracted with the
// article ("unit.box.em" = "no bloco {{.N}}", and "unit.box.Em" = "No
// bloco {{.N}}" to start a sentence), Chinese none. Every noun
// of a language has the same forms (the catalogue test checks it).
//
// Given to a message as a field, a noun is a Forms value: "{{.Unit}}"
// writes its plain form and "{{.Unit.dat}}" a declared form; "{{.Unit.kind}}"
// is what it names, for a sentence that words one kind of thing
// differently: "digit", "value" (the tried candidate of a proof, "x"),
// "cell", "cells", "house" or "houses".
// "{{if eq .Unit.kind "houses"}}…{{else}}…{{end}}" selects on it.

// Kinds of thing a noun names, for selection in a message.
const (
	KindDigit  = "digit"
	KindValue  = "value"
	KindCell   = "cell"
	KindCells  = "cells"
	KindHouse  = "house"
	KindHouses = "houses"
)

// nounIDs are the messages that are nouns, whose ids may carry forms.
var nounIDs = []string{
	"unit.row", "unit.column", "unit.box", "unit.rows", "unit.columns", "unit.boxes",
	"fc.a_unit", "uq.their_unit",
}

// IsNounForm reports a message id that is a form of a noun
// ("unit.box.dat"): a key a language may have that English lacks.
func IsNounForm(id string) (noun, form string, ok bool) {
	i := strings.LastIndexByte(id, '.')
	if i < 0 {
		return "", "", false
	}
	noun, form = id[:i], id[i+1:]
	if !slices.Contains(nounIDs, noun) || form == "" || strings.ContainsFunc(form, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) {
		return "", "", false
	}
	return noun, form, true
}

// Forms is a noun in one language: its plain form under "nom", each form
// the language declares under its name, and its kind under "kind". In a
// message template "{{.X}}" prints the plain form.
type Forms map[string]string

// String is the plain form.
func (f Forms) String() string { return f["nom"] }

// Kind is what the noun names (KindHouse...).
func (f Forms) Kind() string { return f["kind"] }

// In implements Phrase: a noun is its plain form where a text is built
// outside a message.
func (f Forms) In(*Lang) string { return f.String() }

// Noun renders a noun message in every form the language has: Noun(
// "unit.box", KindHouse, "N", 5).
func (l *Lang) Noun(id, kind string, kv ...any) Forms {
	out := Forms{"kind": kind}
	if l == nil {
		out["nom"] = id
		return out
	}
	out["nom"] = l.T(id, kv...)
	for _, form := range l.forms() {
		fid := id + "." + form
		if s := l.T(fid, kv...); s != fid {
			out[form] = s
		} else {
			out[form] = out["nom"]
		}
	}
	return out
}

// Forms lists the noun forms the language declares ("dat"), sorted.
func (l *Lang) forms() []string {
	if l == nil {
		return nil
	}
	return langForms[l.tag]
}

// NounForms lists the noun forms the language declares ("dat", "de"),
// sorted: what a template may ask of a noun field besides "kind".
func (l *Lang) NounForms() []string { return slices.Clone(l.forms()) }

// langForms is each language's declared noun forms, read at load.
var langForms = map[string][]string{}

// declareForms records a language's noun forms from its message ids.
func declareForms(tag string, ids []string) {
	var forms []string
	for _, id := range ids {
		if _, form, ok := IsNounForm(id); ok && !slices.Contains(forms, form) {
			forms = append(forms, form)
		}
	}
	slices.Sort(forms)
	langForms[tag] = forms
}

// JoinForms joins nouns form by form, as the language lists them with
// separators sep and last (" and "): the dative of "Zeile 3 und Block 5"
// is each one's dative joined, and French "de la ligne 3 et du bloc 5"
// is each one's "de". The list names the plural of the kind of its
// first noun ("houses" for houses).
func JoinForms(fs []Forms, sep, last string) Forms {
	switch len(fs) {
	case 0:
		return Forms{"nom": "", "kind": ""}
	case 1:
		return fs[0]
	}
	out := Forms{}
	for k := range fs[0] {
		if k == "kind" {
			continue
		}
		// A form that starts a sentence ("Em": "Na linha 1") is the
		// first noun's; the nouns after it take the form's lower-case
		// twin ("na linha 6"), never "Na linha 1, Na linha 6".
		rest := k
		if lower := strings.ToLower(k[:1]) + k[1:]; lower != k {
			if _, ok := fs[0][lower]; ok {
				rest = lower
			}
		}
		parts := make([]string, len(fs))
		for i, f := range fs {
			if i == 0 {
				parts[i] = f[k]
			} else {
				parts[i] = f[rest]
			}
		}
		out[k] = strings.Join(parts[:len(parts)-1], sep) + last + parts[len(parts)-1]
	}
	kind := fs[0].Kind()
	switch kind {
	case KindHouse:
		kind = KindHouses
	case KindCell:
		kind = KindCells
	}
	out["kind"] = kind
	return out
}

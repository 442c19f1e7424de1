// Package l10n is the message catalogue: every word a player reads, in
// every language the bot ships, from one TOML file per language under
// locales/ (nicksnyder/go-i18n, CLDR plural rules).
//
// Messages are Go text/template strings with named fields ({{.Cell}});
// a message that varies with a number has plural forms and takes the
// number as Count, and may word an exact count its own way ({{if eq
// .Count 1}}…{{end}}: Japanese and Chinese, with one CLDR form, still
// say "the one cell" differently). A thing a sentence names (a row,
// houses, a digit) is a noun with the forms its language declares
// ({{.Unit.dat}}, {{.Unit.de}}; see Forms), so each sentence decides its
// own grammar: nothing is repaired after rendering. Translators edit
// only the files; a test fails when a file misses a key, has an extra
// one, or names different fields.
package l10n

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/sudokubot/sudokubot/engine"
)

//go:embed locales/*.toml
var files embed.FS

// Default is the catalogue's source language, and the fallback for any
// locale the bot does not ship.
const Default = "en-US"

// discordLocales maps each Discord locale the bot speaks to the file that
// serves it: Latin American Spanish reads the Spanish file, as the issue
// asks; every other Discord locale falls back to English.
var discordLocales = map[string]string{
	"en-US":  "en-US",
	"en-GB":  "en-GB",
	"zh-CN":  "zh-CN",
	"zh-TW":  "zh-TW",
	"es-ES":  "es-ES",
	"es-419": "es-ES",
	"pt-BR":  "pt-BR",
	"de":     "de",
	"fr":     "fr",
	"ja":     "ja",
}

// Lang speaks one language of the catalogue. Its methods are safe for
// concurrent use.
type Lang struct {
	tag string
	loc *i18n.Localizer
	// own are the ids this language's file has, for Own.
	own map[string]bool
}

var (
	loadOnce sync.Once
	bundle   *i18n.Bundle
	langs    map[string]*Lang
	loadErr  error
)

func load() {
	bundle = i18n.NewBundle(language.MustParse(Default))
	bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	names, err := fs.Glob(files, "locales/*.toml")
	if err != nil {
		loadErr = err
		return
	}
	langs = map[string]*Lang{}
	for _, name := range names {
		data, err := files.ReadFile(name)
		if err != nil {
			loadErr = err
			return
		}
		mf, err := bundle.ParseMessageFileBytes(data, name)
		if err != nil {
			loadErr = fmt.Errorf("l10n: %s: %w", name, err)
			return
		}
		tag := strings.TrimSuffix(path.Base(name), ".toml")
		ids := make([]string, len(mf.Messages))
		own := make(map[string]bool, len(mf.Messages))
		for i, m := range mf.Messages {
			ids[i] = m.ID
			own[m.ID] = true
		}
		declareForms(tag, ids)
		langs[tag] = &Lang{tag: tag, loc: i18n.NewLocalizer(bundle, tag, Default), own: own}
	}
}

// Check loads the catalogue and reports a file that does not parse. The
// files are embedded, so this is a build-time fact that tests pin; For
// still answers (in message ids) if it ever fails.
func Check() error {
	loadOnce.Do(load)
	return loadErr
}

// For is the language for a Discord locale ("zh-CN", "es-419"); an
// empty or unknown locale gets English.
func For(locale string) *Lang {
	loadOnce.Do(load)
	if tag, ok := discordLocales[locale]; ok {
		if l, ok := langs[tag]; ok {
			return l
		}
	}
	if l, ok := langs[Default]; ok {
		return l
	}
	return &Lang{tag: Default}
}

// English is the source language, used where no player is asking (the
// command line, logs of what was sent).
func English() *Lang { return For(Default) }

// Tag is the catalogue file this language reads ("zh-CN").
func (l *Lang) Tag() string { return l.tag }

// T renders message id with named fields, given as name, value pairs:
// T("moves.placed", "Digit", 7, "Cell", "r4c6"). A field named Count also
// picks the plural form. A message missing from this language falls back
// to English; one missing from English comes back as its id, which the
// catalogue tests make impossible.
func (l *Lang) T(id string, kv ...any) string {
	if l == nil || l.loc == nil {
		return id
	}
	cfg := &i18n.LocalizeConfig{MessageID: id}
	if len(kv) > 0 {
		data := make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			name, _ := kv[i].(string)
			v := kv[i+1]
			if _, ok := v.(Forms); ok {
				// A noun keeps its forms: the message picks one.
			} else if m, ok := v.(Phrase); ok {
				v = m.In(l)
			}
			data[name] = v
			if name == "Count" {
				cfg.PluralCount = pluralCount(l.tag, kv[i+1])
			}
		}
		cfg.TemplateData = data
	}
	s, err := l.loc.Localize(cfg)
	if err != nil {
		if strings.HasPrefix(id, "sep.") || strings.HasPrefix(id, "ch.line_") {
			// go-i18n treats an empty translation as missing; the
			// separators are the messages that may be empty (no space
			// between sentences in Chinese and Japanese, no comma before
			// a German chain's "⇒" on the next line).
			return ""
		}
		return id
	}
	return l.Typeset(s)
}

// pluralCount is the number whose plural form a count takes. CLDR puts 0
// in Portuguese's "one" form, but Brazilian readers write "0 erros" and
// "0 vitórias": zero takes the plural, as the reviewers read it.
func pluralCount(tag string, n any) any {
	if tag == "pt-BR" {
		switch v := n.(type) {
		case int:
			if v == 0 {
				return 2
			}
		case int64:
			if v == 0 {
				return 2
			}
		}
	}
	return n
}

// Phrase is anything that words itself in a language. A Phrase given as
// a message's field is rendered in the message's language.
type Phrase interface {
	In(l *Lang) string
}

// Msg is a message not yet put in words: an id and its fields. A Msg
// given as another message's field is rendered in the same language, so
// a phrase ("2 rule conflicts") can sit inside a sentence that is chosen
// elsewhere.
type Msg struct {
	ID   string
	Args []any
}

// M makes a Msg.
func M(id string, kv ...any) Msg { return Msg{ID: id, Args: kv} }

// In renders the message in a language.
func (m Msg) In(l *Lang) string { return l.T(m.ID, m.Args...) }

// Localizations is a message in every shipped Discord locale but the
// default, keyed by Discord locale, for a command's name_localizations
// and description_localizations. Locales whose text equals English are
// left out, as Discord then shows the default anyway.
func Localizations(id string, kv ...any) map[string]string {
	en := English().T(id, kv...)
	out := map[string]string{}
	for locale := range discordLocales {
		if locale == Default {
			continue
		}
		if s := For(locale).T(id, kv...); s != en {
			out[locale] = s
		}
	}
	return out
}

// DiscordLocales lists the Discord locales the bot speaks, sorted.
func DiscordLocales() []string {
	out := make([]string, 0, len(discordLocales))
	for l := range discordLocales {
		out = append(out, l)
	}
	slices.Sort(out)
	return out
}

// Tags lists the catalogue's languages (its files), sorted.
func Tags() []string {
	loadOnce.Do(load)
	out := make([]string, 0, len(langs))
	for t := range langs {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}

// List joins words as the language lists them: "a, b and c" (the
// catalogue's list.sep and list.last), the one way every message lists.
func (l *Lang) List(words []string) string { return l.join(words, "list.last") }

// OrList joins alternatives as the language lists them: "a or b", "a, b
// or c" (the catalogue's list.sep and list.or), as List joins words that
// all hold.
func (l *Lang) OrList(words []string) string { return l.join(words, "list.or") }

// join joins words with list.sep, and the message last before the last
// word.
func (l *Lang) join(words []string, last string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], l.T("list.sep")) + l.T(last) + words[len(words)-1]
}

// Level is a difficulty level's name as players read it ("Medium"),
// from the message "level." + its stable name.
func (l *Lang) Level(lv engine.Level) string {
	id := "level." + lv.String()
	if s := l.T(id); s != id {
		return s
	}
	return lv.String() // a value that is no level: a bug, not worth a panic
}

// Ungraded is what players read in place of the level of a puzzle that
// has none (yet): a pasted puzzle whose grading ran over its time.
func (l *Lang) Ungraded() string { return l.T("level.not_graded") }

// Date is a calendar day with its weekday, as the language writes it
// ("Mon 23 Nov 2026", "2026年11月23日（周一）").
func (l *Lang) Date(t time.Time) string {
	return l.T("date.long", "Weekday", l.T(fmt.Sprintf("weekday.%d", int(t.Weekday()))),
		"Day", t.Day(), "Month", l.T(fmt.Sprintf("month.%d", int(t.Month()))), "Year", t.Year())
}

// Duration is a length of time as players read it: m:ss, or h:mm:ss from
// an hour up ("4:05", "1:02:03"), rounded to the second. Given as a
// message's field it is written in the message's language (Lang.Duration);
// its String is that writing in the catalogue's source language, for
// text built outside a message.
type Duration time.Duration

// In implements Phrase.
func (d Duration) In(l *Lang) string { return l.Duration(time.Duration(d)) }

// String writes d as Lang.Duration of English does.
func (d Duration) String() string { return English().Duration(time.Duration(d)) }

// Duration writes a solve time, a race's window, a median: the one way
// the bot writes lengths of time in text. Every language shipped writes
// them with the same digits today; the method is the place to differ.
func (l *Lang) Duration(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

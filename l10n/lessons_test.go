package l10n

import (
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/typolint"
)

// TestLessonFallsBackToEnglish: a language reads its own lesson where it
// has one, else the English one, and the Tag says which it got.
func TestLessonFallsBackToEnglish(t *testing.T) {
	if err := CheckLessons(); err != nil {
		t.Fatal(err)
	}
	en, ok, err := English().Lesson("x-wing")
	if err != nil || !ok || en.Tag != Default || en.Spot == "" || en.Why == "" || en.Variants == "" {
		t.Fatalf("English X-Wing lesson: %+v %v %v", en, ok, err)
	}
	de, ok, err := For("de").Lesson("x-wing")
	if err != nil || !ok || de.Tag != "de" || de.Spot == en.Spot || !strings.Contains(de.Spot, "zwei Zeilen") {
		t.Errorf("German X-Wing lesson: %+v %v %v, want German", de, ok, err)
	}
	zh, ok, err := For("zh-CN").Lesson("x-wing")
	if err != nil || !ok || zh.Tag != "zh-CN" || !strings.Contains(zh.Spot, "找两行") {
		t.Errorf("Chinese X-Wing lesson: %+v %v %v, want Chinese", zh, ok, err)
	}
	// en-GB has no lessons file of its own: it reads the English one,
	// tagged so (every other language now has its own XY-Wing lesson).
	wing, ok, err := For("en-GB").Lesson("xy-wing")
	if enWing, _, _ := English().Lesson("xy-wing"); err != nil || !ok || wing.Spot != enWing.Spot || wing.Tag != Default {
		t.Errorf("British English XY-Wing lesson: %+v %v %v, want the English one tagged %s", wing, ok, err, Default)
	}
	if _, ok, err := English().Lesson("no-such-technique"); ok || err != nil {
		t.Errorf("unknown lesson: %v %v", ok, err)
	}
}

// TestEveryLessonRenders: every lesson of every language's file fills its
// texts (its own or its family's) without a missing field, and a language's
// lessons are written for techniques the English file has.
func TestEveryLessonRenders(t *testing.T) {
	if err := CheckLessons(); err != nil {
		t.Fatal(err)
	}
	english := lessonsByTag[Default]
	for tag, file := range lessonsByTag {
		for slug, table := range file {
			if slug == "families" {
				continue
			}
			if _, ok := english[slug]; !ok {
				t.Errorf("%s: a lesson %q that English does not have", tag, slug)
			}
			l, err := lessonOf(file, slug, table)
			if err != nil {
				t.Errorf("%s %s: %v", tag, slug, err)
				continue
			}
			if strings.Contains(l.Spot+l.Why+l.Variants, "{{") {
				t.Errorf("%s %s: an unfilled field: %+v", tag, slug, l)
			}
		}
	}
}

// TestFrenchLessonsAreTypeset: French lessons get the narrow no-break
// space before ":" and ";" that every French text has.
func TestFrenchLessonsAreTypeset(t *testing.T) {
	fr, ok, err := For("fr").Lesson("naked-pair")
	if err != nil || !ok || fr.Tag != "fr" {
		t.Fatalf("French naked pair: %+v %v %v", fr, ok, err)
	}
	if !strings.Contains(fr.Why, string(NarrowNBSP)+":") {
		t.Errorf("French lesson without a narrow no-break space before its colon: %q", fr.Why)
	}
}

// TestJapaneseLessonsReadAsJapanese: every Japanese lesson, rendered and
// typeset, passes what a native reader catches at a glance (typolint): a
// sentence in the plain form where the bot says です/ます, ASCII
// punctuation after Japanese, a space round Latin text, a doubled name, an
// unfilled field. Every technique the English file teaches has one.
func TestJapaneseLessonsReadAsJapanese(t *testing.T) {
	checkWholeLessons(t, "ja")
}

// TestPortugueseLessonsReadAsPortuguese: every Brazilian Portuguese
// lesson, rendered and typeset, passes typolint (a unit without its
// article, "na a linha", "de o bloco", "grade" for the board, "dica" for
// a given, the English "one of A and B"), and every technique the English
// file teaches has one.
func TestPortugueseLessonsReadAsPortuguese(t *testing.T) {
	checkWholeLessons(t, "pt-BR")
}

// TestGermanLessonsReadAsGerman: every German lesson, rendered, passes
// typolint („Brett“ beside „Spielfeld“, „würde folgen“, „eines von A und
// B“), every technique the English file teaches has one, and the prose
// names techniques as the German catalogue does, not in English.
func TestGermanLessonsReadAsGerman(t *testing.T) {
	checkWholeLessons(t, "de")
	for slug := range lessonsByTag[Default] {
		l, ok, err := For("de").Lesson(slug)
		if slug == "families" || err != nil || !ok {
			continue
		}
		for _, english := range []string{"Swordfish", "Jellyfish", "Full House", "Direct ", "Pointing", "pincer"} {
			if text := l.Spot + " " + l.Why + " " + l.Variants; strings.Contains(text, english) {
				t.Errorf("%s: the English %q in %q", slug, english, text)
			}
		}
	}
}

// checkWholeLessons fails for each English lesson that tag has no table
// for, and for each typolint problem in tag's rendered lessons.
func checkWholeLessons(t *testing.T, tag string) {
	t.Helper()
	if err := CheckLessons(); err != nil {
		t.Fatal(err)
	}
	file := lessonsByTag[tag]
	for slug := range lessonsByTag[Default] {
		if slug == "families" {
			continue
		}
		if _, ok := file[slug]; !ok {
			t.Errorf("%s: no %s lesson", slug, tag)
			continue
		}
		l, ok, err := For(tag).Lesson(slug)
		if err != nil || !ok || l.Tag != tag {
			t.Errorf("%s: %+v %v %v", slug, l, ok, err)
			continue
		}
		for _, text := range []string{l.Spot, l.Why, l.Variants} {
			for _, p := range typolint.Check(tag, text) {
				t.Errorf("%s: %s", slug, p)
			}
		}
	}
}

// TestFrenchLessonsReadAsFrench: every French lesson, rendered and
// typeset, passes what a French reader catches at a glance (typolint): a
// straight apostrophe, a missing narrow no-break space, « vous » where
// the bot says « tu », « de le », an unfilled field. Every technique the
// English file teaches has one.
func TestFrenchLessonsReadAsFrench(t *testing.T) {
	if err := CheckLessons(); err != nil {
		t.Fatal(err)
	}
	const tag = "fr"
	file := lessonsByTag[tag]
	for slug := range lessonsByTag[Default] {
		if slug == "families" {
			continue
		}
		if _, ok := file[slug]; !ok {
			t.Errorf("%s: no French lesson", slug)
			continue
		}
		l, ok, err := For(tag).Lesson(slug)
		if err != nil || !ok || l.Tag != tag {
			t.Errorf("%s: %+v %v %v", slug, l, ok, err)
			continue
		}
		for _, text := range []string{l.Spot, l.Why, l.Variants} {
			if strings.Contains(text, "{{") || strings.Contains(text, "<no value>") {
				t.Errorf("%s: unfilled field: %q", slug, text)
			}
			for _, p := range typolint.Check(tag, text) {
				t.Errorf("%s: %s", slug, p)
			}
		}
	}
}

// TestTaiwaneseLessonsReadAsTaiwanese: every Traditional Chinese lesson is
// written for Taiwan, and rendered and typeset it passes typolint: no text
// converted from the mainland file (隻有, 跟蹤, 當前...), no curly quotes
// where Taiwan writes 「」, no 您, no unfilled field. Every technique the
// English file teaches has one, and rows are 列 as in the zh-TW catalogue.
func TestTaiwaneseLessonsReadAsTaiwanese(t *testing.T) {
	if err := CheckLessons(); err != nil {
		t.Fatal(err)
	}
	const tag = "zh-TW"
	file := lessonsByTag[tag]
	for slug := range lessonsByTag[Default] {
		if slug == "families" {
			continue
		}
		if _, ok := file[slug]; !ok {
			t.Errorf("%s: no Traditional Chinese lesson", slug)
			continue
		}
		l, ok, err := For(tag).Lesson(slug)
		if err != nil || !ok || l.Tag != tag {
			t.Errorf("%s: %+v %v %v", slug, l, ok, err)
			continue
		}
		for _, text := range []string{Typeset(tag, l.Spot), Typeset(tag, l.Why), Typeset(tag, l.Variants)} {
			for _, p := range typolint.Check(tag, text) {
				t.Errorf("%s: %s", slug, p)
			}
		}
	}
	if l, _, _ := For(tag).Lesson("x-wing"); !strings.Contains(l.Spot, "找出兩列") || !strings.Contains(l.Spot, "同樣的兩行") {
		t.Errorf("zh-TW X-Wing lesson does not read rows as 列 and columns as 行: %q", l.Spot)
	}
}

// TestSpanishLessonsReadAsSpanish: every technique the English file teaches
// has a Spanish lesson, written with the catalogue's words: each one,
// rendered, passes typolint (the board is «tablero», never «cuadrícula»;
// no «un medusa»; no «uno de A y B»), says «dígito» as every hint does
// rather than «cifra», and names no technique by its English name where
// the catalogue has a Spanish one.
func TestSpanishLessonsReadAsSpanish(t *testing.T) {
	if err := CheckLessons(); err != nil {
		t.Fatal(err)
	}
	const tag = "es-ES"
	file := lessonsByTag[tag]
	english := []string{"Swordfish", "Jellyfish", "Pointing", "Claiming", "Skyscraper", "Kite", "Turbot", "XY-Wing", "XYZ-Wing", "W-Wing", "Death Blossom", "Franken", "Mutant", "Naked", "Hidden"}
	for slug := range lessonsByTag[Default] {
		if slug == "families" {
			continue
		}
		if _, ok := file[slug]; !ok {
			t.Errorf("%s: no Spanish lesson", slug)
			continue
		}
		l, ok, err := For(tag).Lesson(slug)
		if err != nil || !ok || l.Tag != tag {
			t.Errorf("%s: %+v %v %v", slug, l, ok, err)
			continue
		}
		for _, text := range []string{l.Spot, l.Why, l.Variants} {
			for _, p := range typolint.Check(tag, text) {
				t.Errorf("%s: %s", slug, p)
			}
			if strings.Contains(text, "cifra") {
				t.Errorf("%s: «cifra» where the catalogue says «dígito»: %q", slug, text)
			}
			for _, name := range english {
				if strings.Contains(text, name) {
					t.Errorf("%s: the English name %q: %q", slug, name, text)
				}
			}
		}
	}
}

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
	// en-GB's lessons file holds only the lessons spelt differently: the
	// XY-Wing it reads from en-US, tagged so (every other language now has
	// its own XY-Wing lesson).
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

// TestEveryLanguageTeachesEveryLesson: every technique the English file
// teaches has a lesson in each language that writes lessons, and each
// one, rendered and typeset, passes what a native reader catches at a
// glance (typolint: the plain form where the bot says です/ます, a
// straight apostrophe or a missing narrow no-break space in French,
// text converted from the mainland in zh-TW, "Brett" beside "Spielfeld",
// "dica" for a given, "uno de A y B", an unfilled field), and names no
// technique by an English name where the catalogue has its own.
func TestEveryLanguageTeachesEveryLesson(t *testing.T) {
	if err := CheckLessons(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		tag     string
		english []string // names and words the language's lessons never use
	}{
		{tag: "de", english: []string{"Swordfish", "Jellyfish", "Full House", "Direct ", "Pointing", "pincer"}},
		{tag: "fr"},
		{tag: "es-ES", english: []string{"Swordfish", "Jellyfish", "Pointing", "Claiming", "Skyscraper", "Kite", "Turbot", "XY-Wing", "XYZ-Wing", "W-Wing", "Death Blossom", "Franken", "Mutant", "Naked", "Hidden", "cifra"}},
		{tag: "pt-BR"},
		{tag: "ja"},
		{tag: "zh-CN"},
		{tag: "zh-TW"},
	} {
		t.Run(tc.tag, func(t *testing.T) {
			file := lessonsByTag[tc.tag]
			for slug := range lessonsByTag[Default] {
				if slug == "families" {
					continue
				}
				if _, ok := file[slug]; !ok {
					t.Errorf("%s: no %s lesson", slug, tc.tag)
					continue
				}
				l, ok, err := For(tc.tag).Lesson(slug)
				if err != nil || !ok || l.Tag != tc.tag {
					t.Errorf("%s: %+v %v %v", slug, l, ok, err)
					continue
				}
				for _, text := range []string{l.Spot, l.Why, l.Variants} {
					for _, p := range typolint.Check(tc.tag, text) {
						t.Errorf("%s: %s", slug, p)
					}
					for _, word := range tc.english {
						if strings.Contains(text, word) {
							t.Errorf("%s: %q in %q", slug, word, text)
						}
					}
				}
			}
		})
	}
}

// TestTaiwaneseLessonsRowsAndColumns: zh-TW reads rows as 列 and columns as 行,
// as its catalogue does (the mainland's are the other way round).
func TestTaiwaneseLessonsRowsAndColumns(t *testing.T) {
	if l, _, _ := For("zh-TW").Lesson("x-wing"); !strings.Contains(l.Spot, "找出兩列") || !strings.Contains(l.Spot, "同樣的兩行") {
		t.Errorf("zh-TW X-Wing lesson does not read rows as 列 and columns as 行: %q", l.Spot)
	}
}

// TestEnglishLessonsSpelling: en-GB's lessons file holds only the lessons
// whose spelling differs, and reads the rest from en-US; every lesson as
// en-US and en-GB read it is spelt their way (typolint: no "colour" in
// American, no "color" in British), and each lesson en-GB holds differs
// from en-US's, or it would not be there.
func TestEnglishLessonsSpelling(t *testing.T) {
	if err := CheckLessons(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		tag, slug, tagWant, word string
	}{
		{"en-US", "simple-colouring", Default, "color"},
		{"en-GB", "simple-colouring", "en-GB", "colour"},
		{"en-US", "multi-colouring", Default, "generalize"},
		{"en-GB", "multi-colouring", "en-GB", "generalise"},
		{"en-GB", "template-delete", "en-GB", "colouring"},
		{"en-GB", "x-wing", Default, "two rows"},
	} {
		l, ok, err := For(tc.tag).Lesson(tc.slug)
		if err != nil || !ok || l.Tag != tc.tagWant || !strings.Contains(l.Spot+l.Why+l.Variants, tc.word) {
			t.Errorf("%s %s: %+v %v %v, want %q, tagged %s", tc.tag, tc.slug, l, ok, err, tc.word, tc.tagWant)
		}
	}
	for slug := range lessonsByTag["en-GB"] {
		gb, _, _ := For("en-GB").Lesson(slug)
		us, _, _ := English().Lesson(slug)
		if gb == (Lesson{Spot: us.Spot, Why: us.Why, Variants: us.Variants, Tag: "en-GB"}) {
			t.Errorf("en-GB %s: the same words as en-US's lesson", slug)
		}
	}
	for _, tag := range []string{"en-US", "en-GB"} {
		for slug := range lessonsByTag[Default] {
			if slug == "families" {
				continue
			}
			l, ok, err := For(tag).Lesson(slug)
			if err != nil || !ok {
				t.Errorf("%s %s: %v %v", tag, slug, ok, err)
				continue
			}
			for _, text := range []string{l.Spot, l.Why, l.Variants} {
				for _, p := range typolint.Check(tag, text) {
					t.Errorf("%s %s: %s", tag, slug, p)
				}
			}
		}
	}
}

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
	wing, ok, err := For("de").Lesson("xy-wing")
	if enWing, _, _ := English().Lesson("xy-wing"); err != nil || !ok || wing.Spot != enWing.Spot || wing.Tag != Default {
		t.Errorf("German XY-Wing lesson: %+v %v %v, want the English one tagged %s", wing, ok, err, Default)
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
	if err := CheckLessons(); err != nil {
		t.Fatal(err)
	}
	const tag = "ja"
	file := lessonsByTag[tag]
	for slug := range lessonsByTag[Default] {
		if slug == "families" {
			continue
		}
		if _, ok := file[slug]; !ok {
			t.Errorf("%s: no Japanese lesson", slug)
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

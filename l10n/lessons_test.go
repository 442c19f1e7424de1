package l10n

import "testing"

// TestLessonFallsBackToEnglish: a language without its own lesson reads
// the English one and is told so by the Tag.
func TestLessonFallsBackToEnglish(t *testing.T) {
	if err := CheckLessons(); err != nil {
		t.Fatal(err)
	}
	en, ok, err := English().Lesson("x-wing")
	if err != nil || !ok || en.Tag != Default || en.Spot == "" || en.Why == "" || en.Variants == "" {
		t.Fatalf("English X-Wing lesson: %+v %v %v", en, ok, err)
	}
	de, ok, err := For("de").Lesson("x-wing")
	if err != nil || !ok || de.Spot != en.Spot || de.Tag != Default {
		t.Errorf("German X-Wing lesson: %+v %v %v, want the English one tagged %s", de, ok, err, Default)
	}
	if _, ok, err := English().Lesson("no-such-technique"); ok || err != nil {
		t.Errorf("unknown lesson: %v %v", ok, err)
	}
}

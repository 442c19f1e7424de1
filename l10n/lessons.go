package l10n

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"
	"text/template"

	"github.com/BurntSushi/toml"
)

// The lessons' prose (/learn/) is longer than a message and written
// language by language: a file under lessons/ per language that has it,
// English (Default) the source every page falls back to. en-GB holds only
// the lessons spelt the British way (colour); it reads the rest from en-US.
//
//go:embed lessons/*.toml
var lessonFiles embed.FS

// Lesson is a technique's lesson prose in one language: how to spot it,
// why it works, and its variants.
type Lesson struct {
	Spot, Why, Variants string
	// Tag is the language the prose is written in: the reader's, or
	// Default when the lesson is not written in theirs yet.
	Tag string
}

// lessonTable is one technique's table, or a family's: its texts and the
// fields its family's texts read.
type lessonTable map[string]any

var (
	lessonsOnce  sync.Once
	lessonsByTag map[string]map[string]lessonTable
	lessonsErr   error
)

func loadLessons() {
	lessonsByTag = map[string]map[string]lessonTable{}
	names, err := fs.Glob(lessonFiles, "lessons/*.toml")
	if err != nil {
		lessonsErr = err
		return
	}
	for _, name := range names {
		data, err := lessonFiles.ReadFile(name)
		if err != nil {
			lessonsErr = err
			return
		}
		var raw map[string]lessonTable
		if err := toml.Unmarshal(data, &raw); err != nil {
			lessonsErr = fmt.Errorf("l10n: %s: %w", name, err)
			return
		}
		lessonsByTag[strings.TrimSuffix(path.Base(name), ".toml")] = raw
	}
}

// CheckLessons loads the lessons' files and reports one that does not parse.
func CheckLessons() error {
	lessonsOnce.Do(loadLessons)
	return lessonsErr
}

// Lesson returns the lesson of a technique by its slug ("x-wing") in
// l's language, else in English; false when neither has it. A table that
// names a family takes the family's texts, filled with its own fields.
func (l *Lang) Lesson(slug string) (Lesson, bool, error) {
	lessonsOnce.Do(loadLessons)
	if lessonsErr != nil {
		return Lesson{}, false, lessonsErr
	}
	tags := []string{Default}
	if l != nil && l.tag != Default {
		tags = []string{l.tag, Default}
	}
	for _, tag := range tags {
		file := lessonsByTag[tag]
		t, ok := file[slug]
		if !ok {
			continue
		}
		out, err := lessonOf(file, slug, t)
		if err != nil {
			return Lesson{}, false, fmt.Errorf("l10n: lesson %s (%s): %w", slug, tag, err)
		}
		out.Tag = tag
		out.Spot, out.Why, out.Variants = Typeset(tag, out.Spot), Typeset(tag, out.Why), Typeset(tag, out.Variants)
		return out, true, nil
	}
	return Lesson{}, false, nil
}

// lessonOf fills a technique's texts: its own, else its family's, with
// the table's fields.
func lessonOf(file map[string]lessonTable, slug string, t lessonTable) (Lesson, error) {
	texts := t
	if fam, ok := t["family"].(string); ok {
		families := file["families"]
		f, ok := families[fam].(map[string]any)
		if !ok {
			return Lesson{}, fmt.Errorf("no family %q", fam)
		}
		texts = lessonTable{}
		for k, v := range f {
			texts[k] = v
		}
		for _, k := range []string{"spot", "why", "variants"} {
			if v, ok := t[k]; ok {
				texts[k] = v
			}
		}
	}
	fill := func(field string) (string, error) {
		s, _ := texts[field].(string)
		if s == "" {
			return "", fmt.Errorf("no %s text", field)
		}
		tmpl, err := template.New(slug).Option("missingkey=error").Parse(s)
		if err != nil {
			return "", err
		}
		var b bytes.Buffer
		if err := tmpl.Execute(&b, map[string]any(t)); err != nil {
			return "", err
		}
		return strings.Join(strings.Fields(b.String()), " "), nil
	}
	var out Lesson
	var err error
	if out.Spot, err = fill("spot"); err != nil {
		return Lesson{}, err
	}
	if out.Why, err = fill("why"); err != nil {
		return Lesson{}, err
	}
	if out.Variants, err = fill("variants"); err != nil {
		return Lesson{}, err
	}
	return out, nil
}

package app

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestExampleSetsEverySetting holds config.example.yaml to the settings
// table both ways: every setting is a key of the example (set, not only
// named in a comment), each key's comment names its own environment
// variable ("Env: NAME"), and the example has no key that is not a
// setting. The file is the operator's list of settings: it cannot miss
// one, keep one that is gone, or name the wrong variable.
func TestExampleSetsEverySetting(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(filepath.Join("..", "config.example.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	keys := exampleKeys(string(raw))
	envOf := map[string]string{}
	for _, s := range settings {
		envOf[s.key] = s.env
		comment, ok := keys[s.key]
		if !ok {
			t.Errorf("config.example.yaml does not set %s (%s)", s.key, s.env)
			continue
		}
		if !regexp.MustCompile(`\bEnv: ` + s.env + `\b`).MatchString(comment) {
			t.Errorf("config.example.yaml: the comment over %s does not say \"Env: %s\"", s.key, s.env)
		}
	}
	for k := range keys {
		if _, ok := envOf[k]; !ok {
			t.Errorf("config.example.yaml sets %s, which is no setting (app/config.go)", k)
		}
	}
}

// exampleKeys reads a YAML file of one or two levels: each leaf key
// ("discord.token", "db") with the comment lines right above it, joined.
func exampleKeys(text string) map[string]string {
	line := regexp.MustCompile(`^( *)([a-z_]+):(.*)$`)
	out := map[string]string{}
	var section string
	var comment []string
	for _, l := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(l)
		if c, ok := strings.CutPrefix(trimmed, "#"); ok {
			comment = append(comment, strings.TrimSpace(c))
			continue
		}
		m := line.FindStringSubmatch(l)
		if m == nil {
			comment = nil
			continue
		}
		indent, key, value := m[1], m[2], strings.TrimSpace(m[3])
		switch {
		case indent == "" && value == "":
			section = key
		case indent == "":
			section = ""
			out[key] = strings.Join(comment, " ")
		default:
			out[section+"."+key] = strings.Join(comment, " ")
		}
		comment = nil
	}
	return out
}

// TestEveryFileKeyIsASetting: each field of the file's YAML (fileConfig)
// is read by a line of the settings table, so a key the file accepts is
// never ignored.
func TestEveryFileKeyIsASetting(t *testing.T) {
	t.Parallel()
	var f fileConfig
	var fields []string
	var fill func(v reflect.Value, path string)
	fill = func(v reflect.Value, path string) {
		for i := range v.NumField() {
			fv, ft := v.Field(i), v.Type().Field(i)
			name, _, _ := strings.Cut(ft.Tag.Get("yaml"), ",")
			p := strings.TrimPrefix(path+"."+name, ".")
			if fv.Kind() == reflect.Struct {
				fill(fv, p)
				continue
			}
			s := p
			fv.Set(reflect.ValueOf(&s))
			fields = append(fields, p)
		}
	}
	fill(reflect.ValueOf(&f).Elem(), "")
	read := map[string]bool{}
	for _, s := range settings {
		if v := s.file(&f); v != nil {
			if *v != s.key {
				t.Errorf("the setting %s reads the file's %s", s.key, *v)
			}
			read[*v] = true
		}
	}
	for _, p := range fields {
		if !read[p] {
			t.Errorf("the file's %s is read by no setting", p)
		}
	}
}

// Package jsonschema validates JSON documents against the schemas of an
// OpenAPI 3.1 description, such as Discord's openapi.json. It covers the
// subset of JSON Schema that description uses: type (one or a list), const,
// enum, properties, required, additionalProperties, items, minItems,
// maxItems, uniqueItems, minLength, maxLength, pattern, minimum, maximum,
// minProperties, maxProperties, allOf, anyOf, oneOf and local $ref.
// Annotations (title, description, format, contentEncoding) are ignored.
//
// It is used by tests to prove that every body the bot sends is one Discord
// documents.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// Spec is a parsed OpenAPI description.
type Spec struct {
	root    map[string]any
	schemas map[string]any
}

// Load reads an OpenAPI description from a file.
func Load(path string) (*Spec, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(b)
}

// Parse reads an OpenAPI description.
func Parse(b []byte) (*Spec, error) {
	var root map[string]any
	if err := decode(b, &root); err != nil {
		return nil, fmt.Errorf("openapi: %w", err)
	}
	comps, _ := root["components"].(map[string]any)
	schemas, _ := comps["schemas"].(map[string]any)
	if schemas == nil {
		return nil, fmt.Errorf("openapi: no components.schemas")
	}
	return &Spec{root: root, schemas: schemas}, nil
}

func decode(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return d.Decode(v)
}

// Schema returns a named schema of components.schemas.
func (s *Spec) Schema(name string) (any, error) {
	sc, ok := s.schemas[name]
	if !ok {
		return nil, fmt.Errorf("no schema %q", name)
	}
	return sc, nil
}

// RequestSchema returns the schema of an operation's JSON request body,
// e.g. ("/channels/{channel_id}/messages", "post").
func (s *Spec) RequestSchema(path, method string) (any, error) {
	paths, _ := s.root["paths"].(map[string]any)
	p, _ := paths[path].(map[string]any)
	op, _ := p[strings.ToLower(method)].(map[string]any)
	rb, _ := op["requestBody"].(map[string]any)
	content, _ := rb["content"].(map[string]any)
	js, _ := content["application/json"].(map[string]any)
	if js == nil || js["schema"] == nil {
		return nil, fmt.Errorf("no JSON request body for %s %s", method, path)
	}
	return js["schema"], nil
}

// Validate checks a JSON document against a named schema.
func (s *Spec) Validate(name string, doc []byte) error {
	sc, err := s.Schema(name)
	if err != nil {
		return err
	}
	return s.ValidateSchema(sc, doc)
}

// ValidateSchema checks a JSON document against a schema, returning every
// violation found, each with its JSON path.
func (s *Spec) ValidateSchema(schema any, doc []byte) error {
	var v any
	if err := decode(doc, &v); err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	errs := s.check(schema, v, "$", 0)
	if len(errs) == 0 {
		return nil
	}
	return fmt.Errorf("%s", strings.Join(errs, "\n"))
}

func (s *Spec) resolve(sc map[string]any) (map[string]any, error) {
	for i := 0; i < 32; i++ {
		ref, ok := sc["$ref"].(string)
		if !ok {
			return sc, nil
		}
		name, ok := strings.CutPrefix(ref, "#/components/schemas/")
		if !ok {
			return nil, fmt.Errorf("unsupported $ref %q", ref)
		}
		next, ok := s.schemas[name].(map[string]any)
		if !ok {
			return nil, fmt.Errorf("$ref to missing schema %q", name)
		}
		sc = next
	}
	return nil, fmt.Errorf("$ref loop")
}

func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if _, ok := new(big.Int).SetString(x.String(), 10); ok {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func typeOK(want string, v any) bool {
	got := jsonType(v)
	return got == want || (want == "number" && got == "integer")
}

func equal(a, b any) bool {
	if na, ok := a.(json.Number); ok {
		if nb, ok := b.(json.Number); ok {
			fa, _ := new(big.Float).SetString(na.String())
			fb, _ := new(big.Float).SetString(nb.String())
			return fa != nil && fb != nil && fa.Cmp(fb) == 0
		}
		return false
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

func num(v any) (*big.Float, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, false
	}
	f, ok := new(big.Float).SetString(n.String())
	return f, ok
}

func intOf(v any) int {
	n, _ := v.(json.Number)
	i, _ := n.Int64()
	return int(i)
}

var patterns = map[string]*regexp.Regexp{}

// check returns the violations of v against sc at path.
func (s *Spec) check(raw any, v any, path string, depth int) []string {
	if depth > 64 {
		return []string{path + ": schema nesting too deep"}
	}
	if b, ok := raw.(bool); ok {
		if !b {
			return []string{path + ": not allowed here"}
		}
		return nil
	}
	sc0, ok := raw.(map[string]any)
	if !ok {
		return nil
	}
	sc, err := s.resolve(sc0)
	if err != nil {
		return []string{path + ": " + err.Error()}
	}
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, path+": "+fmt.Sprintf(format, args...)) }

	switch t := sc["type"].(type) {
	case string:
		if !typeOK(t, v) {
			fail("is %s, want %s", jsonType(v), t)
			return errs
		}
	case []any:
		ok := false
		names := make([]string, 0, len(t))
		for _, x := range t {
			name, _ := x.(string)
			names = append(names, name)
			ok = ok || typeOK(name, v)
		}
		if !ok {
			fail("is %s, want %s", jsonType(v), strings.Join(names, " or "))
			return errs
		}
	}
	if c, ok := sc["const"]; ok && !equal(c, v) {
		fail("is %v, want %v", v, c)
	}
	if en, ok := sc["enum"].([]any); ok {
		found := false
		for _, e := range en {
			found = found || equal(e, v)
		}
		if !found {
			fail("%v is not one of %v", v, en)
		}
	}
	switch x := v.(type) {
	case string:
		n := utf8.RuneCountInString(x)
		if m, ok := sc["minLength"]; ok && n < intOf(m) {
			fail("has %d characters, minimum %d", n, intOf(m))
		}
		if m, ok := sc["maxLength"]; ok && n > intOf(m) {
			fail("has %d characters, maximum %d", n, intOf(m))
		}
		if p, ok := sc["pattern"].(string); ok {
			re := patterns[p]
			if re == nil {
				re, err = regexp.Compile(p)
				if err != nil {
					fail("bad pattern %q", p)
					break
				}
				patterns[p] = re
			}
			if !re.MatchString(x) {
				fail("%q does not match %s", x, p)
			}
		}
	case json.Number:
		f, _ := num(x)
		if m, ok := num(sc["minimum"]); ok && f.Cmp(m) < 0 {
			fail("%s is below the minimum %s", x, sc["minimum"])
		}
		if m, ok := num(sc["maximum"]); ok && f.Cmp(m) > 0 {
			fail("%s is above the maximum %s", x, sc["maximum"])
		}
	case []any:
		if m, ok := sc["minItems"]; ok && len(x) < intOf(m) {
			fail("has %d items, minimum %d", len(x), intOf(m))
		}
		if m, ok := sc["maxItems"]; ok && len(x) > intOf(m) {
			fail("has %d items, maximum %d", len(x), intOf(m))
		}
		if u, _ := sc["uniqueItems"].(bool); u {
			for i := range x {
				for j := i + 1; j < len(x); j++ {
					if equal(x[i], x[j]) {
						fail("items %d and %d are equal", i, j)
					}
				}
			}
		}
		if it, ok := sc["items"]; ok {
			for i, e := range x {
				errs = append(errs, s.check(it, e, fmt.Sprintf("%s[%d]", path, i), depth+1)...)
			}
		}
	case map[string]any:
		if m, ok := sc["minProperties"]; ok && len(x) < intOf(m) {
			fail("has %d properties, minimum %d", len(x), intOf(m))
		}
		if m, ok := sc["maxProperties"]; ok && len(x) > intOf(m) {
			fail("has %d properties, maximum %d", len(x), intOf(m))
		}
		if req, ok := sc["required"].([]any); ok {
			for _, r := range req {
				if _, ok := x[r.(string)]; !ok {
					fail("missing required property %q", r)
				}
			}
		}
		props, _ := sc["properties"].(map[string]any)
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if ps, ok := props[k]; ok {
				errs = append(errs, s.check(ps, x[k], path+"."+k, depth+1)...)
			} else if ap, ok := sc["additionalProperties"]; ok {
				errs = append(errs, s.check(ap, x[k], path+"."+k, depth+1)...)
			}
		}
	}
	if all, ok := sc["allOf"].([]any); ok {
		for _, sub := range all {
			errs = append(errs, s.check(sub, v, path, depth+1)...)
		}
	}
	if anyOf, ok := sc["anyOf"].([]any); ok {
		var first []string
		matched := false
		for _, sub := range anyOf {
			e := s.check(sub, v, path, depth+1)
			if len(e) == 0 {
				matched = true
				break
			}
			if first == nil || len(e) < len(first) {
				first = e
			}
		}
		if !matched {
			errs = append(errs, path+": matches none of anyOf; closest: "+strings.Join(first, "; "))
		}
	}
	if oneOf, ok := sc["oneOf"].([]any); ok {
		n := 0
		var closest []string
		for _, sub := range oneOf {
			e := s.check(sub, v, path, depth+1)
			if len(e) == 0 {
				n++
			} else if closest == nil || len(e) < len(closest) {
				closest = e
			}
		}
		switch {
		case n == 0:
			errs = append(errs, path+": matches none of oneOf; closest: "+strings.Join(closest, "; "))
		case n > 1:
			errs = append(errs, fmt.Sprintf("%s: matches %d of oneOf, want exactly one", path, n))
		}
	}
	return errs
}

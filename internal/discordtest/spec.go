package discordtest

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// specURL is the location the OpenAPI description is registered under in
// the schema compiler; schemas are compiled from JSON pointers into it, so
// the description's local $refs (#/components/schemas/...) resolve within
// the same document.
const specURL = "file:///discord/openapi.json"

// Spec is a parsed OpenAPI 3.1 description, such as Discord's
// openapi.json. Its schemas are JSON Schema 2020-12 and are validated with
// github.com/santhosh-tekuri/jsonschema; annotations such as format are
// not asserted.
type Spec struct {
	root map[string]any

	// mu guards the compiler, which is not safe for concurrent use, and
	// the schemas compiled so far (by JSON pointer).
	mu       sync.Mutex
	compiler *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
}

// LoadSpec reads an OpenAPI description from a file.
func LoadSpec(path string) (*Spec, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseSpec(b)
}

// ParseSpec reads an OpenAPI description.
func ParseSpec(b []byte) (*Spec, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("openapi: %w", err)
	}
	root, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("openapi: document is not an object")
	}
	comps, _ := root["components"].(map[string]any)
	if schemas, _ := comps["schemas"].(map[string]any); schemas == nil {
		return nil, fmt.Errorf("openapi: no components.schemas")
	}
	c := jsonschema.NewCompiler()
	// OpenAPI 3.1 schemas are JSON Schema 2020-12 unless the document says
	// otherwise.
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(specURL, doc); err != nil {
		return nil, fmt.Errorf("openapi: %w", err)
	}
	return &Spec{root: root, compiler: c, compiled: map[string]*jsonschema.Schema{}}, nil
}

// compile compiles the schema at a JSON pointer into the description,
// once.
func (s *Spec) compile(ptr string) (*jsonschema.Schema, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch, ok := s.compiled[ptr]; ok {
		return sch, nil
	}
	sch, err := s.compiler.Compile(specURL + "#" + ptr)
	if err != nil {
		return nil, fmt.Errorf("openapi: compile %s: %w", ptr, err)
	}
	s.compiled[ptr] = sch
	return sch, nil
}

// pointerToken escapes a JSON pointer token (RFC 6901) and then the
// characters a URL fragment cannot hold as they are.
func pointerToken(tok string) string {
	tok = strings.ReplaceAll(tok, "~", "~0")
	tok = strings.ReplaceAll(tok, "/", "~1")
	return strings.NewReplacer("%", "%25", "{", "%7B", "}", "%7D", " ", "%20").Replace(tok)
}

// Schema returns a named schema of components.schemas.
func (s *Spec) Schema(name string) (*jsonschema.Schema, error) {
	comps, _ := s.root["components"].(map[string]any)
	schemas, _ := comps["schemas"].(map[string]any)
	if _, ok := schemas[name]; !ok {
		return nil, fmt.Errorf("no schema %q", name)
	}
	return s.compile("/components/schemas/" + pointerToken(name))
}

// RequestSchema returns the schema of an operation's JSON request body,
// e.g. ("/channels/{channel_id}/messages", "post").
func (s *Spec) RequestSchema(path, method string) (*jsonschema.Schema, error) {
	method = strings.ToLower(method)
	paths, _ := s.root["paths"].(map[string]any)
	p, _ := paths[path].(map[string]any)
	op, _ := p[method].(map[string]any)
	rb, _ := op["requestBody"].(map[string]any)
	content, _ := rb["content"].(map[string]any)
	js, _ := content["application/json"].(map[string]any)
	if js == nil || js["schema"] == nil {
		return nil, fmt.Errorf("no JSON request body for %s %s", method, path)
	}
	return s.compile("/paths/" + pointerToken(path) + "/" + pointerToken(method) +
		"/requestBody/content/" + pointerToken("application/json") + "/schema")
}

// Validate checks a JSON document against a named schema.
func (s *Spec) Validate(name string, doc []byte) error {
	sch, err := s.Schema(name)
	if err != nil {
		return err
	}
	return s.ValidateSchema(sch, doc)
}

// ValidateSchema checks a JSON document against a compiled schema; the
// error lists every violation with its location in the document.
func (s *Spec) ValidateSchema(sch *jsonschema.Schema, doc []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	return sch.Validate(v)
}

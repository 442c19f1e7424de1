package discordtest

import "testing"

const doc = `{"components":{"schemas":{
 "Kind":{"type":"integer","oneOf":[{"const":1},{"const":2}]},
 "Item":{"type":"object","properties":{
   "name":{"type":"string","minLength":1,"maxLength":5,"pattern":"^[a-z]+$"},
   "kind":{"$ref":"#/components/schemas/Kind"},
   "tags":{"type":["array","null"],"items":{"type":"string","enum":["a","b"]},"maxItems":2,"uniqueItems":true},
   "size":{"type":"number","minimum":0,"maximum":10},
   "extra":{"type":"object","additionalProperties":{"type":"boolean"},"maxProperties":1}},
  "required":["name"]},
 "Either":{"anyOf":[{"$ref":"#/components/schemas/Item"},{"type":"string"}]},
 "Overlap":{"oneOf":[{"type":"number"},{"type":"integer"}]}
}},"paths":{"/items":{"post":{"requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Item"}}}}}}}}`

// TestValidate checks that the library is set up to validate OpenAPI 3.1
// schemas in full: local $refs resolve, and each keyword Discord's
// description uses rejects a document that breaks it.
func TestValidate(t *testing.T) {
	s, err := ParseSpec([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		schema, doc string
		ok          bool
	}{
		{"Item", `{"name":"ab","kind":2,"tags":["a","b"],"size":9.5,"extra":{"x":true}}`, true},
		{"Item", `{"name":"ab","tags":null}`, true},
		{"Item", `{"kind":1}`, false},                                 // required
		{"Item", `{"name":""}`, false},                                // minLength
		{"Item", `{"name":"abcdef"}`, false},                          // maxLength
		{"Item", `{"name":"AB"}`, false},                              // pattern
		{"Item", `{"name":"ab","kind":3}`, false},                     // oneOf of consts
		{"Item", `{"name":"ab","kind":1.5}`, false},                   // integer
		{"Item", `{"name":"ab","tags":["c"]}`, false},                 // enum
		{"Item", `{"name":"ab","tags":["a","a"]}`, false},             // uniqueItems
		{"Item", `{"name":"ab","tags":["a","b","a"]}`, false},         // maxItems
		{"Item", `{"name":"ab","size":11}`, false},                    // maximum
		{"Item", `{"name":"ab","extra":{"x":1}}`, false},              // additionalProperties
		{"Item", `{"name":"ab","extra":{"x":true,"y":false}}`, false}, // maxProperties
		{"Either", `"text"`, true},
		{"Either", `{"name":"ok"}`, true},
		{"Either", `7`, false},
		{"Overlap", `1`, false}, // matches both branches of a oneOf
		{"Overlap", `1.5`, true},
	} {
		err := s.Validate(tc.schema, []byte(tc.doc))
		if (err == nil) != tc.ok {
			t.Errorf("%s %s: error %v, want ok=%v", tc.schema, tc.doc, err, tc.ok)
		}
	}
	body, err := s.RequestSchema("/items", "POST")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ValidateSchema(body, []byte(`{"name":"x"}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.ValidateSchema(body, []byte(`{"name":"X"}`)); err == nil {
		t.Fatal("request body with a bad name validated")
	}
	if _, err := s.RequestSchema("/nope", "get"); err == nil {
		t.Fatal("missing operation found")
	}
	if _, err := s.Schema("Nope"); err == nil {
		t.Fatal("missing schema found")
	}
	if err := s.Validate("Item", []byte(`{"name":`)); err == nil {
		t.Fatal("broken JSON validated")
	}
}

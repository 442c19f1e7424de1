package stepjson

import (
	"encoding/json"
	"testing"
)

// TestDigitsJSON: digits are numbers in JSON ([1,3,8]), never base64,
// and read back the same.
func TestDigitsJSON(t *testing.T) {
	for _, tc := range []struct {
		in   Pattern
		want string
	}{
		{Pattern{Row: 1, Col: 2, Digits: Digits{1, 3, 8}, Role: "base"}, `{"row":1,"col":2,"digits":[1,3,8],"role":"base"}`},
		{Pattern{Row: 9, Col: 9, Role: "unit"}, `{"row":9,"col":9,"digits":[],"role":"unit"}`},
	} {
		b, err := json.Marshal(tc.in)
		if err != nil || string(b) != tc.want {
			t.Fatalf("%+v: %s (%v), want %s", tc.in, b, err, tc.want)
		}
		var back Pattern
		if err := json.Unmarshal(b, &back); err != nil || len(back.Digits) != len(tc.in.Digits) {
			t.Fatalf("read back %+v (%v)", back, err)
		}
	}
	var d Digits
	if err := json.Unmarshal([]byte(`[1,10]`), &d); err == nil {
		t.Fatal("a digit 10 was read")
	}
	if b, _ := json.Marshal(Step{Technique: "X"}); string(b) != `{"technique":"X","score":0,"placements":null,"eliminations":null,"text":"","pattern":null}` {
		t.Fatalf("a step without digits: %s", b)
	}
}

package engine

import (
	"cmp"
	"slices"
	"strings"
	"testing"
)

// TestTechniqueCatalogue holds the catalogue (techniques.go) to the
// finders: every technique Catalogue or OffPath finds is listed, with the
// rating its finder gives; every entry is a finder's technique or a
// Sashimi form of one; and the catalogue is in the order players see.
func TestTechniqueCatalogue(t *testing.T) {
	lowest := map[TechniqueID]float64{}
	for _, tech := range slices.Concat(Catalogue(), OffPath()) {
		if r, ok := lowest[tech.Name()]; !ok || tech.Score() < r {
			lowest[tech.Name()] = tech.Score()
		}
		if _, ok := tech.Name().Info(); !ok {
			t.Errorf("%s is found but not in the catalogue (techniques.go)", tech.Name())
		}
	}
	ids := map[TechniqueID]bool{}
	slugs := map[string]TechniqueID{}
	// keys are every key and alias as LookupTechnique reads them.
	keys := map[string]TechniqueID{}
	for _, info := range Techniques() {
		keys[looseKey(string(info.ID))] = info.ID
	}
	for i, info := range Techniques() {
		if ids[info.ID] {
			t.Errorf("%s is listed twice", info.ID)
		}
		ids[info.ID] = true
		finder := info.ID
		if rest, ok := strings.CutPrefix(string(info.ID), "Sashimi "); ok {
			finder = TechniqueID("Finned " + rest)
		}
		r, ok := lowest[finder]
		switch {
		case !ok:
			t.Errorf("%s: no finder (Catalogue, OffPath) has it", info.ID)
		case r != info.Rating:
			t.Errorf("%s: rating %.1f, its finder rates %.1f", info.ID, info.Rating, r)
		}
		if !info.Level.Valid() {
			t.Errorf("%s: level %d", info.ID, info.Level)
		}
		if info.Family == "" || info.Words == "" {
			t.Errorf("%s: family %q, words %q", info.ID, info.Family, info.Words)
		}
		if (info.Family == FamilyComplexFish) != (info.FishSize != 0) {
			t.Errorf("%s: family %s, fish size %d", info.ID, info.Family, info.FishSize)
		}
		if info.Slug != slugOf(info.ID) {
			t.Errorf("%s: slug %q, want %q", info.ID, info.Slug, slugOf(info.ID))
		}
		if prev, dup := slugs[info.Slug]; dup {
			t.Errorf("%s and %s share the slug %q", prev, info.ID, info.Slug)
		}
		slugs[info.Slug] = info.ID
		if got, ok := LookupTechnique(info.Slug); !ok || got != info.ID {
			t.Errorf("LookupTechnique(%q) = %s, %v; want %s", info.Slug, got, ok, info.ID)
		}
		for _, a := range info.Aliases {
			// An alias is another spelling of this key: one that reads
			// as another technique's key or alias would shadow it.
			if prev, dup := keys[looseKey(a)]; dup {
				t.Errorf("%s: alias %q reads as %s", info.ID, a, prev)
			}
			keys[looseKey(a)] = info.ID
			if got, ok := LookupTechnique(a); !ok || got != info.ID {
				t.Errorf("LookupTechnique(%q) = %s, %v; want %s", a, got, ok, info.ID)
			}
		}
		if i > 0 {
			p := techniques[i-1]
			if c := cmp.Or(cmp.Compare(p.Level, info.Level), cmp.Compare(p.Rating, info.Rating), strings.Compare(string(p.ID), string(info.ID))); c >= 0 {
				t.Errorf("%s comes after %s: the catalogue goes by level, rating, then key", info.ID, p.ID)
			}
		}
	}
	for _, f := range Families() {
		if !strings.HasPrefix(string(f), strings.ToLower(string(f[:1]))) || strings.ContainsAny(string(f), " _") {
			t.Errorf("family %q: want lower case words joined by hyphens", f)
		}
	}
}

// TestComplexFishInCatalogue: every Franken and Mutant fish is listed with
// the level HoDoKu gives it and the words its name is composed from.
func TestComplexFishInCatalogue(t *testing.T) {
	for _, tech := range ComplexFish(len(fishNames) - 1) {
		f := tech.(fish)
		info, ok := tech.Name().Info()
		if !ok {
			t.Errorf("%s is not in the catalogue", tech.Name())
			continue
		}
		words := map[fishKind]string{fishFranken: "franken", fishMutant: "mutant"}[f.kind]
		if f.finned {
			words += "_finned"
		}
		if info.Level != complexFishLevel(f) || info.FishSize != f.size || info.Words != words || info.Family != FamilyComplexFish {
			t.Errorf("%s: %+v; want level %v, size %d, words %q", tech.Name(), info, complexFishLevel(f), f.size, words)
		}
	}
}

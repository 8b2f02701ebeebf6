package snapshots

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestEncodeIndexAsTheMap: index.json rendered from the writer's digests
// is byte for byte what encoding a map of the same strings gives,
// whatever names sort next to each other ("a" and "a-b" put ".json"
// against "-") and whatever they hold.
func TestEncodeIndexAsTheMap(t *testing.T) {
	names := []string{"a", "a-b", "b", "b-c", "b.json", "a_b", "a.b", "ab", "doi_10.1_2fa", "q\"u", "é", "a\u2028"}
	w := &Writer{}
	want := Index{Identities: []string{"doi:10.1/a"}, Works: []IndexWork{}, Digests: map[string]string{}}
	for i, name := range names {
		doc, counts := []byte(name), []byte(fmt.Sprint(i))
		w.index.Works = append(w.index.Works, IndexWork{ID: "x:" + name, File: name})
		d := workDigests{doc: sumOf(doc), has: hasDoc}
		want.Digests[WorksDir+"/"+name+".json"] = Digest(doc)
		if i%2 == 0 {
			d.counts, d.has = sumOf(counts), d.has|hasCounts
			want.Digests[CountsDir+"/"+name+".json"] = Digest(counts)
		}
		w.digests = append(w.digests, d)
	}
	want.Works = w.index.Works
	w.setOther("orcid/orcid_0000-0002-1825-0097.json", "sha256:kept")
	want.Digests["orcid/orcid_0000-0002-1825-0097.json"] = "sha256:kept"
	w.setOther("works/a.json", "sha256:left \"as\" it is")
	want.Digests["works/a.json"] = "sha256:left \"as\" it is"
	index := w.index
	index.Identities = want.Identities
	got, err := encodeIndex(index, w.digestEntries())
	if err != nil {
		t.Fatal(err)
	}
	wantBytes, err := Encode(want)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(wantBytes) {
		t.Errorf("index.json:\n%s\nwant, as the map encodes:\n%s", got, wantBytes)
	}
}

// TestIndexShapeFailsAsIndex: the writer's light read of the index it
// replaces fails exactly where decoding the whole Index fails.
func TestIndexShapeFailsAsIndex(t *testing.T) {
	for _, digests := range []string{`null`, `{}`, `{"a": "b", "c": null}`, ` { "a\"}" : "x\\\"" , "b":"y" } `, `[]`, `{"a": 1}`, `{"a": "b", "c": {}}`, `"x"`, `{"a": true}`} {
		data := []byte(`{"schema": 3, "works": [], "digests": ` + digests + `}`)
		fullErr := json.Unmarshal(data, &Index{})
		shapeErr := json.Unmarshal(data, &indexShape{})
		if (fullErr == nil) != (shapeErr == nil) {
			t.Errorf("digests %s: shape's error %v, Index's %v", digests, shapeErr, fullErr)
		}
	}
}

func sumOf(data []byte) [32]byte { return sha256.Sum256(data) }

// TestIsDigest: check's comparison of a recorded digest with a file's sum
// is Digest's text, exactly.
func TestIsDigest(t *testing.T) {
	data := []byte("{}\n")
	if !IsDigest(Digest(data), sha256.Sum256(data)) {
		t.Errorf("IsDigest(Digest(data), its sum) is false")
	}
	for _, text := range []string{Digest([]byte("{ }\n")), strings.ToUpper(Digest(data)), Digest(data)[len(digestPrefix):], ""} {
		if IsDigest(text, sha256.Sum256(data)) {
			t.Errorf("IsDigest(%q, the sum of %q) is true", text, data)
		}
	}
}

package snapshots

import (
	"bytes"
	"testing"
)

// TestCanonScratchIsCanonical: the folder check's reused buffers give
// what Canonical gives, byte for byte and error for error, whatever the
// previous file was: larger or smaller, canonical or not, valid or not.
// Each case follows every other one through the same scratch, so no
// leftover of one file shows in the next.
func TestCanonScratchIsCanonical(t *testing.T) {
	work := `{"record":{"title":"A long title to leave a long buffer behind","authors":[{"given":"Ada","family":"Lovelace"}]},"id":"doi:10.5555/x"}`
	cases := append([]string{work, "{\n  \"a\": 1\n}\n"}, canonCases[:len(canonCases)-2]...) // not the 10,000-deep ones: slow, and no different here
	for _, first := range cases {
		for _, second := range cases {
			var s CanonScratch
			for _, in := range []string{first, second, first} {
				want, wantErr := Canonical([]byte(in))
				got, gotErr := s.Canonical([]byte(in))
				if (wantErr == nil) != (gotErr == nil) || !bytes.Equal(got, want) {
					t.Fatalf("after %.40q: canonical(%.40q) = %.80q, %v; Canonical gives %.80q, %v", first, in, got, gotErr, want, wantErr)
				}
			}
		}
	}
}

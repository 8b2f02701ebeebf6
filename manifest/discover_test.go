package manifest

import (
	"errors"
	"strings"
	"testing"
)

// TestDiscoverDefaultsToTrue: discovery is on unless the manifest says
// false; any other value is an error naming the line.
func TestDiscoverDefaultsToTrue(t *testing.T) {
	for src, want := range map[string]bool{
		"[[identity]]\norcid = \"0000-0002-1825-0097\"\n":                   true,
		"discover = true\n[[identity]]\norcid = \"0000-0002-1825-0097\"\n":  true,
		"discover = false\n[[identity]]\norcid = \"0000-0002-1825-0097\"\n": false,
	} {
		m, err := Parse("m.toml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if m.Discover != want {
			t.Errorf("%q: Discover = %v, want %v", src, m.Discover, want)
		}
	}
	for _, src := range []string{"\ndiscover = \"no\"\n[[identity]]\ndoi = \"10.1/x\"\n", "\ndiscover = no\n[[identity]]\ndoi = \"10.1/x\"\n"} {
		_, err := Parse("m.toml", []byte(src))
		var me *Error
		if !errors.As(err, &me) || me.Line != 2 || !strings.Contains(err.Error(), "discover must be true or false") {
			t.Errorf("%q: %v; want line 2 saying discover must be true or false", src, err)
		}
	}
}

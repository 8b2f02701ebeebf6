package manifest

import (
	"errors"
	"strings"
	"testing"
)

// A dblp person is written as dblp shows it: the persistent URL of the
// person page (on either host, as .html or .xml) or the bare pid, and is
// kept as the pid; a name-based URL or something else is refused naming
// what was expected.
func TestNormalizeDBLP(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://dblp.org/pid/95/7448-1", "95/7448-1"},
		{"https://dblp.org/pid/95/7448-1.html", "95/7448-1"},
		{"http://dblp.uni-trier.de/pid/95/7448-1.xml", "95/7448-1"},
		{"dblp.org/pid/95/7448-1/", "95/7448-1"},
		{" 95/7448-1 ", "95/7448-1"},
		{"https://dblp.org/pid/h/GeoffreyEHinton", "h/GeoffreyEHinton"},
		{"177/4339", "177/4339"},
	} {
		got, err := NormalizeDBLP(c.in)
		if err != nil || got != c.want {
			t.Errorf("NormalizeDBLP(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "https://dblp.org/pers/hd/x/Xu_0001:Di", "Di Xu", "95/", "https://dblp.org/rec/conf/nips/X17", "0000-0002-1825-0097"} {
		if got, err := NormalizeDBLP(bad); err == nil {
			t.Errorf("NormalizeDBLP(%q) = %q, want an error", bad, got)
		}
	}
}

// dblp in [[identity]] and on a [[member]] is a person identity, named
// for the member; a bad one fails at its line with the value and a hint
// saying where the pid is found; an explicit provider list gains dblp.
func TestDBLPIdentityAndMember(t *testing.T) {
	src := `providers = ["crossref"]

[[identity]]
dblp = "https://dblp.org/pid/95/7448-1"

[lab]
name = "L"

[[member]]
name = "Ann Lee"
dblp = "h/GeoffreyEHinton"
`
	m, err := Parse("m.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, e := range m.Identities {
		keys = append(keys, e.Key()+" "+e.Name)
	}
	if got := strings.Join(keys, "|"); got != "dblp:95/7448-1 |dblp:h/GeoffreyEHinton Ann Lee" {
		t.Errorf("identities = %s", got)
	}
	if got := strings.Join(m.Providers, ","); got != "crossref,dblp" {
		t.Errorf("providers = %s, want crossref,dblp", got)
	}
	for _, c := range []struct{ src, line string }{
		{"[[identity]]\ndblp = \"Di Xu\"\n", ":2"},
		{"[lab]\nname = \"L\"\n\n[[member]]\nname = \"A\"\ndblp = \"https://dblp.org/pers/hd/x/Xu:Di\"\n", ":6"},
	} {
		_, err := Parse("m.toml", []byte(c.src))
		var me *Error
		if !errors.As(err, &me) || !strings.Contains(err.Error(), "m.toml"+c.line) || !strings.Contains(me.Hint, "/pid/") {
			t.Errorf("%q: error %v (hint %q), want one at line %s with a hint naming /pid/", c.src, err, hintOf(me), c.line)
		}
	}
}

// dblp-work names a work in [[exclude]] and friends; a member's works
// may not (fetch cannot look one up).
func TestDBLPWorkID(t *testing.T) {
	id, err := ParseID("dblp-work:conf/nips/VaswaniSPUJGKP17")
	if err != nil || id.Key() != "dblp-work:conf/nips/VaswaniSPUJGKP17" {
		t.Errorf("ParseID = %v, %v", id, err)
	}
	if _, err := ParseID("dblp-work:not a key"); err == nil {
		t.Error("ParseID(dblp-work:not a key) succeeded")
	}
	src := "[lab]\nname = \"L\"\n\n[[member]]\nname = \"A\"\nworks = [\"dblp-work:conf/nips/X17\"]\n"
	if _, err := Parse("m.toml", []byte(src)); err == nil || !strings.Contains(err.Error(), "not a work fetch can look up") {
		t.Errorf("member work dblp-work: %v", err)
	}
}

package manifest

import (
	"errors"
	"strings"
	"testing"
)

// An INSPIRE author is written by the BAI or the INSPIRE ID its profile
// shows; the profile's record number, a name or an ORCID iD are refused
// at their line with a hint saying where the ids are.
func TestINSPIREIdentityAndMember(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"E.Witten.1", "E.Witten.1"},
		{" S.J.Wheeler.Ellis.1 ", "S.J.Wheeler.Ellis.1"},
		{"inspire-00210391", "INSPIRE-00210391"},
	} {
		if got, err := NormalizeINSPIRE(c.in); err != nil || got != c.want {
			t.Errorf("NormalizeINSPIRE(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "983328", "Edward Witten", "E.Witten", "0000-0002-1825-0097", "https://inspirehep.net/authors/983328"} {
		if got, err := NormalizeINSPIRE(bad); err == nil {
			t.Errorf("NormalizeINSPIRE(%q) = %q, want an error", bad, got)
		}
	}
	m, err := Parse("m.toml", []byte("providers = [\"crossref\"]\n\n[[identity]]\ninspire = \"E.Witten.1\"\n\n[lab]\nname = \"L\"\n\n[[member]]\nname = \"A\"\ninspire = \"INSPIRE-00210391\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, e := range m.Identities {
		keys = append(keys, e.Key())
	}
	if got := strings.Join(keys, "|"); got != "inspire:E.Witten.1|inspire:INSPIRE-00210391" {
		t.Errorf("identities = %s", got)
	}
	if got := strings.Join(m.Providers, ","); got != "crossref,inspire" {
		t.Errorf("providers = %s, want crossref,inspire", got)
	}
	_, err = Parse("m.toml", []byte("[[identity]]\ninspire = \"983328\"\n"))
	var me *Error
	if !errors.As(err, &me) || !strings.Contains(err.Error(), "m.toml:2") || !strings.Contains(me.Hint, "profile") {
		t.Errorf("a record number: %v", err)
	}
	// the legacy profile address ends in the BAI: the error gives it alone
	for _, addr := range []string{"https://inspirehep.net/author/profile/E.Witten.1", "inspirehep.net/author/profile/E.Witten.1/"} {
		if _, err := NormalizeINSPIRE(addr); err == nil || !strings.Contains(err.Error(), `is an address: write the id alone, inspire = "E.Witten.1"`) {
			t.Errorf("NormalizeINSPIRE(%q): %v; want the BAI it ends in", addr, err)
		}
	}
	if id, err := ParseID("inspire-work:451647"); err != nil || id.Key() != "inspire-work:451647" {
		t.Errorf("ParseID(inspire-work:451647) = %v, %v", id, err)
	}
}

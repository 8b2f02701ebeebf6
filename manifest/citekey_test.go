package manifest

import (
	"strings"
	"testing"
)

func TestParseWorkKey(t *testing.T) {
	src := "[[identity]]\norcid = \"0000-0002-1825-0097\"\n\n[[work]]\nid = \"doi:10.1234/x\"\nkey = \"lefevre2021effects\"\n\n[[work]]\nid = \"doi:10.1234/y\"\nkey = \"Smith2019:deep/learning+v2_a.b-c\"\n"
	m, err := Parse("m.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Works) != 2 || m.Works[0].Key != "lefevre2021effects" || m.Works[1].Key != "Smith2019:deep/learning+v2_a.b-c" {
		t.Errorf("works %+v", m.Works)
	}
}

// Each key BibTeX, biber or \cite cannot take, and a key two works would
// share, is refused at its line, with the value and a hint.
func TestWorkKeyErrorsNameLineAndValue(t *testing.T) {
	head := "[[identity]]\norcid = \"0000-0002-1825-0097\"\n"
	work := func(key string) string {
		return "[[work]]\nid = \"doi:10.1234/x\"\nkey = " + key + "\n"
	}
	cases := []struct {
		name, src string
		line      int
		value     string
		msg, hint string
	}{
		{"empty", work(`""`), 5, "", `key "" is empty`, "delete the line"},
		{"space", work(`"a b"`), 5, "a b", `key "a b" holds white space`, "ASCII letters"},
		{"tab", work(`"a\tb"`), 5, "a\tb", "holds white space", "ASCII letters"},
		{"control", work(`"a\u0007b"`), 5, "a\ab", "control character U+0007", "ASCII letters"},
		{"not ascii", work(`"Núñez2023"`), 5, "Núñez2023", `holds 'ú', which is not ASCII`, `key = "Nunez2023"`},
		{"too long", work(`"` + strings.Repeat("a", 101) + `"`), 5, strings.Repeat("a", 60) + "…", "101 characters long, more than 100", "ASCII letters"},
		{"second key", "[[work]]\nid = \"doi:10.1234/x\"\nkey = \"Lefevre2021\"\n\n[[work]]\nid = \"doi:10.1234/y\"\nnote = \"n\"\nkey = \"lefevre2021\"\n",
			10, "lefevre2021", `key "lefevre2021" is already the key at line 5`, "cannot share"},
	}
	for _, c := range strings.Split(keyRefused, "") {
		v := "a" + c + "b"
		quoted := "'" + v + "'"
		if c == "'" {
			quoted = `"` + v + `"`
		}
		cases = append(cases, struct {
			name, src string
			line      int
			value     string
			msg, hint string
		}{"refused " + c, work(quoted), 5, v, "which BibTeX, biber or \\cite cannot take", "ASCII letters"})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			me := parseError(t, head+c.src)
			if me.Line != c.line || me.Value != c.value || !strings.Contains(me.Error(), c.msg) || !strings.Contains(me.Hint, c.hint) {
				t.Errorf("got line %d value %q: %v (hint %q); want line %d value %q containing %q, hint %q", me.Line, me.Value, me, me.Hint, c.line, c.value, c.msg, c.hint)
			}
		})
	}
}

// The message reads as docs/manifest.md shows it.
func TestWorkKeyErrorMessage(t *testing.T) {
	me := parseError(t, "[[identity]]\norcid = \"0000-0002-1825-0097\"\n\n[[work]]\nid = \"doi:10.1234/x\"\nkey = \"a b\"\n")
	if got, want := me.Error(), `m.toml:6: [[work]] key "a b" holds white space`; !strings.HasPrefix(got, want) {
		t.Errorf("got %q, want it to start %q", got, want)
	}
}

// A [[work]] holding only a key sets something: the key.
func TestWorkWithOnlyAKey(t *testing.T) {
	if _, err := Parse("m.toml", []byte("[[identity]]\norcid = \"0000-0002-1825-0097\"\n[[work]]\nid = \"doi:10.1234/x\"\nkey = \"k\"\n")); err != nil {
		t.Error(err)
	}
}

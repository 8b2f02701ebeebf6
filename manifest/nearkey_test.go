package manifest

import (
	"strings"
	"testing"
)

// An unknown key that is a typo of a key of its own table, or a site
// generator's name for a [[work]] key, says which key was meant; a key
// near nothing says only that it is unknown, and the hint still lists
// every key.
func TestUnknownKeySaysWhichKeyWasMeant(t *testing.T) {
	const id = "[[identity]]\ndoi = \"10.1/x\"\n"
	const lab = "[lab]\nname = \"L\"\n"
	for _, c := range []struct{ src, want string }{
		{"mailtoo = \"a@b.org\"\n" + id, `unknown key "mailtoo" (did you mean mailto?)`},
		{id + "[[work]]\nid = \"10.1/x\"\npdff = \"/x.pdf\"\n", `unknown key "work.pdff" (did you mean pdf?)`},
		{id + "[[work]]\nid = \"10.1/x\"\nsupp = \"/x.pdf\"\n", `unknown key "work.supp" (did you mean supplement?)`},
		{id + "[[work]]\nid = \"10.1/x\"\nurl_slides = \"/s.pdf\"\n", `unknown key "work.url_slides" (did you mean slides?)`},
		{id + "[[work]]\nid = \"10.1/x\"\npreview = \"/p.png\"\n", `unknown key "work.preview" (did you mean image?)`},
		{id + "[[work]]\nid = \"10.1/x\"\ncitekey = \"k\"\n", `unknown key "work.citekey" (did you mean key?)`},
		{lab + "[[member]]\nname = \"A\"\norcd = \"0000-0002-1825-0097\"\n", `unknown key "member.orcd" (did you mean orcid?)`},
		{lab + "[[member]]\nname = \"A\"\nstrat = 2019\n", `unknown key "member.strat" (did you mean start?)`},
		{"[lab]\nname = \"L\"\nurll = \"https://x.org\"\n", `unknown key "lab.urll" (did you mean url?)`},
		{id + "[[work]]\nid = \"10.1/x\"\nzzz = \"/x.pdf\"\n", `unknown key "work.zzz"`},
	} {
		me := parseError(t, c.src)
		if got := me.Err.Error(); got != c.want {
			t.Errorf("%q: %q, want %q", c.src, got, c.want)
		}
		if !strings.HasPrefix(me.Hint, "known keys: ") {
			t.Errorf("%q: hint %q", c.src, me.Hint)
		}
	}
}

// A [[work]] link that is no URL gets a hint in its own key's words.
func TestWorkURLHintNamesTheKey(t *testing.T) {
	for key, want := range map[string]string{
		"slides": `e.g. slides = "https://example.org/pdf/slides.pdf", or a path on your site starting with "/", e.g. slides = "/assets/pdf/slides.pdf"`,
		"image":  `e.g. image = "/assets/img/preview.png"`,
		"video":  `e.g. video = "https://example.org/video/"`,
	} {
		me := parseError(t, "[[identity]]\ndoi = \"10.1/x\"\n[[work]]\nid = \"10.1/x\"\n"+key+" = \"x.pdf\"\n")
		if !strings.Contains(me.Hint, want) {
			t.Errorf("%s: %v, hint %q; want %q", key, me, me.Hint, want)
		}
	}
}

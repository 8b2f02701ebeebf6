package cv

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/record"
)

// compile writes d as LaTeX into a fresh folder, runs pdflatex on it and
// returns the .tex and the log; the test fails when pdflatex does.
func compile(t *testing.T, d Document) (src, log string) {
	t.Helper()
	pdflatex := testtool.Need(t, "pdflatex")
	out := written(t, WriteLaTeX, d)
	dir := t.TempDir()
	testtool.WriteFile(t, filepath.Join(dir, "cv.tex"), out)
	cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "cv.tex")
	cmd.Dir = dir
	stdout, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("pdflatex: %v\n%s", err, stdout)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "cv.log"))
	if err != nil {
		t.Fatal(err)
	}
	return out, string(raw)
}

// TestLongLinksBreak: a long DOI (Wiley's SICI DOIs of the 1990s) or
// award URL is printed as its link's text, and that text breaks at its
// slashes and punctuation rather than running past the margin.
func TestLongLinksBreak(t *testing.T) {
	const sici = "10.1002/(SICI)1097-4636(199706)35:4<463::AID-JBM6>3.0.CO;2-O"
	long := "https://www.example-university.edu/news/2019/awards/the-medal-for-cracked-pots-and-glazes/announcement_of_the_winners_of_the_year.html?lang=en&section=psychoceramics"
	d := Document{Name: "Josiah Carberry"}
	d.Sections.Distinctions = []record.Affiliation{{Role: "Medal", Organization: "Psychoceramics Society", URL: long}}
	d.Groups = []Group{{Title: "Articles", Works: []Work{
		{Title: "Biocompatibility of cracked glazes", DOI: sici, URL: "https://doi.org/" + sici},
		{Title: "An announcement", URL: long},
	}}}
	_, log := compile(t, d)
	if strings.Contains(log, "Overfull \\hbox") {
		t.Errorf("a link runs past the margin:\n%s", overfull(log))
	}
}

func overfull(log string) string {
	var lines []string
	for _, l := range strings.Split(log, "\n") {
		if strings.HasPrefix(l, "Overfull") {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// TestTextPrintsWhatItSays: a service's title in decomposed form (e and
// a combining acute, as macOS writes file names) prints as the accented
// letter, not as the letter and a "[U+0301]"; the invisible format
// characters titles carry (zero-width space, byte-order mark, bidi
// controls, word joiner) print nothing, not a "[U+200B]"; a soft hyphen
// stays a hyphenation point.
func TestTextPrintsWhatItSays(t *testing.T) {
	title := "Caf" + "e\u0301" + " zero\u200bwidth\ufeff \u202eevil\u202c\u2060 hy\u00adphen"
	d := Document{Name: "Josiah Carberry", Groups: []Group{{Title: "Articles", Works: []Work{{Title: title}}}}}
	out := written(t, WriteLaTeX, d)
	src := out
	if strings.Contains(src, `\DeclareUnicodeCharacter`) {
		t.Errorf("the CV declares characters it should have printed or dropped:\n%s", src)
	}
	if want := `\item Caf{\'{e}} zerowidth evil hy{\-}phen.`; !strings.Contains(src, want) {
		t.Errorf("the CV lacks %s:\n%s", want, src)
	}
}

// TestCompilesWithLuaLaTeX: the CV keeps a name in a script pdfLaTeX
// has no font for as UTF-8, for an engine with the script's fonts; the
// declarations that let pdflatex print its code points must not stop
// lualatex, which has no \DeclareUnicodeCharacter, on the first line.
func TestCompilesWithLuaLaTeX(t *testing.T) {
	lualatex := testtool.Need(t, "lualatex")
	d := Document{Name: "李明 (Li Ming)", Groups: []Group{{Title: "Articles", Works: []Work{{Title: "Иван и 😀"}}}}}
	out := written(t, WriteLaTeX, d)
	dir := t.TempDir()
	testtool.WriteFile(t, filepath.Join(dir, "cv.tex"), out)
	cmd := exec.Command(lualatex, "-interaction=nonstopmode", "-halt-on-error", "cv.tex")
	cmd.Dir = dir
	if stdout, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("lualatex: %v\n%s", err, stdout)
	}
}

// TestOnePassIsEnough: the CV has no references, contents or outline,
// so one pdflatex run makes it; the log must not tell the user to run
// pdflatex again (hyperref's empty outline file did).
func TestOnePassIsEnough(t *testing.T) {
	d := Document{Name: "Josiah Carberry", Groups: []Group{{Title: "Articles", Works: []Work{{Title: "Cracked pots", URL: "https://example.org/pots"}}}}}
	d.Sections.Employments = []record.Affiliation{{Organization: "Brown University", Role: "Professor"}}
	if _, log := compile(t, d); strings.Contains(log, "Rerun to") {
		t.Errorf("one pdflatex run asks for another:\n%s", log)
	}
}

// TestMarksExplainedOnce: a CV with many works carrying the user's
// marks says once, at the head of its publications, what the marks
// mean, not under every marked work; the legend holds every mark used.
func TestMarksExplainedOnce(t *testing.T) {
	me := Author{Name: "Josiah Carberry", Me: true, Mark: "*"}
	d := Document{Name: "Josiah Carberry", Groups: []Group{
		{Title: "Articles", Works: []Work{
			{Title: "One", Authors: []Author{me, {Name: "Ada Lovelace", Mark: "*"}}, Legend: "* Equal contribution"},
			{Title: "Two", Authors: []Author{me, {Name: "Ada Lovelace", Mark: "*"}}, Legend: "* Equal contribution"},
		}},
		{Title: "Preprints", Works: []Work{
			{Title: "Three", Authors: []Author{{Name: "Josiah Carberry", Me: true, Mark: "†"}}, Legend: "† Corresponding author"},
		}},
	}}
	out := written(t, WriteLaTeX, d)
	src := out
	want := "\\section*{Publications}\n{\\footnotesize \\textsuperscript{*} Equal contribution; \\textsuperscript{{\\relax †}} Corresponding author}\\par\n"
	if !strings.Contains(src, want) || strings.Count(src, "Equal contribution") != 1 {
		t.Errorf("the legend is not said once at the head of the publications, want\n%s\ngot\n%s", want, src)
	}
}

package bibfile

import (
	"cmp"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
)

// alfolioFiles are real al-folio sites' _bibliography/papers.bib
// (testdata/import/alfolio/SOURCES.md), with the entries biber reads
// from each (biber --tool, counted by hand once: a repeated key is read
// once) and what the file's own text says of a few fields.
var alfolioFiles = []struct {
	file    string
	entries int // what biber reads: Parse's entries less the duplicates
	strings int
	checks  []fieldCheck
	names   []nameCheck
}{
	{"alshedivat-al-folio.bib", 7, 1, []fieldCheck{
		{"PhysRev.47.777", "publisher", "aps", "American Physical Society,"},
		{"PhysRev.47.777", "altmetric", "{248277}", "248277"},
		{"PhysRev.47.777", "dimensions", "{true}", "true"},
		{"PhysRev.47.777", "month", "{May}", "May"},
		{"einstein1950meaning", "pages", "{403--404}", "403–404"},
		{"einstein1905molekularkinetischen", "title", "", "Über die von der molekularkinetischen Theorie der Wärme geforderte Bewegung von in ruhenden Flüssigkeiten suspendierten Teilchen"},
		{"przibram1967letters", "preview", "{wave-mechanics.gif}", "wave-mechanics.gif"},
	}, []nameCheck{{"przibram1967letters", "author", 1, Name{First: "Erwin", Last: "Schrödinger"}}}},
	{"0xtob-0xtob.github.io.bib", 16, 9, []fieldCheck{
		{"nagrani2024minerva", "year", "2025", "2025"},
		{"nagrani2024minerva", "arxiv", "{2505.00681}", "2505.00681"},
		{"nagrani2024minerva", "website", "", "https://github.com/google-deepmind/neptune#minerva"},
		{"gundavarapu2024lvmae", "booktitle", "NeurIPS", "Conference on Neural Information Processing Systems"},
		{"yuan2024videoglue", "title", "", "VideoGLUE: Video General Understanding Evaluation of Foundation Models"},
		{"araujo2022fairer", "title", "", "Improving Fairness in Large-Scale Object Recognition by CrowdSourced Demographic Information"},
	}, []nameCheck{{"araujo2022fairer", "author", 5, Name{First: "N'Mah Fodiatu", Last: "Yilla-Akbari"}}}},
	{"20001LastOrder-boqi-chen.github.io.bib", 12, 0, []fieldCheck{
		{"lopez2024inter", "abbr", "{TSE}", "TSE"},
		{"lopez2024inter", "preview", "", "lopez2024inter.jpg"},
		{"chen2024embedding", "pages", "{87--94}", "87–94"},
	}, []nameCheck{
		{"lopez2024inter", "author", 0, Name{First: "José Antonio Hernández", Last: "López"}},
		{"lopez2024inter", "author", 4, Name{First: "Dániel", Last: "Varró"}},
	}},
	{"3c-lab-3c-lab.github.io.bib", 35, 0, []fieldCheck{
		{"RN1742", "doi", "{https://doi.org/10.1016/j.tetlet.2010.02.040}", "https://doi.org/10.1016/j.tetlet.2010.02.040"},
		{"RN1742", "pages", "{2106-2108}", "2106-2108"},
		{"RN1727", "journal", "{Neuropsychopharmacology}", "Neuropsychopharmacology"},
		{"RN1729", "note", "", "Shankar, Kokila Bonnet-Zahedi, Sélène Milan, Kristel"}, // lines joined by one space, as BibTeX does
	}, []nameCheck{{"RN1729", "author", 1, Name{First: "S.", Last: "Bonnet-Zahedi"}}}},
	{"3diglab-3DiGlab.github.io.bib", 10, 1, []fieldCheck{
		{"PhysRev.47.777", "google_scholar_id", "{qyhmnyLat1gC}", "qyhmnyLat1gC"},
		{"PhysRev.47.777", "additional_info", "", ". *More Information* can be [found here](https://github.com/alshedivat/al-folio/)"},
		{"PhysRev.47.777", "annotation", "{* Example use of superscripts<br>† Albert Einstein}", "* Example use of superscripts<br>† Albert Einstein"},
		{"PhysRev.47.777", "inspirehep_id", "{3255}", "3255"},
		{"einstein1905photoelectriceffect", "award_name", "{Nobel Prize}", "Nobel Prize"},
		{"einstein1905photoelectriceffect", "title", "", "Über einen die Erzeugung und Verwandlung des Lichtes betreffenden heuristischen Gesichtspunkt"},
		{"einstein1920relativity", "publisher", "{Methuen & Co Ltd}", "Methuen & Co Ltd"},
	}, []nameCheck{{"PhysRev.47.777", "author", 0, Name{First: "A.", Last: "Einstein*†"}}}},
	{"4lhc-sreejiths.xyz.bib", 1, 0, []fieldCheck{
		{"sasidharan2021irossdg", "year", "{2021}", "2021"},
		{"sasidharan2021irossdg", "maintitle", "{IROS 2021}", "IROS 2021"},
		{"sasidharan2021irossdg", "poster", "", "http://www.sustainablerobotics.org/wp-content/uploads/2021/10/Sasidharan_poster_IROS2021.png"},
		{"sasidharan2021irossdg", "title", "", "Haksh-E: An Autonomous Social Robot For Promoting Good Hand Hygiene Among Children"},
	}, []nameCheck{{"sasidharan2021irossdg", "author", 2, Name{First: "Anand M.", Last: "Das"}}}},
	{"501Good-501Good.github.io.bib", 10, 0, []fieldCheck{
		{"agarwal-etal-2024-analyzing", "abbr", "{LREC-COLING}", "LREC-COLING"},
		{"milintsevich-sirts-2021-enhancing", "abstract", "", "97.25%"},
		{"milintsevich2020lexicon", "abstract", "", "in the decoder—one attending"},
	}, []nameCheck{
		{"agarwal-etal-2024-analyzing", "author", 4, Name{First: "Gaël", Last: "Dias"}},
		{"agarwal-etal-2024-analyzing", "editor", 1, Name{First: "Min-Yen", Last: "Kan"}},
	}},
	{"594zyc-594zyc.github.io.bib", 13, 0, []fieldCheck{
		{"gao-etal-2020-paraphrase", "month", "jul", "July"},
		{"gao-etal-2020-paraphrase", "title", `"Paraphrase Augmented Task-Oriented Dialog Generation"`, "Paraphrase Augmented Task-Oriented Dialog Generation"},
		{"gao-etal-2020-paraphrase", "arxiv", "{2004.07462}", "2004.07462"},
		{"gao-etal-2020-paraphrase", "code", "{https://github.com/Silin159/PARG}", "https://github.com/Silin159/PARG"},
		{"zhang2020task", "month", "{Jan}", "Jan"},
	}, []nameCheck{{"gao-etal-2020-paraphrase", "author", 3, Name{First: "Zhou", Last: "Yu"}}}},
	{"0hardytom-website.bib", 3, 0, []fieldCheck{
		{"hardy2025phisep", "note", "{In preparation}", "In preparation"},
		{"yeadon2024impact", "pages", "{035024}", "035024"},
	}, []nameCheck{
		// not braced, so BibTeX reads a First and a Last, as here
		{"mightee2025", "author", 0, Name{First: "The MIGHTEE-HI", Last: "Collaboration"}},
	}},
}

// fieldCheck is a field's value as the file writes it (raw, "" when
// long) and its text (want; a long text need only contain it).
type fieldCheck struct{ key, field, raw, want string }

// nameCheck is one name of a name list (index -1: any of them).
type nameCheck struct {
	key, field string
	index      int
	want       Name
}

func readAlfolio(t *testing.T, file string) ([]byte, *File) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "import", "alfolio", file))
	if err != nil {
		t.Fatal(err)
	}
	f := Parse(file, src)
	f.Resolve(BibLaTeX)
	return src, f
}

func TestRealAlfolioFiles(t *testing.T) {
	for _, c := range alfolioFiles {
		t.Run(c.file, func(t *testing.T) {
			src, f := readAlfolio(t, c.file)
			if errs := f.Errors(); len(errs) > 0 {
				t.Errorf("errors: %v", errs)
			}
			if got := len(firstOfEachKey(f)); got != c.entries {
				t.Errorf("%d entries read (duplicates once), biber reads %d", got, c.entries)
			}
			if len(f.Strings) != c.strings {
				t.Errorf("%d @strings, the file has %d", len(f.Strings), c.strings)
			}
			if keys, want := entryKeys(f), keysByRegexp(src); !slices.Equal(keys, want) {
				t.Errorf("keys\n got %q\nwant %q", keys, want)
			}
			for _, fc := range c.checks {
				checkField(t, f, fc)
			}
			for _, nc := range c.names {
				checkName(t, f, nc)
			}
		})
	}
}

func checkField(t *testing.T, f *File, c fieldCheck) {
	t.Helper()
	e := f.Lookup(c.key)
	if e == nil {
		t.Errorf("no entry %s", c.key)
		return
	}
	fl, ok := e.Own(c.field)
	switch {
	case !ok:
		t.Errorf("%s has no field %s", c.key, c.field)
	case c.raw != "" && fl.Raw != c.raw:
		t.Errorf("%s.%s raw %q, the file has %q", c.key, c.field, fl.Raw, c.raw)
	case c.raw != "" && fl.Text() != c.want, c.raw == "" && !strings.Contains(fl.Text(), c.want):
		t.Errorf("%s.%s text %q, want %q", c.key, c.field, fl.Text(), c.want)
	}
}

func checkName(t *testing.T, f *File, c nameCheck) {
	t.Helper()
	fl, ok := f.Lookup(c.key).Own(c.field)
	if !ok {
		t.Fatalf("%s has no %s", c.key, c.field)
	}
	names := Names(fl.Value)
	for i, n := range names {
		if (c.index < 0 || i == c.index) && n.First == c.want.First && n.Last == c.want.Last && n.Von == c.want.Von && n.Jr == c.want.Jr {
			return
		}
	}
	t.Errorf("%s.%s[%d]: want %+v in %+v", c.key, c.field, c.index, c.want, names)
}

func firstOfEachKey(f *File) []*Entry {
	var out []*Entry
	for _, e := range f.Entries {
		if !e.Duplicate {
			out = append(out, e)
		}
	}
	return out
}

func entryKeys(f *File) []string {
	var keys []string
	for _, e := range f.Entries {
		keys = append(keys, e.Key)
	}
	return keys
}

// keysByRegexp is a second, simpler count: every "@type{key," at the
// start of a line that is not @string, @comment or @preamble.
func keysByRegexp(src []byte) []string {
	re := regexp.MustCompile(`(?m)^\s*@\s*(\w+)\s*[{(]\s*([^,\s]+)\s*,`)
	var keys []string
	for _, m := range re.FindAllSubmatch(src, -1) {
		switch strings.ToLower(string(m[1])) {
		case "string", "comment", "preamble":
			continue
		}
		keys = append(keys, string(m[2]))
	}
	return keys
}

// TestRealAlfolioFilesAsBiberReads holds the reader to biber's own
// reading of each file (biber --tool writes back every entry it read,
// its LaTeX decoded to UTF-8), where biber is installed: the same keys,
// and for every field both have the same text: name lists name by name;
// the date, pages and keywords fields aside, which biber rewrites
// (1935-05, 87–94, commas).
func TestRealAlfolioFilesAsBiberReads(t *testing.T) {
	biber := testtool.Need(t, "biber")
	for _, c := range alfolioFiles {
		t.Run(c.file, func(t *testing.T) {
			t.Parallel() // biber's start is most of its time
			src, f := readAlfolio(t, c.file)
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "in.bib"), src, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(biber, "--tool", "--nolog", "--output-file=out.bib", "in.bib")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("biber: %v\n%s", err, out)
			}
			out, err := os.ReadFile(filepath.Join(dir, "out.bib"))
			if err != nil {
				t.Fatal(err)
			}
			want := keysByRegexp(out)
			var got []string
			for _, e := range firstOfEachKey(f) {
				got = append(got, e.Key)
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("keys\n got %q\nbiber %q", got, want)
			}
			compared := compareWithBiber(t, f, Parse("biber.bib", out))
			t.Logf("%d fields read as biber reads them", compared)
		})
	}
}

// biberNames are the fields biber renames when it writes a file back.
var biberNames = map[string]string{"journaltitle": "journal", "location": "address"}

// compareWithBiber compares the text of every field biber wrote back with
// the same field as Parse read it from the original, and returns how many
// it compared.
func compareWithBiber(t *testing.T, f, biber *File) int {
	t.Helper()
	compared := 0
	for _, be := range biber.Entries {
		e := f.Lookup(be.Key)
		for _, bf := range be.Fields {
			name := cmp.Or(biberNames[bf.Name], bf.Name)
			own, ok := e.Own(name)
			switch {
			case !ok, name == "date", name == "pages", name == "keywords":
				continue
			case name == "author" || name == "editor":
				compareNames(t, be.Key+"."+name, Names(own.Value), Names(bf.Value))
			case Text(bf.Value) != own.Text():
				t.Errorf("%s.%s\n reads %q\nbiber %q", be.Key, name, own.Text(), Text(bf.Value))
			}
			compared++
		}
	}
	return compared
}

func compareNames(t *testing.T, where string, got, biber []Name) {
	t.Helper()
	if len(got) != len(biber) {
		t.Errorf("%s: %d names, biber %d", where, len(got), len(biber))
		return
	}
	// biber decodes {\'\i} as a dotless i with an acute accent, which is
	// not í (Chávez-Garc{\'\i}a): the reader gives the letter.
	dotless := strings.NewReplacer("ı\u0301", "í")
	for i, b := range biber {
		g := got[i]
		b.First, b.Last = dotless.Replace(b.First), dotless.Replace(b.Last)
		if g.First != b.First || g.Last != b.Last || g.Von != b.Von || g.Jr != b.Jr {
			t.Errorf("%s[%d]: %+v, biber %+v", where, i, g, b)
		}
	}
}

// keysStyle is a BibTeX style that writes each entry's key, in the
// order BibTeX read them, and nothing else.
const keysStyle = "ENTRY {} {} {}\nFUNCTION {output} { cite$ write$ newline$ }\nREAD\nITERATE {output}\n"

// TestRealAlfolioFilesAsBibTeXReads: BibTeX itself, citing every entry,
// reads the same keys in the same order (a repeated key once).
func TestRealAlfolioFilesAsBibTeXReads(t *testing.T) {
	bibtex := testtool.Need(t, "bibtex")
	for _, c := range alfolioFiles {
		t.Run(c.file, func(t *testing.T) {
			src, f := readAlfolio(t, c.file)
			dir := t.TempDir()
			files := map[string]string{"in.bib": string(src), "keys.bst": keysStyle, "in.aux": "\\citation{*}\n\\bibdata{in}\n\\bibstyle{keys}\n"}
			for name, text := range files {
				testtool.WriteFile(t, filepath.Join(dir, name), text)
			}
			cmd := exec.Command(bibtex, "-terse", "in")
			cmd.Dir = dir
			_ = cmd.Run() // it exits 1 on warnings (no fields, unknown types) and 2 on a repeated key
			bbl, err := os.ReadFile(filepath.Join(dir, "in.bbl"))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range firstOfEachKey(f) {
				got = append(got, e.Key)
			}
			if want := strings.Fields(string(bbl)); !slices.Equal(got, want) {
				t.Errorf("keys\n  got %q\nbibtex %q", got, want)
			}
		})
	}
}

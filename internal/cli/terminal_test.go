package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// terminalHostileTitle is a title a compromised mirror could send: OSC 52 (writes
// the clipboard), an OSC 8 link whose text says one thing and opens
// another, a colour, C1 CSI, a right-to-left override and Markdown that
// would be live in a pull request body.
const terminalHostileTitle = `Megajournals \x1b]52;c;ZXZpbA==\x07ten years on ` +
	`\x1b]8;;https://evil.example/\x1b\\see Nature\x1b]8;;\x1b\\ \x1b[31mred\x1b[0m \u009b2J ` +
	`\u202egnp.exe <img src=x onerror=alert(1)> @someone`

// terminalHostileReplay is examples/replay with the three discovery listings of
// Peter Binfield's iD answered in each service's list shape, every one
// naming an unclaimed work whose title (and Crossref's author name) is
// hostile: the recorded answers a compromised mirror would have sent.
func terminalHostileReplay(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "replay")
	if err := os.CopyFS(dir, os.DirFS(exampleReplay)); err != nil {
		t.Fatal(err)
	}
	listings := map[string]string{
		"api.crossref.org/works-cursor-2a-filter-orcid-3a0000-0002-9341-7985-rows-1000-bd287061.json": `{"status":"ok","message-type":"work-list","message":{"total-results":1,"items-per-page":1000,"next-cursor":"end","items":[
{"DOI":"10.5555/hostile.one","title":[` + jsonString(terminalHostileTitle) + `],"author":[{"given":` + jsonString("Peter \x1b[8m") + `,"family":"Binfield","ORCID":"https://orcid.org/0000-0002-9341-7985","sequence":"first"}],"issued":{"date-parts":[[2021]]}}]}}`,
		"api.openalex.org/works-cursor-2a-filter-authorships.author.orcid-3ahttps-3a-2-e820f1b7.json": `{"meta":{"count":1,"per_page":100,"next_cursor":null},"results":[
{"doi":"https://doi.org/10.5555/hostile.two","title":` + jsonString("OpenAlex \u202eevil\u2066 \x1b]8;;https://evil.example/\x07link\x1b]8;;\x07") + `,"publication_year":2020,"authorships":[
 {"author_position":"first","author":{"id":"https://openalex.org/A2","display_name":"Peter Binfield","orcid":"https://orcid.org/0000-0002-9341-7985"},"raw_author_name":"Peter Binfield"}]}]}`,
		"api.datacite.org/dois-disable-facets-true-page-5bcursor-5d-1-page-5bsize-5d-1-2090f210.json": `{"data":[{"id":"10.5072/hostile.three","type":"dois","attributes":{"doi":"10.5072/hostile.three","titles":[{"title":` + jsonString("DataCite \x1b[2J\x1b[H cleared") + `}],"publicationYear":2022,
"creators":[{"name":"Binfield, Peter","nameType":"Personal","givenName":"Peter","familyName":"Binfield","nameIdentifiers":[{"nameIdentifier":"https://orcid.org/0000-0002-9341-7985","nameIdentifierScheme":"ORCID"}]}]}}],
"meta":{"total":1,"totalPages":1},"links":{"self":"https://api.datacite.org/dois"}}`,
	}
	for name, body := range listings {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("the example's recorded listing moved: %v", err)
		}
		rewriteBody(t, path, func(string) string { return body })
	}
	return dir
}

// jsonString is s as a JSON string, with Go's escapes (\x1b, \u202e)
// written as a service's JSON encoder writes them (\u001b, raw U+202E).
func jsonString(s string) string {
	v, err := strconv.Unquote(`"` + s + `"`)
	if err != nil {
		panic(err)
	}
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(data)
}

// acts lists what in out a terminal would act on, or that hides or
// reorders text: ESC, BEL and the other C0 controls but newline and tab,
// DEL, C1, and the bidirectional controls.
func acts(out string) []string {
	var found []string
	for _, r := range out {
		switch {
		case r == '\n' || r == '\t':
		case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f, r == 0x200e, r == 0x200f, r == 0x061c,
			r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			found = append(found, fmt.Sprintf("%U", r))
		}
	}
	return found
}

// A discovery listing whose titles carry terminal control sequences: the
// story prints every unclaimed work, and before, printed its title as it
// came, so the clipboard was written, a link disguised, the screen
// cleared and the line reversed on the user's terminal (and in the pull
// request body the example workflow copies the story into). Now the C0
// and C1 controls go as the answer is read (service.Clean), the bidi
// controls are shown as visible escapes, and the title still reads.
func TestHostileTitlesReachNoTerminal(t *testing.T) {
	snaps := filepath.Join(t.TempDir(), "snapshots")
	code, stdout, stderr := runCLI(t, "fetch", "--replay", terminalHostileReplay(t), "--snapshots", snaps, exampleManifest)
	out := stdout + stderr
	if bad := acts(out); len(bad) > 0 {
		t.Errorf("exit %d; the terminal got %s:\n%s", code, strings.Join(bad, ", "), out)
	}
	// C0 and C1 controls are dropped as the answer is read (providers,
	// docs/providers.md), so what is left of an escape sequence is inert
	// text; the bidirectional controls are kept in the data and shown
	// escaped here.
	for _, want := range []string{
		`Megajournals ]52;c;ZXZpbA==ten years on`,
		`\u202egnp.exe`, // the provider already dropped the <img> tag as markup
		`OpenAlex \u202eevil\u2066`,
		`DataCite [2J[H cleared`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the story does not show the title as %q:\n%s", want, out)
		}
	}
}

// check fetches as fetch does and tells the same story (the unclaimed
// works' titles) beside its diff; before, it told them as they came.
func TestHostileTitlesReachNoCheckDiff(t *testing.T) {
	snaps := filepath.Join(t.TempDir(), "snapshots")
	if err := os.CopyFS(snaps, os.DirFS(filepath.Join("..", "..", "examples", "snapshots"))); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "check", "--replay", terminalHostileReplay(t), "--snapshots", snaps, exampleManifest)
	if bad := acts(stdout + stderr); len(bad) > 0 {
		t.Errorf("exit %d; the terminal got %s:\n%s\n%s", code, strings.Join(bad, ", "), stdout, stderr)
	}
	if !strings.Contains(stderr, `\u202eevil\u2066`) {
		t.Errorf("exit %d; the story does not show the OpenAlex title with its escapes:\n%s\n%s", code, stdout, stderr)
	}
}

// A snapshot file is text from outside too: a committed folder can hold a
// source whose provider name carries OSC 52. render says it leaves the
// work out, naming that provider on standard error; before, the sequence
// reached the terminal. Every message on standard error now goes through
// termtext, not only the story.
func TestHostileSnapshotReachesNoTerminal(t *testing.T) {
	manifestPath, snaps := exampleCopy(t)
	path := filepath.Join(snaps, "works", "doi_10.5281_2fzenodo.48440.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var work map[string]any
	if err := json.Unmarshal(data, &work); err != nil {
		t.Fatal(err)
	}
	rec := work["record"].(map[string]any)
	rec["title"], rec["authors"] = "", []any{}
	work["sources"] = []any{map[string]any{"provider": "datacite\x1b]52;c;ZXZpbA==\x07", "status": "not_found"}}
	if data, err = json.MarshalIndent(work, "", "  "); err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, string(data)+"\n")

	code, _, stderr := runCLI(t, "render", "--format", "bibtex", manifestPath)
	if bad := acts(stderr); len(bad) > 0 {
		t.Errorf("exit %d; the terminal got %s:\n%s", code, strings.Join(bad, ", "), stderr)
	}
	if want := `datacite\x1b]52;c;ZXZpbA==\x07 answered "not found"`; !strings.Contains(stderr, want) {
		t.Errorf("exit %d; the warning does not name the provider as %q:\n%s", code, want, stderr)
	}
}

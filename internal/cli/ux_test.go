package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/manifest"
)

func golden(t *testing.T) *goldie.Goldie {
	return goldie.New(t, goldie.WithFixtureDir("../../testdata/golden/cli"), goldie.WithNameSuffix(".golden"))
}

// TestInitWritesAStarterThatLoads: the written manifest is the golden, it
// loads as written, and it names the iD in its dashed form.
func TestInitWritesAStarterThatLoads(t *testing.T) {
	out := filepath.Join(t.TempDir(), "manifest.toml")
	code, stdout, stderr := runCLI(t, "init", "--orcid", "https://orcid.org/0000-0002-1825-0097", "--mailto", "ada@example.org", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "wrote "+out+" for ORCID iD 0000-0002-1825-0097") || !strings.Contains(stdout, "about fetch "+out) {
		t.Errorf("stdout:\n%s", stdout)
	}
	if stderr != "" {
		t.Errorf("stderr with a mailto given:\n%s", stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	golden(t).Assert(t, "init-manifest.toml", data)
	m, err := manifest.Load(out)
	if err != nil {
		t.Fatalf("the starter does not load: %v", err)
	}
	if m.Mailto != "ada@example.org" || len(m.Identities) != 1 || m.Identities[0].Value != "0000-0002-1825-0097" {
		t.Errorf("loaded %+v", m)
	}
}

func TestInitWithoutMailtoHintsAtIt(t *testing.T) {
	out := filepath.Join(t.TempDir(), "manifest.toml")
	code, _, stderr := runCLI(t, "init", "--orcid", "0000-0002-1825-0097", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !strings.HasPrefix(stderr, "about: hint: no mailto yet") {
		t.Errorf("stderr:\n%s", stderr)
	}
	m, err := manifest.Load(out)
	if err != nil || m.Mailto != "" {
		t.Fatalf("loaded %+v, %v", m, err)
	}
}

func TestInitRefusesMistakes(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "taken.toml")
	if err := os.WriteFile(existing, []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"no orcid", []string{"init"}, []string{"about: error: init needs --orcid", "about: hint: e.g. about init --orcid"}},
		{"bad check digit", []string{"init", "--orcid", "0000-0002-1825-0098"}, []string{
			`about: error: ORCID iD "0000-0002-1825-0098" fails its check digit: ends in 8, the first 15 digits call for 7`,
			"about: hint: check the iD on orcid.org; with these first 15 digits it would end in 7"}},
		{"not an iD", []string{"init", "--orcid", "ada"}, []string{"not 16 digits", "about: hint: ORCID iDs look like"}},
		{"bad mailto", []string{"init", "--orcid", "0000-0002-1825-0097", "--mailto", "Ada <ada@example.org>"}, []string{"is not a plain e-mail address", "about: hint: give just the address"}},
		{"exists", []string{"init", "--orcid", "0000-0002-1825-0097", "--out", existing}, []string{"taken.toml already exists", "about: hint: pass --force"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assertUsageError(t, c.args, c.want...)
		})
	}
	if data, _ := os.ReadFile(existing); string(data) != "keep me\n" {
		t.Error("init replaced an existing file without --force")
	}
	if code, _, stderr := runCLI(t, "init", "--orcid", "0000-0002-1825-0097", "--out", existing, "--force"); code != 0 {
		t.Fatalf("--force: exit %d\n%s", code, stderr)
	}
	if data, _ := os.ReadFile(existing); !strings.Contains(string(data), `orcid = "0000-0002-1825-0097"`) {
		t.Error("--force did not replace the file")
	}
}

// TestProvidersTableAndJSON: the table people read and the JSON machines
// read are goldens; the JSON's field names are a contract.
func TestProvidersTableAndJSON(t *testing.T) {
	code, table, stderr := runCLI(t, "providers")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	golden(t).Assert(t, "providers", []byte(table))
	code, js, stderr := runCLI(t, "providers", "--json")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	golden(t).Assert(t, "providers-json", []byte(js))
	var infos []map[string]any
	if err := json.Unmarshal([]byte(js), &infos); err != nil {
		t.Fatal(err)
	}
	for _, p := range infos {
		for _, k := range []string{"name", "host", "interval_ms", "accepts", "batch_size", "terms", "attribution"} {
			if _, ok := p[k]; !ok {
				t.Errorf("provider %v lacks %q", p["name"], k)
			}
		}
	}
}

// TestCompletion: each shell gets a script (the root package's tests ask
// the binary for the completions themselves).
func TestCompletion(t *testing.T) {
	for shell, want := range map[string]string{"bash": "complete -o bashdefault", "zsh": "#compdef about", "fish": "complete -c about"} {
		code, out, stderr := runCLI(t, "completion", shell)
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("completion %s: exit %d, lacks %q\n%s%s", shell, code, want, out, stderr)
		}
	}
	if code, _, stderr := runCLI(t, "completion", "tcsh"); code != 2 || !strings.Contains(stderr, `no completion for shell "tcsh"`) {
		t.Errorf("tcsh: exit %d\n%s", code, stderr)
	}
}

// TestQuietSaysNothingWhenAllIsWell but tells the whole story when the
// run came back short.
func TestQuietSaysNothingWhenAllIsWell(t *testing.T) {
	out := filepath.Join(t.TempDir(), "snapshots")
	code, stdout, stderr := runCLI(t, "fetch", "--quiet", "--replay", exampleReplay, "--snapshots", out, exampleManifest)
	if code != 0 || stdout != "" || stderr != "" {
		t.Errorf("quiet run: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	m := writeManifest(t, "mailto = \"ada@example.org\"\nproviders = [\"crossref\"]\n[[identity]]\ndoi = \"10.9999/not-recorded\"\n")
	code, _, stderr = runCLI(t, "fetch", "--quiet", "--replay", exampleReplay, m)
	if code != 1 {
		t.Errorf("short quiet run: exit %d, want 1", code)
	}
	for _, want := range []string{"1 job came back short", "failed  doi:10.9999/not-recorded  crossref (api.crossref.org)", "incomplete: 1 job failed"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("short quiet run: stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "about: finished") {
		t.Errorf("--quiet showed progress:\n%s", stderr)
	}
}

// TestReportWritesTheStoryAsJSON: --report writes the documented schema,
// and a folder that does not exist is refused before the run.
func TestReportWritesTheStoryAsJSON(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "run.json")
	code, _, stderr := runCLI(t, "fetch", "--replay", exampleReplay, "--snapshots", filepath.Join(dir, "snapshots"), "--report", report, exampleManifest)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Schema    string `json:"schema"`
		Outcome   string `json:"outcome"`
		Providers []struct {
			Provider string `json:"provider"`
			Found    int    `json:"found"`
		} `json:"providers"`
		Short     []any `json:"short"`
		Snapshots struct {
			Works int      `json:"works"`
			Added []string `json:"added"`
		} `json:"snapshots"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if got.Schema != "about.run-report/1" || got.Outcome != "complete" || len(got.Providers) != 4 || got.Short == nil ||
		got.Snapshots.Works != 13 || len(got.Snapshots.Added) != 13 {
		t.Errorf("report:\n%s", data)
	}

	code, _, stderr = runCLI(t, "fetch", "--replay", exampleReplay, "--report", filepath.Join(dir, "no", "such", "run.json"), exampleManifest)
	if code != 2 || !strings.Contains(stderr, "does not exist") {
		t.Errorf("report into a missing folder: exit %d\n%s", code, stderr)
	}
}

// TestHelpHasExamples: every command's help shows how to use it.
func TestHelpHasExamples(t *testing.T) {
	for _, cmd := range []string{"fetch", "check", "render", "init", "providers", "completion"} {
		code, out, stderr := runCLI(t, "help", cmd)
		if code != 0 || !strings.Contains(out, "Examples:\n") || !strings.Contains(out, "   about "+cmd+" ") {
			t.Errorf("help %s: exit %d\n%s%s", cmd, code, out, stderr)
		}
	}
}

// TestHelpLeavesNoCycleForCompletion: urfave/cli's shared help command
// appended itself to its own subcommands each time it ran, so "about help"
// followed by fish completion in one process recursed until the stack
// overflowed (seen under go test -count=3). Each app has its own help now.
func TestHelpLeavesNoCycleForCompletion(t *testing.T) {
	for range 3 {
		if code, out, stderr := runCLI(t, "help", "fetch"); code != 0 || !strings.Contains(out, "about fetch") {
			t.Fatalf("help fetch: exit %d\n%s%s", code, out, stderr)
		}
		if code, out, stderr := runCLI(t, "completion", "fish"); code != 0 || !strings.Contains(out, "complete -c about") {
			t.Fatalf("completion fish after help: exit %d\n%s%s", code, out, stderr)
		}
	}
}

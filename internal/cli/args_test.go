package cli

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestFlagsAfterManifestMeanTheSame(t *testing.T) {
	// urfave/cli reads flags only up to the first positional argument;
	// the natural "about render manifest.toml --format html" must work.
	dir := t.TempDir()
	cases := []struct {
		name  string
		flags []string
		args  []string // positional
	}{
		{"fetch", []string{"--quiet", "--replay", exampleReplay, "--snapshots", filepath.Join(dir, "fetched"), "-j", "2"}, []string{exampleManifest}},
		{"check", []string{"--offline"}, []string{exampleManifest}},
		{"render", []string{"--format", "markdown", "--group=type"}, []string{exampleManifest}},
		{"doctor", []string{"--json"}, []string{exampleManifest}},
		{"init", []string{"--orcid", "0000-0002-9341-7985", "--mailto", "ada@example.org", "-o", filepath.Join(dir, "init.toml"), "--force"}, nil},
	}
	for _, c := range cases {
		before := append(append([]string{c.name}, c.flags...), c.args...)
		after := append(append([]string{c.name}, c.args...), c.flags...)
		codeBefore, outBefore, errBefore := runCLI(t, before...)
		codeAfter, outAfter, errAfter := runCLI(t, after...)
		if codeBefore != 0 || codeAfter != 0 {
			t.Errorf("%s: exit %d with flags first, %d with flags last; stderr:\n%s\n%s", c.name, codeBefore, codeAfter, errBefore, errAfter)
		}
		if outBefore != outAfter {
			t.Errorf("%s: output differs with the flags after MANIFEST:\n%s\n---\n%s", c.name, outBefore, outAfter)
		}
	}
}

func TestFlagsFirstKeepsValuesAndTheTerminator(t *testing.T) {
	app := newApp(nil, nil, nil, testSystem(t, func(string) string { return "" }))
	cases := []struct{ in, want string }{
		{"about render m.toml --format html -o out.html --counts", "about render --format html -o out.html --counts m.toml"},
		{"about render m.toml --format=html", "about render --format=html m.toml"},
		{"about check m.toml --offline -- --odd.toml", "about check --offline -- m.toml --odd.toml"},
		{"about fetch m.toml -j 4 --replay dir", "about fetch -j 4 --replay dir m.toml"},
		{"about fetch m.toml --nosuch", "about fetch --nosuch m.toml"},                                       // urfave/cli then names the unknown flag
		{"about render m.toml --generate-bash-completion", "about render m.toml --generate-bash-completion"}, // read as the last argument
		{"about nosuch m.toml --x", "about nosuch m.toml --x"},
	}
	for _, c := range cases {
		got, err := flagsFirst(app, strings.Fields(c.in))
		if err != nil {
			t.Errorf("flagsFirst(%s): %v", c.in, err)
		}
		if got := strings.Join(got, " "); got != c.want {
			t.Errorf("flagsFirst(%s) = %s, want %s", c.in, got, c.want)
		}
	}
	if got, _ := flagsFirst(app, []string{"about"}); !reflect.DeepEqual(got, []string{"about"}) {
		t.Errorf("flagsFirst(about) = %v", got)
	}
}

// TestHelpFlagAfterArgumentsShowsTheCommandsHelp: moved in front of the
// manifest, --help made urfave/cli read the manifest as a help topic ("No
// help topic for 'manifest.toml'", exit 3).
func TestHelpFlagAfterArgumentsShowsTheCommandsHelp(t *testing.T) {
	cases := map[string][]string{
		"fetch":      {exampleManifest, "--quiet"},
		"check":      {exampleManifest},
		"doctor":     {exampleManifest},
		"render":     {exampleManifest, "-f", "html"},
		"init":       {"--orcid", "0000-0002-9341-7985"},
		"providers":  {"extra"},
		"completion": {"bash"},
	}
	for name, args := range cases {
		for _, help := range []string{"--help", "-h", "-help"} {
			code, stdout, stderr := runCLI(t, append(append([]string{name}, args...), help)...)
			if code != 0 || !strings.Contains(stdout, "about "+name+" - ") {
				t.Errorf("about %s %v %s: exit %d, want 0 and the command's help; stdout:\n%s\nstderr:\n%s", name, args, help, code, stdout, stderr)
			}
		}
	}
}

// TestValueFlagLastNeedsAValue: moved in front, a value flag with nothing
// after it took the manifest as its value and the error blamed the
// manifest ("got 0", `unknown format "manifest.toml"`).
func TestValueFlagLastNeedsAValue(t *testing.T) {
	for _, args := range [][]string{
		{"render", exampleManifest, "-f", "html", "--out"},
		{"render", exampleManifest, "--format"},
		{"fetch", exampleManifest, "--snapshots"},
	} {
		flag := args[len(args)-1]
		code, _, stderr := runCLI(t, args...)
		if code != 2 || !strings.Contains(stderr, flag+" needs a value") || strings.Contains(stderr, "MANIFEST") || strings.Contains(stderr, "manifest.toml") {
			t.Errorf("about %v: exit %d, want 2 and %q; stderr:\n%s", args, code, flag+" needs a value", stderr)
		}
	}
}

func TestUnknownCommandIsAUsageError(t *testing.T) {
	assertUsageError(t, []string{"frtch", exampleManifest}, `unknown command "frtch" (did you mean fetch?)`, "about help")
	assertUsageError(t, []string{"rendr"}, `unknown command "rendr" (did you mean render?)`)
	assertUsageError(t, []string{"nosuch"}, `unknown command "nosuch"`)
	assertUsageError(t, []string{"help", "nosuch"}, `unknown command "nosuch"`)
	assertUsageError(t, []string{"help", "fecth"}, "did you mean fetch?")
	assertUsageError(t, []string{"help", "fetch", "check"}, "help takes one COMMAND, got 2: fetch check")
	if _, _, stderr := runCLI(t, "nosuch"); strings.Contains(stderr, "did you mean") {
		t.Errorf("a name far from every command got a suggestion: %s", stderr)
	}
}

func TestBareAboutPrintsHelpAndExits2(t *testing.T) {
	code, stdout, stderr := runCLI(t)
	if code != 2 || !strings.Contains(stdout, "COMMANDS:") || !strings.Contains(stderr, "no command given") {
		t.Errorf("about with no arguments: exit %d, stdout %q, stderr %q; want the help and exit 2", code, stdout, stderr)
	}
	for _, args := range [][]string{{"help"}, {"--help"}, {"help", "fetch"}} {
		if code, _, stderr := runCLI(t, args...); code != 0 {
			t.Errorf("about %v: exit %d, %s", args, code, stderr)
		}
	}
}

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
)

// TestBashCompletionInAPlainBash sources `about completion bash` in a bash
// with no rc files, so without the bash-completion package (its
// _get_comp_words_by_ref was "command not found" there), and completes
// as a user's TAB would: commands, fetch's flags after "--", render's
// formats after --format, fetch's providers after --only, completion's
// shells and help's commands.
func TestBashCompletionInAPlainBash(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("bash completion is for bash")
	}
	testtool.Need(t, "bash")
	bin := aboutBinary(t)
	script := filepath.Join(t.TempDir(), "about.bash")
	if out, err := exec.Command(bin, "completion", "bash").Output(); err != nil {
		t.Fatal(err)
	} else {
		writeFile(t, script, string(out))
	}
	cases := []struct {
		line    string // the words so far; the last is the one being completed
		want    []string
		notWant []string
	}{
		{"about f", []string{"fetch"}, []string{"render"}},
		{"about fetch --", []string{"--threads", "--quiet", "--only", "--replay"}, []string{"-j"}},
		{"about fetch --th", []string{"--threads"}, []string{"--quiet"}},
		{"about fetch --acc", []string{"--accept-removals"}, []string{"--quiet"}},
		{"about render --format ", []string{"html", "bibtex", "csl-json", "markdown"}, []string{"--out"}},
		{"about render --format b", []string{"bibtex", "biblatex"}, []string{"html"}},
		{"about render -f ", []string{"yaml"}, nil},
		{"about render --group ", []string{"year", "type"}, nil},
		{"about completion ", []string{"bash", "zsh", "fish"}, []string{"fetch"}},
		{"about completion bash ", nil, []string{"bash", "zsh", "fish"}},
		{"about fetch --only ", []string{"crossref", "openalex", "opencitations", "pubmed"}, []string{"--quiet"}},
		{"about fetch --only open", []string{"openalex", "opencitations"}, []string{"crossref"}},
		{"about help ", []string{"fetch", "check", "render", "completion"}, []string{"--help"}},
		{"about help f", []string{"fetch"}, []string{"render"}},
	}
	for _, c := range cases {
		words := strings.Split(c.line, " ")
		var quoted []string
		for _, w := range words {
			quoted = append(quoted, "'"+w+"'")
		}
		prog := "source " + script + "\nCOMP_WORDS=(" + strings.Join(quoted, " ") + ")\nCOMP_CWORD=" + strconv.Itoa(len(words)-1) + "\n_about_complete\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		cmd := exec.Command("bash", "--norc", "--noprofile", "-c", prog)
		cmd.Env = []string{"PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + t.TempDir()}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil || stderr.Len() > 0 {
			t.Errorf("%q: %v\n%s", c.line, err, stderr.String())
			continue
		}
		got := "\n" + stdout.String()
		for _, w := range c.want {
			if !strings.Contains(got, "\n"+w+"\n") {
				t.Errorf("%q<TAB> does not offer %s:%s", c.line, w, got)
			}
		}
		for _, w := range c.notWant {
			if strings.Contains(got, "\n"+w+"\n") {
				t.Errorf("%q<TAB> offers %s:%s", c.line, w, got)
			}
		}
	}
}

// TestBinaryAnswersCompletionRequests: the binary answers the scripts'
// --generate-bash-completion with its commands and flags (urfave/cli reads
// them from the process's arguments, so only a process can be asked).
func TestBinaryAnswersCompletionRequests(t *testing.T) {
	bin := aboutBinary(t)
	out, err := exec.Command(bin, "--generate-bash-completion").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"fetch", "check", "render", "init", "providers", "completion"} {
		if !strings.Contains(string(out), cmd+"\n") {
			t.Errorf("command completion lacks %s:\n%s", cmd, out)
		}
	}
	out, err = exec.Command(bin, "fetch", "-", "--generate-bash-completion").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"--threads", "--quiet", "--report", "--replay"} {
		if !strings.Contains(string(out), flag+"\n") {
			t.Errorf("fetch flag completion lacks %s:\n%s", flag, out)
		}
	}
}

// TestFishCompletionAsksTheBinary sources `about completion fish` in a
// fish with no config and completes as a user's TAB would. The script
// asks the binary, as the bash and zsh ones do, so it offers render's
// formats and groups and fetch's providers, which urfave/cli's static
// fish script (flag names only, some lines twice) did not.
func TestFishCompletionAsksTheBinary(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("fish completion is for fish")
	}
	bin := aboutBinary(t)
	out, err := exec.Command(bin, "completion", "fish").Output()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if !strings.HasPrefix(line, "complete ") {
			continue
		}
		if seen[line] {
			t.Errorf("the fish script has %q twice", line)
		}
		seen[line] = true
	}
	if !strings.Contains(string(out), "--generate-bash-completion") {
		t.Errorf("the fish script does not ask the binary:\n%s", out)
	}
	testtool.Need(t, "fish")
	script := filepath.Join(t.TempDir(), "about.fish")
	writeFile(t, script, string(out))
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "manifest.toml"), "")
	cases := []struct {
		line    string // the command line so far; completion is at its end
		want    []string
		notWant []string
	}{
		{"about f", []string{"fetch"}, []string{"render"}},
		{"about fetch --", []string{"--threads", "--quiet", "--only", "--replay"}, nil},
		{"about fetch --th", []string{"--threads"}, []string{"--quiet"}},
		{"about fetch --acc", []string{"--accept-removals"}, []string{"--quiet"}},
		{"about render --format ", []string{"html", "bibtex", "csl-json", "markdown"}, []string{"--out"}},
		{"about render --format b", []string{"bibtex", "biblatex"}, []string{"html"}},
		{"about render -f ", []string{"yaml"}, nil},
		{"about render --group ", []string{"year", "type"}, nil},
		{"about completion ", []string{"bash", "zsh", "fish"}, []string{"fetch"}},
		{"about fetch --only ", []string{"crossref", "openalex", "opencitations", "pubmed"}, []string{"--quiet"}},
		{"about fetch --only open", []string{"openalex", "opencitations"}, []string{"crossref"}},
		{"about help ", []string{"fetch", "check", "render", "completion"}, []string{"--help"}},
		{"about completion bash ", []string{"manifest.toml"}, []string{"bash", "zsh", "fish"}}, // nothing from about: paths
	}
	for _, c := range cases {
		prog := "source " + script + "\ncomplete -C" + fishQuote(c.line) + "\n"
		cmd := exec.Command("fish", "--no-config", "-c", prog)
		cmd.Dir = dir
		home := t.TempDir()
		cmd.Env = []string{"PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + home, "XDG_CONFIG_HOME=" + home, "XDG_DATA_HOME=" + home}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil || stderr.Len() > 0 {
			t.Errorf("%q: %v\n%s", c.line, err, stderr.String())
			continue
		}
		var got []string
		for _, line := range strings.Split(stdout.String(), "\n") {
			word, _, _ := strings.Cut(line, "\t") // fish prints "word<TAB>description"
			got = append(got, word)
		}
		list := "\n" + strings.Join(got, "\n") + "\n"
		for _, w := range c.want {
			if !strings.Contains(list, "\n"+w+"\n") {
				t.Errorf("%q<TAB> does not offer %s:%s", c.line, w, list)
			}
		}
		for _, w := range c.notWant {
			if strings.Contains(list, "\n"+w+"\n") {
				t.Errorf("%q<TAB> offers %s:%s", c.line, w, list)
			}
		}
	}
}

// fishQuote quotes s as one fish word.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestUsageLinesNameEveryFlag: each command's usage line in
// docs/commands.md (and render's in docs/render.md) names every flag the
// command's --help lists, by its long name or one of its aliases. The
// render lines lacked --force.
func TestUsageLinesNameEveryFlag(t *testing.T) {
	row := regexp.MustCompile("(?m)^\\| `about ([a-z]+) ([^`]*)` \\|")
	lines := map[string][]string{}
	for _, m := range row.FindAllStringSubmatch(readText(t, "docs/commands.md"), -1) {
		lines[m[1]] = append(lines[m[1]], "docs/commands.md: "+m[2])
	}
	if _, usage, ok := strings.Cut(readText(t, "docs/render.md"), "    about render "); ok {
		usage, _, _ = strings.Cut(usage, "\n")
		lines["render"] = append(lines["render"], "docs/render.md: "+usage)
	}
	if len(lines) < 6 {
		t.Fatalf("found usage lines for only %d commands in docs/commands.md", len(lines))
	}
	option := regexp.MustCompile(`(?m)^ +(-[^ ].*?)  `)
	name := regexp.MustCompile(`--?[a-z][a-z-]*`)
	for cmd, usages := range lines {
		code, stdout, stderr := runCLI(t, cmd, "--help")
		if code != 0 {
			t.Fatalf("about %s --help: exit %d\n%s", cmd, code, stderr)
		}
		_, opts, _ := strings.Cut(stdout, "OPTIONS:")
		for _, o := range option.FindAllStringSubmatch(opts, -1) {
			names := name.FindAllString(o[1], -1)
			if len(names) == 0 || names[0] == "--help" {
				continue
			}
			for _, usage := range usages {
				named := false
				for _, n := range names {
					named = named || regexp.MustCompile(`(^|[\[ ])`+regexp.QuoteMeta(n)+`\b`).MatchString(usage)
				}
				if !named {
					t.Errorf("%s: the usage line of about %s does not name %s", strings.SplitN(usage, ":", 2)[0], cmd, names[0])
				}
			}
		}
	}
}

// TestNoTableIsSplit: a table row after a blank line that follows a row
// starts a new "table" with no header, which renders as a paragraph of
// pipes; docs/render.md's checks table was split so.
func TestNoTableIsSplit(t *testing.T) {
	for _, page := range append(docPages(t), "README.md") {
		lines := strings.Split(readText(t, page), "\n")
		for i := 2; i+1 < len(lines); i++ {
			header := strings.HasPrefix(lines[i+1], "|-")
			if strings.HasPrefix(lines[i], "|") && lines[i-1] == "" && strings.HasPrefix(lines[i-2], "|") && !header {
				t.Errorf("%s:%d: a table row after a blank line, with no header: the table is split", page, i+1)
			}
		}
	}
}

// TestCompletionPageSaysWhichShellsAskTheBinary: docs/commands.md says
// every shell's script asks the binary for its values; each script must
// (fish's was once urfave's static script, which asked nothing).
func TestCompletionPageSaysWhichShellsAskTheBinary(t *testing.T) {
	page := strings.Join(strings.Fields(readText(t, "docs/commands.md")), " ")
	if !strings.Contains(page, "All three scripts (also in `contrib/completion/`) ask the binary itself") {
		t.Fatal("docs/commands.md no longer says all three completion scripts ask the binary; say what each does")
	}
	for _, shell := range []string{"bash", "zsh", "fish"} {
		code, script, stderr := runCLI(t, "completion", shell)
		if code != 0 {
			t.Fatalf("about completion %s: exit %d\n%s", shell, code, stderr)
		}
		if !strings.Contains(script, "--generate-bash-completion") {
			t.Errorf("the %s script does not ask the binary, as docs/commands.md says it does", shell)
		}
	}
}

// TestFormatsPageSaysHowNonASCIIIsWritten: docs/formats.md says bibtex
// writes non-ASCII as LaTeX commands and biblatex keeps UTF-8; the
// example's output holds the page to it (the example has no CJK, which
// bibtex too keeps as UTF-8).
func TestFormatsPageSaysHowNonASCIIIsWritten(t *testing.T) {
	page := strings.Join(strings.Fields(readText(t, "docs/formats.md")), " ")
	if !strings.Contains(page, "Non-ASCII characters stay UTF-8 in every format but `bibtex`, which writes them as LaTeX commands") {
		t.Fatal("docs/formats.md no longer says how non-ASCII is written; say what each format does")
	}
	for format, wantRaw := range map[string]bool{"bibtex": false, "biblatex": true} {
		code, bib, stderr := runCLI(t, "render", "--format", format, exampleManifest)
		if code != 0 {
			t.Fatalf("render %s: exit %d\n%s", format, code, stderr)
		}
		if raw := strings.ContainsFunc(bib, func(r rune) bool { return r > 127 }); raw != wantRaw {
			t.Errorf("the example's %s has raw non-ASCII: %v, where docs/formats.md says %v", format, raw, wantRaw)
		}
	}
}

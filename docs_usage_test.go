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

// TestCompletionPageSaysWhichShellsAskTheBinary: docs/commands.md said
// every shell's script asks the binary; fish's is urfave's static script.
// The page's claim follows each script: a script that calls the binary is
// named among those that do, one that does not is called static.
func TestCompletionPageSaysWhichShellsAskTheBinary(t *testing.T) {
	page := strings.Join(strings.Fields(readText(t, "docs/commands.md")), " ")
	asks := strings.Contains(page, "The bash and zsh scripts (also in `contrib/completion/`) ask the binary itself")
	static := strings.Contains(page, "The fish script is urfave/cli's static one")
	for shell, claimed := range map[string]bool{"bash": asks, "zsh": asks, "fish": static} {
		code, script, stderr := runCLI(t, "completion", shell)
		if code != 0 {
			t.Fatalf("about completion %s: exit %d\n%s", shell, code, stderr)
		}
		callsBinary := strings.Contains(script, "--generate-bash-completion")
		if shell == "fish" {
			callsBinary = !callsBinary // the page calls fish's static
		}
		if !claimed || !callsBinary {
			t.Errorf("docs/commands.md's account of the %s completion no longer holds (the script calls the binary: %v); say what it does", shell, strings.Contains(script, "--generate-bash-completion"))
		}
	}
}

// TestFormatsPageSaysHowNonASCIIIsWritten: docs/formats.md said non-ASCII
// characters are escaped for each format; the BibTeX of the example holds
// them as UTF-8 (as docs/render.md says). The page's word follows the
// output.
func TestFormatsPageSaysHowNonASCIIIsWritten(t *testing.T) {
	code, bib, stderr := runCLI(t, "render", "--format", "bibtex", exampleManifest)
	if code != 0 {
		t.Fatalf("render: exit %d\n%s", code, stderr)
	}
	raw := strings.ContainsFunc(bib, func(r rune) bool { return r > 127 })
	page := strings.Join(strings.Fields(readText(t, "docs/formats.md")), " ")
	saysRaw := strings.Contains(page, "non-ASCII characters stay UTF-8, in BibTeX too")
	if raw != saysRaw || strings.Contains(page, "or non-ASCII characters are escaped") {
		t.Errorf("the example's BibTeX has raw non-ASCII: %v; docs/formats.md says it stays UTF-8: %v", raw, saysRaw)
	}
}

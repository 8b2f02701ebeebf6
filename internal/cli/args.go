package cli

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/orchestrator"
)

// flagsFirst moves a command's flags (with their values) before its
// positional arguments, as urfave/cli reads flags only up to the first
// one, so "about render manifest.toml --format html" means what it says.
// Everything after "--" stays positional; a shell-completion request is
// left alone, as urfave/cli reads it as the last argument. A help flag
// anywhere asks for the command's help, and a value flag with nothing
// after it is a usage error naming that flag, not taking the manifest.
func flagsFirst(app *cli.App, args []string) ([]string, error) {
	if len(args) < 3 || args[len(args)-1] == "--generate-bash-completion" {
		return args, nil
	}
	cmd := app.Command(args[1])
	if cmd == nil {
		return args, nil
	}
	takesValue := valueFlags(cmd)
	head := []string{args[0], args[1]}
	var flags, positional []string
	rest := args[2:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			positional = append(positional, rest[i+1:]...)
			return append(append(append(head, flags...), "--"), positional...), nil
		case len(a) < 2 || a[0] != '-':
			positional = append(positional, a)
		case isHelpFlag(a):
			return append(head, "--help"), nil
		default:
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if strings.Contains(name, "=") || !takesValue[name] {
				continue
			}
			if i+1 == len(rest) {
				return nil, usageError(fmt.Errorf("%s needs a value", a), "see about help "+cmd.Name)
			}
			i++
			flags = append(flags, rest[i])
		}
	}
	return append(append(head, flags...), positional...), nil
}

// isHelpFlag is urfave/cli's help flag in any spelling the flag package
// accepts.
func isHelpFlag(a string) bool {
	switch a {
	case "-h", "--h", "-help", "--help":
		return true
	}
	return false
}

// valueFlags names the command's flags (every alias) that take a value,
// the next argument unless written --name=value.
func valueFlags(cmd *cli.Command) map[string]bool {
	takes := map[string]bool{}
	for _, f := range cmd.Flags {
		v, ok := f.(cli.DocGenerationFlag)
		if !ok || !v.TakesValue() {
			continue
		}
		for _, n := range f.Names() {
			takes[n] = true
		}
	}
	return takes
}

// manifestArg is the single MANIFEST argument of fetch, check and render;
// example is the hint's example when it is missing.
func manifestArg(c *cli.Context, example string) (string, error) {
	if c.NArg() != 1 {
		return "", usageError(fmt.Errorf("%s needs exactly one MANIFEST argument, got %d", c.Command.Name, c.NArg()), example)
	}
	return c.Args().First(), nil
}

// splitList is a comma-separated flag value's items, trimmed, without
// empty ones.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// checkThreads refuses a -j below 1, for fetch and check alike.
func checkThreads(n int) error {
	if n <= 0 {
		return usageError(fmt.Errorf("-j/--threads must be at least 1, got %d", n),
			fmt.Sprintf("use -j 1 for one host at a time, or leave it out for the default of %d", orchestrator.DefaultWorkers))
	}
	return nil
}

package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"
)

// flagsFirst moves a command's flags (with their values) before its
// positional arguments, so "about render manifest.toml --format html"
// means what it says: urfave/cli stops reading flags at the first
// positional argument, and the flags after it became extra arguments
// ("render needs --format", "got 3"). Everything after "--" stays
// positional. A shell-completion request is left alone: urfave/cli
// reads it as the last argument.
func flagsFirst(app *cli.App, args []string) []string {
	if len(args) < 3 || args[len(args)-1] == "--generate-bash-completion" {
		return args
	}
	cmd := app.Command(args[1])
	if cmd == nil {
		return args
	}
	takesValue := valueFlags(cmd)
	var flags, positional []string
	rest := args[2:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			positional = append(positional, rest[i+1:]...)
			out := append(append([]string{args[0], args[1]}, flags...), "--")
			return append(out, positional...)
		case len(a) < 2 || a[0] != '-':
			positional = append(positional, a)
		default:
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && takesValue[name] && i+1 < len(rest) {
				i++
				flags = append(flags, rest[i])
			}
		}
	}
	return append(append([]string{args[0], args[1]}, flags...), positional...)
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

// unknownCommand is the error for "about frtch": a usage error (exit 2),
// with the nearest command name when one is close enough to be a typo.
func unknownCommand(app *cli.App, name string) error {
	msg := fmt.Sprintf("unknown command %q", name)
	if near := nearestCommand(app, name); near != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", near)
	}
	return usageError(fmt.Errorf("%s", msg), "about help lists the commands")
}

// nearestCommand is the command whose name is fewest edits from name,
// at most two (one slip or one swap of neighbours), or "".
func nearestCommand(app *cli.App, name string) string {
	best, bestDistance := "", 3
	for _, c := range app.Commands {
		if c.Hidden {
			continue
		}
		if d := editDistance(strings.ToLower(name), c.Name); d < bestDistance {
			best, bestDistance = c.Name, d
		}
	}
	return best
}

// editDistance is the optimal-string-alignment distance: insertions,
// deletions, substitutions and swaps of neighbours each cost one, so
// "frtch" and "fecth" are both one from "fetch".
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

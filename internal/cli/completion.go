package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/render"
)

// completionCommand prints a shell's completion script. The bash, zsh and
// fish scripts all ask the binary itself for completions (urfave/cli's
// --generate-bash-completion), so they never go stale as commands change
// and all offer the same flag values.
func completionCommand(files Files) *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash, zsh or fish)",
		ArgsUsage: "SHELL",
		Description: `Prints the completion script for SHELL on standard output. The scripts
are also in contrib/completion/ in the source; each asks about itself
for the words that fit, flag values included.

Examples:
   source <(about completion bash)                                    # this shell
   about completion bash > ~/.local/share/bash-completion/completions/about
   about completion zsh > "${fpath[1]}/_about"                        # then a new shell
   about completion fish | source                                     # this fish
   about completion fish > ~/.config/fish/completions/about.fish`,
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help completion")
		},
		BashComplete: completeArgument(func(*cli.Context) []string { return []string{"bash", "zsh", "fish"} }),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError(errors.New("completion needs one SHELL: bash, zsh or fish"), "e.g. source <(about completion bash)")
			}
			w := c.App.Writer
			switch shell := c.Args().First(); shell {
			case "bash":
				_, err := io.WriteString(w, files.BashCompletion)
				return err
			case "zsh":
				_, err := io.WriteString(w, files.ZshCompletion)
				return err
			case "fish":
				_, err := io.WriteString(w, files.FishCompletion)
				return err
			default:
				return usageError(fmt.Errorf("no completion for shell %q", shell), "about completes bash, zsh and fish")
			}
		},
	}
}

// renderValueCompletion completes render's --format and --group values,
// which urfave/cli does not: it completes flag names and commands only.
func renderValueCompletion(args []string, cmd *cli.Command) *cli.Command {
	var formats []string
	for _, f := range render.Formats() {
		formats = append(formats, string(f))
	}
	groups := []string{string(render.ByYear), string(render.ByType)}
	cmd.BashComplete = completeValues(args, cmd, map[string][]string{"format": formats, "f": formats, "group": groups})
	return cmd
}

// fetchValueCompletion completes fetch's --only with the provider names
// (a list goes one name at a time: bash does not split words at commas).
func fetchValueCompletion(args []string, cmd *cli.Command) *cli.Command {
	var names []string
	for _, s := range providers.All() {
		names = append(names, s.Name)
	}
	cmd.BashComplete = completeValues(args, cmd, map[string][]string{"only": names})
	return cmd
}

// completeArgument answers --generate-bash-completion for a command whose
// one argument is a word from a list (completion's shell, help's
// command): the list while the argument is still to come, else nothing.
func completeArgument(words func(*cli.Context) []string) cli.BashCompleteFunc {
	return func(c *cli.Context) {
		if c.NArg() > 0 {
			return
		}
		for _, w := range words(c) {
			fmt.Fprintln(c.App.Writer, w)
		}
	}
}

// completeValues answers --generate-bash-completion with a flag's values
// when the word before is that flag, and otherwise as urfave/cli would
// (flag names after a "-", else subcommands). Like urfave/cli's own
// completion it reads the process's words, args: the completion protocol
// is the command line.
func completeValues(args []string, cmd *cli.Command, values map[string][]string) cli.BashCompleteFunc {
	fallback := cli.DefaultCompleteWithFlags(cmd)
	return func(c *cli.Context) {
		if n := len(args); n > 2 && strings.HasPrefix(args[n-2], "-") {
			if vs, ok := values[strings.TrimLeft(args[n-2], "-")]; ok {
				for _, v := range vs {
					fmt.Fprintln(c.App.Writer, v)
				}
				return
			}
		}
		fallback(c)
	}
}

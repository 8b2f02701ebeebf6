package main

import (
	_ "embed"
	"errors"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"
)

// The shell scripts ask the binary itself for completions (urfave/cli's
// --generate-bash-completion), so they never go stale as commands change.
var (
	//go:embed contrib/completion/about.bash
	bashCompletion string
	//go:embed contrib/completion/about.zsh
	zshCompletion string
)

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash, zsh or fish)",
		ArgsUsage: "SHELL",
		Description: `Prints the completion script for SHELL on standard output. The bash and
zsh scripts are also in contrib/completion/ in the source.

Examples:
   source <(about completion bash)                                    # this shell
   about completion bash > ~/.local/share/bash-completion/completions/about
   about completion zsh > "${fpath[1]}/_about"                        # then a new shell
   about completion fish > ~/.config/fish/completions/about.fish`,
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help completion")
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError(errors.New("completion needs one SHELL: bash, zsh or fish"), "e.g. source <(about completion bash)")
			}
			w := c.App.Writer
			switch shell := c.Args().First(); shell {
			case "bash":
				_, err := io.WriteString(w, bashCompletion)
				return err
			case "zsh":
				_, err := io.WriteString(w, zshCompletion)
				return err
			case "fish":
				script, err := c.App.ToFishCompletion()
				if err != nil {
					return err
				}
				_, err = io.WriteString(w, script)
				return err
			default:
				return usageError(fmt.Errorf("no completion for shell %q", shell), "about completes bash, zsh and fish")
			}
		},
	}
}

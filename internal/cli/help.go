package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/internal/english"
)

// noCommand runs when the first argument names no command. A typo is a
// usage error naming the nearest command. A bare "about" prints the help
// and exits 2, as git does (with its own usage code): a script that calls
// "about $CMD" with an empty variable must not pass. "about help" and
// "about --help" exit 0.
func noCommand(c *cli.Context) error {
	if c.NArg() > 0 {
		return unknownCommand(c.App, c.Args().First())
	}
	if err := cli.ShowAppHelp(c); err != nil {
		return err
	}
	return usageError(errors.New("no command given"), "about help COMMAND shows one command's help, e.g. about help fetch")
}

// helpCommand is "about help [COMMAND]", built per app (see newApp).
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:         "help",
		Aliases:      []string{"h"},
		Usage:        "show the commands, or one command's help",
		ArgsUsage:    "[COMMAND]",
		BashComplete: completeArgument(commandNames),
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 { // one topic: a second would be dropped unread
				return usageError(fmt.Errorf("help takes one COMMAND, got %d: %s", c.NArg(), strings.Join(c.Args().Slice(), " ")), "e.g. about help fetch")
			}
			if name := c.Args().First(); name != "" {
				if c.App.Command(name) == nil {
					return unknownCommand(c.App, name)
				}
				return cli.ShowCommandHelp(c.Lineage()[1], name)
			}
			return cli.ShowAppHelp(c)
		},
	}
}

// commandNames are the commands "about help" can show.
func commandNames(c *cli.Context) []string {
	var names []string
	for _, cmd := range c.App.Commands {
		if !cmd.Hidden {
			names = append(names, cmd.Name)
		}
	}
	return names
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
	var names []string
	for _, c := range app.Commands {
		if !c.Hidden {
			names = append(names, c.Name)
		}
	}
	return english.Nearest(strings.ToLower(name), names)
}

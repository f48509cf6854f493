// Package cli is the splice command: render, check, plan, tool, tools,
// conformance, vector, serve and static. Each command reads and writes only the streams
// it is given and returns its exit code, so tests drive it as a user would.
package cli

import (
	"flag"
	"fmt"
	"io"
	"sort"
)

// command is one subcommand of splice. Each lives in its own file and
// registers itself in commands from an init function.
type command struct {
	summary string
	// run parses args and does the work; its result is the exit code.
	run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

// Main runs the subcommand named by args[0] and returns its exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "splice: unknown command %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	return cmd.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: splice <command> [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-12s %s\n", name, commands[name].summary)
	}
	fmt.Fprintln(w, "\nRun 'splice <command> -h' for a command's flags.")
}

// newFlagSet returns a flag set that reports errors instead of exiting.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("splice "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

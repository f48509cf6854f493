package cli

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestREADMECommandTable holds the README's table of commands to what
// `splice --help` lists: the table whose header's first cell is "command",
// one row per command, the command's name in backticks in its first cell.
func TestREADMECommandTable(t *testing.T) {
	text, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	documented, err := readmeCommands(string(text))
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := Main([]string{"--help"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("splice --help exits %d: %s", code, errb.String())
	}
	listed := readmeHelpCommands(out.String())
	if len(listed) == 0 {
		t.Fatalf("splice --help lists no commands:\n%s", out.String())
	}
	if missing, extra := readmeDifference(listed, documented), readmeDifference(documented, listed); len(missing)+len(extra) > 0 {
		t.Errorf("the README's command table is not what splice --help lists:\n"+
			"  in splice --help, not in the README: %v\n  in the README, not in splice --help: %v",
			missing, extra)
	}
}

// readmeHelpCommands returns the command names of the help's "commands:" section,
// each the first word of an indented line, up to the first blank line.
func readmeHelpCommands(help string) []string {
	var names []string
	in := false
	for _, line := range strings.Split(help, "\n") {
		switch {
		case strings.TrimSpace(line) == "commands:":
			in = true
		case in && strings.TrimSpace(line) == "":
			return names
		case in && strings.HasPrefix(line, " "):
			names = append(names, strings.Fields(line)[0])
		}
	}
	return names
}

// readmeCommands returns the commands of the README's one table whose
// header's first cell is "command".
func readmeCommands(readme string) ([]string, error) {
	lines := strings.Split(readme, "\n")
	var names []string
	tables := 0
	for i := 0; i < len(lines); i++ {
		cells := readmeTableCells(lines[i])
		if len(cells) == 0 || !strings.EqualFold(cells[0], "command") || i+1 >= len(lines) || !readmeDelimiterRow(lines[i+1]) {
			continue
		}
		tables++
		for i += 2; i < len(lines); i++ {
			row := readmeTableCells(lines[i])
			if len(row) == 0 {
				break
			}
			name := strings.TrimSpace(row[0])
			if len(name) < 2 || name[0] != '`' || name[len(name)-1] != '`' {
				return nil, fmt.Errorf("README: the command table's row %q does not start with a command in backticks", lines[i])
			}
			name = strings.TrimPrefix(strings.Trim(name, "`"), "splice ")
			if fields := strings.Fields(name); len(fields) > 0 {
				name = fields[0]
			}
			names = append(names, name)
		}
	}
	switch tables {
	case 0:
		return nil, fmt.Errorf("README: no table whose header's first cell is \"command\"")
	case 1:
		return names, nil
	}
	return nil, fmt.Errorf("README: %d tables whose header's first cell is \"command\", want one", tables)
}

// readmeTableCells returns the cells of a Markdown table row, nil for any other line.
func readmeTableCells(line string) []string {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "|") {
		return nil
	}
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	cells := strings.Split(line, "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

func readmeDelimiterRow(line string) bool {
	cells := readmeTableCells(line)
	for _, c := range cells {
		if strings.Trim(c, ":-") != "" || !strings.Contains(c, "-") {
			return false
		}
	}
	return len(cells) > 0
}

// readmeDifference returns the names of a that b lacks, sorted.
func readmeDifference(a, b []string) []string {
	var d []string
	for _, n := range a {
		if !slices.Contains(b, n) && !slices.Contains(d, n) {
			d = append(d, n)
		}
	}
	slices.Sort(d)
	return d
}

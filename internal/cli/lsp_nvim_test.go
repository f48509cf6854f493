package cli

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// lspEnv makes this test binary `splice lsp` (see TestMain), so that
// Neovim runs the command itself without a build.
const lspEnv = "SPLICE_TEST_RUN_LSP"

func TestMain(m *testing.M) {
	if os.Getenv(lspEnv) == "1" {
		os.Exit(Main([]string{"lsp"}, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// nvimPlan has a mistyped key: E1's sample has title, not titel.
const nvimPlan = `input: {repo: octo/hello}
steps:
  - id: E1
    tool_name: github__pr_view
    input: {repo: "{{input.repo}}"}
    result: {number: 42, title: Fix the docs, files: [{path: README.md}]}
  - id: card
    tool_name: builtin__reshape
    input: {shape: {title: "{{E1.titel}}", n: "{{E1.number}}"}}
solver: "PR #{{E1.number}}: {{card.n}}"
`

// Neovim's built-in LSP client against splice lsp: it opens a plan with a
// typo and gets the BadPath at its line and column, asks for completion
// after `{{E1.`, and renames the step E1 (testdata/nvim_lsp.lua). Under
// CI it fails when nvim is missing; elsewhere it is skipped.
func TestNeovimClient(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("nvim is required under CI (Debian's neovim package)")
		}
		t.Skip("nvim is not installed (apt-get install neovim)")
	}
	dir := t.TempDir()
	planFile := filepath.Join(dir, "pr.plan.yaml")
	if err := os.WriteFile(planFile, []byte(nvimPlan), 0o644); err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs("testdata/nvim_lsp.lua")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "report.json")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-c", "luafile "+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), lspEnv+"=1", "SPLICE_CMD="+os.Args[0], "SPLICE_PLAN="+planFile, "SPLICE_OUT="+out, "HOME="+dir, "XDG_STATE_HOME="+dir)
	output, runErr := cmd.CombinedOutput()
	if transcript, err := os.ReadFile(out + ".log"); err == nil {
		t.Logf("the Neovim session:\n%s", transcript)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("nvim wrote no report (%v): %s", runErr, output)
	}
	type diagnostic struct {
		Lnum, Col     int
		Code, Message string
	}
	var report struct {
		Error       string
		Diagnostics []diagnostic
		Completion  []string
		Buffer      string
	}
	if err := json.Unmarshal(data, &report); err != nil {
		t.Fatalf("report %s: %v", data, err)
	}
	if report.Error != "" {
		t.Fatalf("in nvim: %s", report.Error)
	}
	// Line 9, column 34 (from 1): titel in `    input: {shape: {title: "{{E1.titel}}"`.
	if len(report.Diagnostics) != 1 || report.Diagnostics[0].Code != "BadPath" || report.Diagnostics[0].Lnum != 8 || report.Diagnostics[0].Col != 33 {
		t.Errorf("diagnostics in nvim: %+v", report.Diagnostics)
	}
	for _, want := range []string{"number:number", "title:string", "files:array"} {
		if !slices.Contains(report.Completion, want) {
			t.Errorf("completion after {{E1. in nvim: %q, lacks %q", report.Completion, want)
		}
	}
	if want := strings.ReplaceAll(nvimPlan, "E1", "fetch_pr"); report.Buffer != want {
		t.Errorf("the buffer after the rename:\n%s\nwant:\n%s", report.Buffer, want)
	}
}

//go:build !splice_lite

package reshape

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/splicedev/splice/template"
)

// ToolFile is the outcome of loading one tool file.
type ToolFile struct {
	Path string
	Tool *Tool // nil when Err is set
	Err  error // the file's load errors
}

// Catalog holds the tools loaded from tool directories, each registered as
// user__<name>, and builtin__reshape.
type Catalog struct {
	Files []ToolFile // every tool file read, directory by directory, by file name
	tools map[string]*Tool
}

// DefaultDirs are the tool directories in the order they are searched: the
// project's ./.graph/tools, then ~/.config/graph/tools for tools wanted
// everywhere.
func DefaultDirs() []string {
	dirs := []string{filepath.Join(".graph", "tools")}
	if home, err := os.UserHomeDir(); err == nil {
		dirs = append(dirs, filepath.Join(home, ".config", "graph", "tools"))
	}
	return dirs
}

// LoadDir loads every *.yaml and *.yml file of dir. A file that fails to load
// keeps its errors in Files and registers nothing; two files naming the
// same tool both fail, each error naming the other file. The error is for a
// directory that cannot be read.
func LoadDir(dir string) (*Catalog, error) {
	c := &Catalog{tools: map[string]*Tool{}}
	if err := c.load(dir); err != nil {
		return nil, err
	}
	return c, nil
}

// LoadDirs loads several tool directories, skipping those that do not
// exist. A tool in an earlier directory hides one of the same name in a
// later one.
func LoadDirs(dirs ...string) (*Catalog, error) {
	c := &Catalog{tools: map[string]*Tool{}}
	for _, dir := range dirs {
		if err := c.load(dir); err != nil && !os.IsNotExist(err) {
			return nil, err
		}
	}
	return c, nil
}

func (c *Catalog) load(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	first := len(c.Files)
	for _, entry := range entries {
		ext := filepath.Ext(entry.Name())
		if entry.IsDir() || ext != ".yaml" && ext != ".yml" {
			continue
		}
		f := ToolFile{Path: filepath.Join(dir, entry.Name())}
		if text, err := os.ReadFile(f.Path); err != nil {
			f.Err = err
		} else if f.Tool, f.Err = LoadTool(text); f.Tool != nil {
			f.Tool.File = f.Path
		}
		c.Files = append(c.Files, f)
	}
	files := c.Files[first:]
	byName := map[string][]int{}
	for i, f := range files {
		if f.Tool != nil {
			byName[f.Tool.Name] = append(byName[f.Tool.Name], i)
		}
	}
	for i := range files {
		f := &files[i]
		if f.Tool == nil {
			continue
		}
		same := byName[f.Tool.Name]
		if len(same) > 1 {
			var others []string
			for _, j := range same {
				if j != i {
					others = append(others, files[j].Path)
				}
			}
			t := f.Tool
			f.Tool, f.Err = nil, &template.Error{Kind: template.ToolError, Phase: template.PhaseLoad, Source: t.source, Pos: t.namePos, End: t.namePos.Offset,
				Msg: "duplicate tool name " + strconv.Quote(t.Name) + ": also defined in " + strings.Join(others, ", ")}
			continue
		}
		if _, taken := c.tools[f.Tool.QualifiedName()]; !taken {
			c.tools[f.Tool.QualifiedName()] = f.Tool
		}
	}
	return nil
}

// Lookup returns the tool called name ("user__pr_card", "builtin__reshape").
func (c *Catalog) Lookup(name string) (*Tool, bool) {
	if name == Builtin().QualifiedName() {
		return Builtin(), true
	}
	t, ok := c.tools[name]
	return t, ok
}

// Names returns the qualified names of the registered tools, sorted.
func (c *Catalog) Names() []string {
	names := make([]string, 0, len(c.tools))
	for name := range c.tools {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

package importbib

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// ReadFile reads the entries of one file or folder `about import` is
// given, by what it is: a .json file is CSL-JSON, a .ris (or .txt holding
// RIS, as some databases name their exports) RIS, a folder a Hugo Blox
// site's publications or an academicpages site's, told apart by what is
// in it. A .bib is read by bibfile and Plan, not here: the command line
// sends it there. Each entry's File, and each problem, names the file as
// given joined with its path in a folder. The error is for a file that
// cannot be read or is of no kind ReadFile knows; what is wrong within
// one is a problem, or an entry's Problem.
func ReadFile(name string) ([]Entry, []string, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", name, errors.Unwrap(err))
	}
	if st.IsDir() {
		return readFolder(name)
	}
	ext := strings.ToLower(filepath.Ext(name))
	switch ext {
	case ".json", ".ris", ".txt", ".yaml", ".yml":
	case ".bib", ".bibtex", ".biblatex":
		return nil, nil, fmt.Errorf("%s: a .bib is read by bibfile.Parse and Plan, not ReadFile", name)
	default:
		return nil, nil, fmt.Errorf("%s: about import reads BibTeX (.bib), CSL-JSON (.json), RIS (.ris), the Lab Website Template's _data/sources.yaml and a Hugo Blox or academicpages site's folder; %q is none of them", name, ext)
	}
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", name, errors.Unwrap(err))
	}
	switch ext {
	case ".json":
		entries, problems := ReadCSLJSON(name, src)
		return entries, problems, nil
	case ".yaml", ".yml":
		entries, problems := ReadLabSources(name, src)
		return entries, problems, nil
	}
	entries, problems := ReadRIS(name, src)
	if len(entries) == 0 && ext == ".txt" {
		return nil, nil, fmt.Errorf("%s: no RIS entry (TY  - ...) in it", name)
	}
	return entries, problems, nil
}

// readFolder reads a site's folder, naming its files from name. A
// Hugo Blox content/publication folder is read from its site's root, so
// its authors' profiles (content/authors, data/authors) are found.
func readFolder(name string) ([]Entry, []string, error) {
	root, dir := name, "."
	if abs, err := filepath.Abs(name); err == nil && filepath.Base(filepath.Dir(abs)) == "content" &&
		strings.HasPrefix(filepath.Base(abs), "publication") {
		root, dir = filepath.Join(name, "..", ".."), "content/"+filepath.Base(abs)
	}
	fsys := os.DirFS(root)
	var entries []Entry
	var problems []string
	switch folderKind(fsys, dir) {
	case "academicpages":
		entries, problems = ReadAcademicPages(fsys, dir)
	case "hugoblox":
		entries, problems = ReadHugoBlox(fsys, dir)
	default:
		return nil, nil, fmt.Errorf("%s: neither a Hugo Blox site's content/publication folder nor an academicpages site's _publications", name)
	}
	for i := range entries {
		entries[i].File = filepath.Join(root, filepath.FromSlash(entries[i].File))
		if entries[i].Problem != "" {
			entries[i].Problem = root + string(filepath.Separator) + entries[i].Problem
		}
	}
	for i := range problems {
		problems[i] = root + string(filepath.Separator) + problems[i]
	}
	return entries, problems, nil
}

// folderKind tells a folder's site: academicpages by its _publications
// folder, or pages whose front matter has a key only it writes
// (collection, paperurl, venue, citation); Hugo Blox by its
// content/publication folder, or page bundles (<slug>/index.md), or
// pages with its keys (publication_types, publication, authors).
func folderKind(fsys fs.FS, dir string) string {
	if st, err := fs.Stat(fsys, path.Join(dir, "_publications")); err == nil && st.IsDir() {
		return "academicpages"
	}
	for _, d := range []string{"content/publication", "publication", "content/publications", "publications"} {
		if st, err := fs.Stat(fsys, path.Join(dir, d)); err == nil && st.IsDir() {
			return "hugoblox"
		}
	}
	items, _ := fs.ReadDir(fsys, dir)
	for _, it := range items {
		file := path.Join(dir, it.Name())
		if it.IsDir() {
			file = path.Join(file, "index.md")
		} else if !strings.HasSuffix(file, ".md") || strings.HasPrefix(it.Name(), "_") {
			continue
		}
		src, err := fs.ReadFile(fsys, file)
		if err != nil {
			continue
		}
		fields, _, _ := frontMatter(src)
		for _, f := range fields {
			switch f.Name {
			case "collection", "paperurl", "venue", "citation", "excerpt":
				return "academicpages"
			case "publication_types", "publication", "authors", "url_pdf":
				return "hugoblox"
			}
		}
	}
	return ""
}

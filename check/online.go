package check

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Fetch fetches everything the manifest reaches into the snapshot folder
// dir, as about fetch would. The command line hands check its fetch, so
// check needs nothing of how a fetch is run (the orchestrator).
type Fetch func(ctx context.Context, dir string) error

// Current runs fetch into a temporary copy of the committed snapshot
// folder and compares the result with the committed folder, which is
// never written. Starting from a copy means a provider that fails now
// keeps its committed values, as it would in a real fetch, instead of
// showing up as a removal. fetch's error comes back as it is.
func Current(ctx context.Context, committed string, fetch Fetch) (*Diff, error) {
	tmp, err := os.MkdirTemp("", "about-check-")
	if err != nil {
		return nil, fmt.Errorf("check: %w", err)
	}
	defer os.RemoveAll(tmp)
	fresh := filepath.Join(tmp, "snapshots")
	if err := copySnapshots(committed, fresh); err != nil {
		return nil, fmt.Errorf("check: copy %s: %w", committed, err)
	}
	if err := fetch(ctx, fresh); err != nil {
		return nil, err
	}
	return CompareFolders(committed, fresh)
}

// copySnapshots copies a snapshot folder's regular files; a missing
// folder is an empty one. A symbolic link is not copied, nor followed: a
// committed link can point anywhere on the machine, and the fetch into
// the copy would read its target (CompareFolders skips it too).
func copySnapshots(src, dst string) error {
	if _, err := os.Stat(src); errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dst, 0o755)
	}
	return filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		switch {
		case e.IsDir():
			return os.MkdirAll(to, 0o755)
		case e.Type().IsRegular():
			return copyFile(p, to)
		}
		return nil
	})
}

// copyFile copies the regular file from to to.
func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

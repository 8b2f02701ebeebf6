package orchestrator

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
)

// CheckCurrent runs a fetch exactly as about fetch would with opts, but
// into a temporary copy of the committed snapshot folder (opts.Snapshots,
// or the manifest's), and compares the result with the committed folder,
// which is never written. Starting from a copy means a provider that fails
// now keeps its committed values, as it would in a real fetch, instead of
// showing up as a removal.
func CheckCurrent(ctx context.Context, opts Options) (*report.Report, *snapshots.Diff, error) {
	committed := opts.Snapshots
	if committed == "" {
		committed = opts.Manifest.Snapshots
	}
	tmp, err := os.MkdirTemp("", "about-check-")
	if err != nil {
		return nil, nil, fmt.Errorf("check: %w", err)
	}
	defer os.RemoveAll(tmp)
	fresh := filepath.Join(tmp, "snapshots")
	if err := copySnapshots(committed, fresh); err != nil {
		return nil, nil, fmt.Errorf("check: copy %s: %w", committed, err)
	}
	opts.Snapshots = fresh
	rep, err := Run(ctx, opts)
	if err != nil {
		return rep, nil, err
	}
	diff, err := snapshots.CompareFolders(committed, fresh)
	if rep != nil {
		rep.Snapshots = committed + " (fetched into a temporary copy)"
	}
	return rep, diff, err
}

// copySnapshots copies a snapshot folder's regular files; a missing
// folder is an empty one. A symbolic link is not copied, nor followed: a
// committed link can point anywhere on the machine, and the fetch into
// the copy would read its target (snapshots.CompareFolders skips it too).
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

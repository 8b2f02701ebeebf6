package orchestrator

import (
	"context"

	"github.com/aboutscholar/about/check"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/report"
)

// checkLinks is the link pass's problems alone (check.Recheck).
func checkLinks(m *manifest.Manifest, dir string) []check.Problem {
	_, linked := check.Recheck(m, dir)
	return linked
}

// checkCurrent is about check's online half as the command line wires
// it: Run into a copy of the committed folder, then the diff.
func checkCurrent(ctx context.Context, opts Options) (*report.Report, *check.Diff, error) {
	committed := opts.Snapshots
	if committed == "" {
		committed = opts.Manifest.Snapshots
	}
	var rep *report.Report
	diff, err := check.Current(ctx, committed, func(ctx context.Context, dir string) error {
		o := opts
		o.Snapshots = dir
		var err error
		rep, err = Run(ctx, o)
		return err
	})
	return rep, diff, err
}

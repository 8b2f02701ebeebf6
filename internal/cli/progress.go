package cli

import (
	"fmt"
	"io"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/internal/termtext"
	"github.com/aboutscholar/about/orchestrator"
	"github.com/aboutscholar/about/progress"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
)

// quietFlag and reportFlag are shared by fetch and check. Each call makes
// a new flag: urfave/cli keeps parse state in a flag, so one value shared
// by two commands or two apps would carry state between them.
func quietFlag() cli.Flag {
	return &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress, and no summary unless the run came back short (errors are always shown)"}
}

// startProgress shows the run's progress on standard error, unless
// --quiet: a live view on a terminal, plain lines every 15s anywhere else
// (CI logs, pipes, TERM=dumb). It hooks the view into opts; call Finish on
// the returned view before printing anything else. A nil view is fine.
func startProgress(quiet bool, w io.Writer, getenv func(string) string, opts *orchestrator.Options) *progress.View {
	if quiet {
		return nil
	}
	out := terminal(w)
	v := progress.Start(progress.Options{
		Out:    out,
		Live:   progress.IsTerminal(out) && getenv("TERM") != "dumb",
		Labels: hostLabels(),
	})
	opts.Progress.Planned = func(lp orchestrator.LanePlan) { v.Plan(lp.Host, lp.Jobs, lp.Calls, lp.Pace) }
	opts.Progress.Done = func(o report.Outcome) {
		v.Done(o.Host, o.Status == record.Found || o.Status == record.NotFound)
	}
	opts.OnStart = func(host string, _ time.Time) { v.Request(host) }
	opts.OnWait = v.Wait
	opts.OnStop = v.Stop
	return v
}

// terminal is the stream under w's termtext escaping: the live view draws
// with control sequences of its own, and escapes the text it is told
// (hosts, a wait's or a stop's reason) itself.
func terminal(w io.Writer) io.Writer {
	if tw, ok := w.(*termtext.Writer); ok {
		return tw.Terminal()
	}
	return w
}

// endProgress takes the view down and leaves a blank line before the
// summary. An interrupted run's last line says so, not "finished".
func endProgress(w io.Writer, v *progress.View, interrupted bool) {
	if v == nil {
		return
	}
	if interrupted {
		v.FinishInterrupted()
	} else {
		v.Finish()
	}
	fmt.Fprintln(w)
}

// hostLabels names each host by its providers, as users know them.
func hostLabels() map[string]string {
	labels := map[string]string{}
	for _, s := range providers.All() {
		if l, ok := labels[s.Host]; ok {
			labels[s.Host] = l + "+" + s.Name
		} else {
			labels[s.Host] = s.Name
		}
	}
	return labels
}

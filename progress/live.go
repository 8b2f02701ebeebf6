package progress

import (
	"fmt"
	"io"
	"math"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// The live view is drawn by mpb: each host is a bar whose decorators read
// the View's state on every refresh, and the overall bar stays last.
// Columns are synchronised across lines so the bars stay aligned; mpb
// truncates a line to the terminal's width, so nothing wraps and breaks
// the redraw. It is monochrome, so NO_COLOR has nothing to turn off.

func (v *View) startLive() {
	opts := []mpb.ContainerOption{mpb.WithOutput(v.opts.Out), mpb.WithAutoRefresh()}
	if v.opts.Width > 0 {
		opts = append(opts, mpb.WithWidth(v.opts.Width))
	}
	v.bars = mpb.New(opts...)
	v.total = v.bars.New(0, mpb.BarStyle(),
		mpb.BarPriority(math.MaxInt32), // always the last line
		mpb.BarFillerMiddleware(fullWhenDone),
		mpb.PrependDecorators(decor.Name("all hosts", decor.WCSyncWidthR)),
		mpb.AppendDecorators(
			decor.Any(func(decor.Statistics) string {
				v.mu.Lock()
				defer v.mu.Unlock()
				done, jobs, _, _ := v.totalsLocked(v.opts.Now())
				if v.interrupted {
					done = v.answeredLocked()
				}
				return fmt.Sprintf("%d/%d", done, jobs)
			}, decor.WCSyncSpace),
			decor.Any(func(s decor.Statistics) string {
				now := v.opts.Now()
				v.mu.Lock()
				defer v.mu.Unlock()
				switch {
				case v.interrupted:
					return "  interrupted after " + v.elapsed().String()
				case s.Completed || s.Aborted:
					return "  in " + v.elapsed().String()
				}
				if _, _, eta, ok := v.totalsLocked(now); ok {
					return "  ETA " + ceilSecond(eta).String()
				}
				return ""
			}, decor.WCSyncWidthR),
		),
	)
}

// fullWhenDone draws a bar whose jobs are all done as complete (no ">"
// tip). The bars are not complete to mpb until Finish, because a host may
// be planned more jobs in a later phase of the run.
func fullWhenDone(f mpb.BarFiller) mpb.BarFiller {
	return mpb.BarFillerFunc(func(w io.Writer, s decor.Statistics) error {
		if s.Total > 0 && s.Current >= s.Total {
			s.Completed = true
		}
		return f.Fill(w, s)
	})
}

// ensureBar gives a host its line on first sight.
func (v *View) ensureBar(h *host) {
	if !v.opts.Live {
		return
	}
	v.barMu.Lock()
	defer v.barMu.Unlock()
	v.barLocked(h)
}

func (v *View) barLocked(h *host) *mpb.Bar {
	if h.bar != nil || v.finished {
		return h.bar
	}
	h.bar = v.bars.New(0, mpb.BarStyle(),
		mpb.BarFillerMiddleware(fullWhenDone),
		mpb.PrependDecorators(decor.Name(h.label, decor.WCSyncWidthR)),
		mpb.AppendDecorators(
			decor.Any(func(decor.Statistics) string {
				v.mu.Lock()
				defer v.mu.Unlock()
				return h.counts()
			}, decor.WCSyncSpace),
			decor.Any(func(decor.Statistics) string {
				now := v.opts.Now()
				v.mu.Lock()
				defer v.mu.Unlock()
				if st := h.state(now, true, false); st != "" {
					return "  " + st
				}
				return ""
			}, decor.WCSyncWidthR),
		),
	)
	return h.bar
}

// setTotal shows a host's (and the run's) new plan.
func (v *View) setTotal(h *host, total int) {
	if !v.opts.Live {
		return
	}
	v.barMu.Lock()
	defer v.barMu.Unlock()
	if b := v.barLocked(h); b != nil {
		b.SetTotal(int64(total), false)
	}
	if !v.finished {
		v.mu.Lock()
		_, jobs, _, _ := v.totalsLocked(v.opts.Now())
		v.mu.Unlock()
		v.total.SetTotal(int64(jobs), false)
	}
}

// increment moves a host's bar and the overall bar by one job.
func (v *View) increment(h *host) {
	if !v.opts.Live {
		return
	}
	v.barMu.Lock()
	defer v.barMu.Unlock()
	if b := v.barLocked(h); b != nil {
		b.IncrBy(1)
		v.total.IncrBy(1)
	}
}

// finishLive completes every bar whose jobs all finished and aborts the
// others, which keeps them on screen as they are, then waits for mpb's
// last frame. Once the run was interrupted a bar shows the jobs answered,
// not the jobs skipped on the way out.
func (v *View) finishLive() {
	v.barMu.Lock()
	defer v.barMu.Unlock()
	type end struct {
		bar      *mpb.Bar
		current  int
		complete bool
	}
	var ends []end
	all, answered := true, 0
	v.mu.Lock()
	for _, h := range v.hosts {
		current := h.done
		if h.interrupted {
			current = h.answered()
		}
		complete := current >= h.jobs
		all = all && complete
		answered += current
		ends = append(ends, end{h.bar, current, complete})
	}
	interrupted := v.interrupted
	v.mu.Unlock()
	// A ^C echoed by the terminal leaves the cursor two columns in, and the
	// last frame's cursor-up would start there and leave "^C" debris: back
	// to column 0 first (mpb writes this before its next frame).
	_, _ = v.bars.Write([]byte("\r"))
	for _, e := range append(ends, end{v.total, answered, all}) {
		switch {
		case e.bar == nil:
		case interrupted && !e.complete:
			e.bar.SetCurrent(int64(e.current))
			e.bar.Abort(false)
		case e.complete:
			e.bar.SetTotal(-1, true)
		default:
			e.bar.Abort(false)
		}
	}
	v.bars.Wait()
}

// Command measure runs the real about binary as a user runs it, behind an
// HTTPS proxy that serves simulated scholarly services with realistic
// latencies (internal/netsim), and prints what it cost as Markdown table
// rows (docs/performance.md, "The real binary"):
//
//	go run ./internal/netsim/cmd/measure -works 10000 -j 8 -rerun -check
//
// It builds the binary (go build) into a temporary folder, writes a
// manifest of -researchers ORCID records sharing -works works, runs
// fetch under /usr/bin/time -v with HTTPS_PROXY and SSL_CERT_FILE set, and
// removes everything it made unless -keep.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/aboutscholar/about/internal/netsim"
)

func main() {
	if err := measure(); err != nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		os.Exit(1)
	}
}

func measure() error {
	var cfg netsim.Config
	flag.IntVar(&cfg.Works, "works", 2000, "works in all")
	flag.IntVar(&cfg.Researchers, "researchers", 1, "ORCID records the works are shared among")
	flag.IntVar(&cfg.Workers, "j", 8, "fetch -j")
	flag.Float64Var(&cfg.Scale, "scale", 1, "service times divided by this (1: realistic)")
	flag.StringVar(&cfg.Outage, "outage", "", `"doiorg": doi.org answers 503; "doiorg-reset": its connections are reset`)
	flag.BoolVar(&cfg.Rerun, "rerun", false, "then fetch again over the same folder, nothing changed upstream")
	flag.BoolVar(&cfg.Check, "check", false, "then run check --offline on the folder")
	flag.DurationVar(&cfg.SIGINT, "sigint", 0, "interrupt the fetch this long after its start (SIGINT to its process group)")
	flag.BoolVar(&cfg.Silent, "silent-proxy", false, "then fetch behind a proxy that accepts and never answers")
	flag.DurationVar(&cfg.Timeout, "timeout", 30*time.Minute, "kill a run that takes longer")
	flag.DurationVar(&cfg.Settle, "settle", 2*time.Minute, "after -sigint, SIGKILL a run still running this long after the SIGINT")
	flag.DurationVar(&cfg.SilentLimit, "silent-limit", 5*time.Minute, "kill the silent-proxy fetch after this long")
	bin := flag.String("bin", "", "an about binary to run (default: go build the module this runs in)")
	keep := flag.Bool("keep", false, "keep the folder (manifest, snapshots, time reports) and print its path")
	header := flag.Bool("header", true, "print the table's head")
	flag.Parse()
	if flag.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flag.Args())
	}
	if _, err := os.Stat("/usr/bin/time"); err == nil {
		cfg.Time = "/usr/bin/time"
	} else {
		fmt.Fprintln(os.Stderr, "measure: no /usr/bin/time (GNU time); RSS and CPU from the kernel's rusage")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	// Piped into head, a print would otherwise kill measure before it
	// removes its folder: with SIGPIPE notified, the write fails instead.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)

	dir, err := os.MkdirTemp("", "about-measure-")
	if err != nil {
		return err
	}
	if *keep {
		fmt.Fprintln(os.Stderr, "measure: folder", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	cfg.Binary = *bin
	if cfg.Binary == "" {
		if cfg.Binary, err = netsim.Build(ctx, ".", dir); err != nil {
			return err
		}
	}
	cfg.Dir = dir + "/run"
	if err := os.Mkdir(cfg.Dir, 0o755); err != nil {
		return err
	}
	loadBefore := load()
	started := time.Now().UTC()
	rows, err := netsim.Measure(ctx, cfg)
	if *header && len(rows) > 0 {
		fmt.Println(netsim.Header)
	}
	for _, r := range rows {
		fmt.Println(r.Markdown())
	}
	fmt.Printf("\nmeasured %s, %s/%s, %d CPUs, load average %s at the start, %s at the end\n",
		started.Format("2006-01-02 15:04 UTC"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), loadBefore, load())
	for _, r := range rows {
		if len(r.Hosts) > 0 {
			fmt.Printf("\n%s, %s works, by host (times from the run's start):\n\n%s\n", r.Run, fmt.Sprint(r.Works), netsim.HostHeader)
			for _, h := range r.Hosts {
				fmt.Println(h.Markdown())
			}
		}
	}
	if errors.Is(err, context.Canceled) {
		return errors.New("interrupted")
	}
	return err
}

// load is the 1, 5 and 15 minute load averages, or "?" off Linux.
func load() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

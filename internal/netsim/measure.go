package netsim

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/aboutscholar/about/providers"
)

// Config is one measurement: the binary run as a user runs it, behind a
// Proxy serving the simulated services.
type Config struct {
	Binary      string        // the about binary
	Dir         string        // an empty folder for the manifest, the snapshots and the logs
	Works       int           // works in all
	Researchers int           // ORCID records the works are shared among (1 if 0)
	Workers     int           // fetch -j
	Scale       float64       // service times divided by this (tests); 0 or 1: realistic
	Outage      string        // "doiorg": doi.org answers 503; "doiorg-reset": its connections are reset
	Rerun       bool          // then a second fetch over the same folder, nothing changed upstream
	Check       bool          // then check --offline on the folder
	SIGINT      time.Duration // > 0: interrupt the fetch this long after its start
	Silent      bool          // then a fetch behind a proxy that accepts and never answers
	Timeout     time.Duration // the longest one process may run before it is killed
	Settle      time.Duration // after the SIGINT, the longest wait for the exit (120 s if 0)
	SilentLimit time.Duration // the longest the silent-proxy fetch may run (300 s if 0)
	Time        string        // GNU time's path; "" uses the kernel's rusage
}

// Row is one line of the measurement's table.
type Row struct {
	Run         string // what ran: "fetch", "rerun", "check --offline", "SIGINT at 10s", "silent proxy"
	Works       int
	Requests    int           // requests the proxy served during the run
	Wall        time.Duration // process start to exit
	Bound       time.Duration // 0 when not computed
	BoundAsSent time.Duration // the bound at the paces about keeps today
	Busiest     string        // the host whose floor the bound is
	Tail        time.Duration // the last answer to exit; 0 when not measured
	RSSKB       int64
	CPU         time.Duration
	Exit        int
	Note        string
	Hosts       []HostFigures // a fetch's requests by host
}

// Measure runs the measurement cfg describes and returns its rows.
func Measure(ctx context.Context, cfg Config) ([]Row, error) {
	cfg.Researchers = max(cfg.Researchers, 1)
	if cfg.Timeout == 0 {
		cfg.Timeout = 30 * time.Minute
	}
	if err := writeManifest(cfg); err != nil {
		return nil, err
	}
	proxy := &Proxy{Net: cfg.net(), Scale: cfg.Scale}
	if cfg.Outage != "" {
		proxy.Faults.DOIOrg = map[string]string{"doiorg": "503", "doiorg-reset": "reset"}[cfg.Outage]
		if proxy.Faults.DOIOrg == "" {
			return nil, fmt.Errorf("netsim: unknown outage %q (doiorg, doiorg-reset)", cfg.Outage)
		}
	}
	if err := proxy.Start(); err != nil {
		return nil, err
	}
	defer proxy.Close()
	paces := RegistryPaces(providers.All())

	var rows []Row
	first, err := cfg.fetch(ctx, proxy, cfg.SIGINT)
	if err != nil {
		return nil, err
	}
	log := proxy.TakeLog()
	row := cfg.row("fetch", first, log)
	row.Hosts = PerHost(log, paces, first.Start)
	if cfg.SIGINT > 0 { // an interrupted run has no bound: it did not ask for everything
		row.Run = fmt.Sprintf("SIGINT at %s", cfg.SIGINT)
		row.Note = interruptNote(first, filepath.Join(cfg.Dir, "snapshots"))
		row.Note += "; " + cfg.checkNote(ctx)
	} else {
		row.Bound, row.Busiest = Bound(log, paces)
		row.BoundAsSent, _ = BoundAsSent(log, paces)
	}
	if cfg.Outage != "" {
		row.Run = "fetch, " + cfg.Outage + " down"
		row.Note = hostCounts(log, "api.datacite.org", "doi.org")
	}
	rows = append(rows, row)
	if cfg.Rerun {
		p, err := cfg.fetch(ctx, proxy, 0)
		if err != nil {
			return rows, err
		}
		log := proxy.TakeLog()
		r := cfg.row("rerun, nothing changed", p, log)
		r.Hosts = PerHost(log, paces, p.Start)
		rows = append(rows, r)
	}
	if cfg.Check {
		p, err := run(ctx, cfg.command("check", "--offline", "manifest.toml"))
		if err != nil {
			return rows, err
		}
		rows = append(rows, Row{Run: "check --offline", Works: cfg.Works, Wall: p.Wall(), RSSKB: p.RSSKB, CPU: p.CPU, Exit: p.Exit, Note: lastLines(append(p.Stdout, p.Stderr...), 1)})
	}
	if cfg.Silent {
		r, err := cfg.silent(ctx)
		if err != nil {
			return rows, err
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// checkNote says what check --offline makes of the folder an interrupted
// run left: whether it accepts it, and its last line.
func (cfg Config) checkNote(ctx context.Context) string {
	p, err := run(ctx, cfg.command("check", "--offline", "manifest.toml"))
	if err != nil {
		return "check --offline: " + err.Error()
	}
	return fmt.Sprintf("check --offline exit %d: %s", p.Exit, lastLines(append(p.Stdout, p.Stderr...), 1))
}

func (cfg Config) net() *Net {
	orcids := map[string]int{}
	for r := range cfg.Researchers {
		orcids[ORCID(r)] = r
	}
	return &Net{Corpus: NewCorpus(), ORCIDs: orcids, PerRecord: cfg.Works / cfg.Researchers, Mix: Realistic()}
}

// writeManifest writes the researchers' manifest, with a contact e-mail
// as the docs advise; the snapshots go to the default folder beside it.
func writeManifest(cfg Config) error {
	var b strings.Builder
	b.WriteString("mailto = \"measure@example.org\"\n")
	for r := range cfg.Researchers {
		fmt.Fprintf(&b, "\n[[identity]]\norcid = %q\n", ORCID(r))
	}
	if err := os.MkdirAll(filepath.Join(cfg.Dir, "home"), 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(cfg.Dir, "manifest.toml"), []byte(b.String()), 0o644)
}

// command is the binary with args, in cfg.Dir, with only the environment
// a user's proxy setup gives it: no API keys, no terminal, a HOME of its
// own.
func (cfg Config) command(args ...string) command {
	return command{
		Time: cfg.Time, Dir: cfg.Dir, Timeout: cfg.Timeout,
		Args: append([]string{cfg.Binary}, args...),
		Env:  []string{"PATH=" + os.Getenv("PATH"), "HOME=" + filepath.Join(cfg.Dir, "home")},
	}
}

// fetch runs about fetch behind proxy.
func (cfg Config) fetch(ctx context.Context, proxy *Proxy, sigint time.Duration) (process, error) {
	ca := filepath.Join(cfg.Dir, "ca.pem")
	if err := proxy.WriteCA(ca); err != nil {
		return process{}, err
	}
	c := cfg.command("fetch", "-j", fmt.Sprint(max(cfg.Workers, 1)), "manifest.toml")
	c.Env = append(c.Env, "HTTPS_PROXY="+proxy.URL(), "SSL_CERT_FILE="+ca)
	c.SIGINT, c.Settle = sigint, cfg.Settle
	if c.Settle == 0 {
		c.Settle = 2 * time.Minute
	}
	return run(ctx, c)
}

// row is a fetch's row: its requests from the proxy's log, and its tail,
// from the last answer to exit.
func (cfg Config) row(name string, p process, log []Entry) Row {
	r := Row{Run: name, Works: cfg.Works, Requests: len(log), Wall: p.Wall(), RSSKB: p.RSSKB, CPU: p.CPU, Exit: p.Exit}
	var last time.Time
	for _, e := range log {
		if e.End.After(last) {
			last = e.End
		}
	}
	if !last.IsZero() {
		r.Tail = p.End.Sub(last)
	}
	if p.Exit != 0 {
		r.Note = lastLines(p.Stderr, 1)
	}
	return r
}

// silent is a fetch behind a proxy that accepts connections and never
// answers, over the folder the first fetch wrote.
func (cfg Config) silent(ctx context.Context) (Row, error) {
	folder := filepath.Join(cfg.Dir, "snapshots")
	before, err := folderFiles(folder)
	if err != nil {
		return Row{}, err
	}
	proxy := &Proxy{Net: cfg.net(), Faults: Faults{Silent: true}}
	if err := proxy.Start(); err != nil {
		return Row{}, err
	}
	defer proxy.Close()
	limited := cfg
	limited.Timeout = cfg.SilentLimit
	if limited.Timeout == 0 {
		limited.Timeout = 5 * time.Minute
	}
	p, err := limited.fetch(ctx, proxy, 0)
	if err != nil {
		return Row{}, err
	}
	after, err := folderFiles(folder)
	if err != nil {
		return Row{}, err
	}
	unchanged := "folder unchanged"
	if changed := changedFiles(before, after); len(changed) > 0 {
		unchanged = fmt.Sprintf("FOLDER CHANGED: %d files (%s)", len(changed), strings.Join(first(changed, 3), ", "))
	}
	if p.TimedOut {
		unchanged = fmt.Sprintf("still running after %.0f s: sent SIGINT, exit %.1f s later; %s", limited.Timeout.Seconds(), p.End.Sub(p.Signalled).Seconds(), unchanged)
	}
	return Row{Run: "silent proxy", Works: cfg.Works, Wall: p.Wall(), RSSKB: p.RSSKB, CPU: p.CPU, Exit: p.Exit,
		Note: unchanged + "; " + lastLines(p.Stderr, 2)}, nil
}

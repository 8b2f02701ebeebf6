// Command about keeps a researcher's publication page true: it expands
// ORCID records and DOIs through the public scholarly APIs, politely, and
// writes deterministic JSON snapshots to commit and diff.
//
// main wires the process (environment, network, signals, streams, the
// files the binary carries) into the command line, internal/cli, and
// exits with the code it returns.
package main

import (
	"context"
	"embed"
	"io/fs"
	"net/http"
	"os"
	"runtime/debug"
	"time"

	"github.com/aboutscholar/about/internal/cli"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "0.1.0-dev"

// The files the binary carries; embed reads only below this folder.
var (
	//go:embed contrib/completion/about.bash
	bashCompletion string
	//go:embed contrib/completion/about.zsh
	zshCompletion string
	//go:embed contrib/completion/about.fish
	fishCompletion string
	//go:embed testdata/doctor/ok
	doctorRecordings embed.FS
)

func main() {
	started := time.Now() // tells this process's fetch lock from a predecessor's with the same pid
	if percent, ok := collectorPercent(os.Getenv); ok {
		debug.SetGCPercent(percent)
	}
	sig := watchInterrupts()
	ended := make(chan int, 1)
	go func() { ended <- cli.Run(sig.run, os.Args, os.Stdout, os.Stderr, system(started, sig.abort)) }()
	var code int
	select {
	case code = <-ended:
	case <-sig.gone: // a second interrupt, and the command did not return in time
		code = interruptedCode
	}
	sig.stop()
	os.Exit(code)
}

// gcPercent is the garbage collector's pace: the heap may grow by half
// what is live before it is collected, not by all of it (Go's default,
// GOGC=100). A fetch is paced by the services, not by its CPU, and much
// of what it allocates is short-lived (answers decoded, records encoded),
// so the heap the default lets build up is what a run costs the machine.
// At 10,000 works behind the emulated network: peak RSS 111 MB at 100,
// 94 MB at 50, for 34.5 s of CPU against 35–38 s (docs/performance.md,
// "Memory").
const gcPercent = 50

// collectorPercent is the pace to set: gcPercent, unless the user chose
// one with GOGC (Go's own setting, read by the runtime itself).
func collectorPercent(getenv func(string) string) (int, bool) {
	if getenv("GOGC") != "" {
		return 0, false
	}
	return gcPercent, true
}

// interruptedCode is the exit code of an interrupted command (see
// internal/cli's exit codes), kept when main exits on its own.
const interruptedCode = 130

// system is this process as the command line sees it.
func system(started time.Time, abort context.Context) cli.System {
	recordings, err := fs.Sub(doctorRecordings, "testdata/doctor/ok")
	if err != nil {
		panic(err) // the embed pattern above names this folder: unreachable
	}
	return cli.System{
		Getenv:  os.Getenv,
		Started: started,
		Abort:   abort,
		// The write tail collects garbage twice as often (tighterCollector).
		WriteTail: tighterCollector,
		Network:   network(),
		Version:   version,
		Files:     cli.Files{BashCompletion: bashCompletion, ZshCompletion: zshCompletion, FishCompletion: fishCompletion, DoctorRecordings: recordings},
	}
}

// network is the services: Go's default transport, which honours
// HTTPS_PROXY, NO_PROXY and SSL_CERT_FILE, cloned so the run's
// connections are its own.
func network() http.RoundTripper {
	if dt, ok := http.DefaultTransport.(*http.Transport); ok {
		return dt.Clone()
	}
	return http.DefaultTransport
}

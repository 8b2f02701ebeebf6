package netsim

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// process is one run of the binary and what it cost, as GNU time -v
// reports it (or the kernel's rusage where /usr/bin/time is missing).
type process struct {
	Start, End time.Time
	Signalled  time.Time // when SIGINT was sent; zero when it was not
	Exit       int       // exit status; -1 killed by the harness after its timeout
	Unsettled  bool      // still running Settle after the SIGINT: killed
	TimedOut   bool      // still running at the command's Timeout: sent SIGINT then
	RSSKB      int64     // maximum resident set size
	CPU        time.Duration
	Stdout     []byte
	Stderr     []byte
}

// Wall is the process's start to its exit.
func (p process) Wall() time.Duration { return p.End.Sub(p.Start) }

// command is how to start one run.
type command struct {
	Time    string        // GNU time's path, "" for rusage
	Dir     string        // working folder; GNU time writes its report there
	Args    []string      // the binary and its arguments
	Env     []string      // the whole environment
	SIGINT  time.Duration // > 0: interrupt the run this long after its start
	Settle  time.Duration // after a SIGINT, the longest wait for the exit before SIGKILL
	Timeout time.Duration // then the harness interrupts the run (SIGINT, then SIGKILL after Settle)
}

// run starts the command in its own process group (so a SIGINT reaches it
// as a terminal's Ctrl-C does: GNU time ignores it, the binary gets it)
// and waits for it.
func run(ctx context.Context, c command) (process, error) {
	report := c.Dir + "/time.txt"
	args := c.Args
	if c.Time != "" {
		args = append([]string{c.Time, "-v", "-o", report}, args...)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = c.Dir, c.Env, &stdout, &stderr
	ownGroup(cmd)
	p := process{Start: time.Now()}
	if err := cmd.Start(); err != nil {
		return p, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	err, killed := supervise(ctx, c, cmd.Process.Pid, done, &p)
	p.End, p.Stdout, p.Stderr = time.Now(), stdout.Bytes(), stderr.Bytes()
	p.Exit = cmd.ProcessState.ExitCode()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return p, err
	}
	if rss, cpu, ok := usage(cmd.ProcessState); ok {
		p.RSSKB, p.CPU = rss, cpu
	}
	if c.Time != "" {
		readTimeReport(report, &p)
	}
	if killed {
		p.Exit = -1
		p.Unsettled = !p.Signalled.IsZero()
	}
	return p, nil
}

// readTimeReport reads GNU time -v's report into p: the binary's own
// figures, not the time process's.
func readTimeReport(path string, p *process) {
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	var user, sys float64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if sig, ok := strings.CutPrefix(line, "Command terminated by signal "); ok {
			n, _ := strconv.Atoi(sig)
			p.Exit = 128 + n // as a shell reports it
			continue
		}
		key, value, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		switch key {
		case "Maximum resident set size (kbytes)":
			p.RSSKB, _ = strconv.ParseInt(value, 10, 64)
		case "User time (seconds)":
			user, _ = strconv.ParseFloat(value, 64)
		case "System time (seconds)":
			sys, _ = strconv.ParseFloat(value, 64)
		case "Exit status":
			if n, _ := strconv.Atoi(value); n != 0 || p.Exit == 0 {
				p.Exit = n
			}
		}
	}
	p.CPU = time.Duration((user + sys) * float64(time.Second))
}

// supervise waits for the process group pid to exit: it sends the SIGINT
// c asks for, interrupts a run still going at c.Timeout, and kills (SIGKILL)
// one still going Settle after its SIGINT, or when ctx ends.
func supervise(ctx context.Context, c command, pid int, done <-chan error, p *process) (err error, killed bool) {
	var interrupt <-chan time.Time
	if c.SIGINT > 0 {
		t := time.NewTimer(c.SIGINT)
		defer t.Stop()
		interrupt = t.C
	}
	limit := time.NewTimer(c.Timeout)
	defer limit.Stop()
	signal := func() {
		p.Signalled = time.Now()
		interruptGroup(pid)
		limit.Reset(max(c.Settle, time.Second))
	}
	for {
		select {
		case err := <-done:
			return err, killed
		case <-interrupt:
			signal()
		case <-limit.C:
			if p.Signalled.IsZero() {
				p.TimedOut = true
				signal()
				continue
			}
			killed = true
			killGroup(pid)
		case <-ctx.Done():
			killed = true
			killGroup(pid)
		}
	}
}

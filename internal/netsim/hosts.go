package netsim

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// HostFigures are one host's requests in a run, from the proxy's log.
type HostFigures struct {
	Host         string
	Single, List int           // requests of each kind
	Floor        time.Duration // its paced floor, as Bound counts it
	paced        time.Duration // what its latest request added beyond its service time
	First, Last  time.Duration // its first request's start and its last answer, from the run's start
	Identities   int           // identities its requests carried
	Status       map[int]int   // answers by status
	AnswerBytes  int
	ServiceTime  time.Duration // the sum of its requests' service times
}

// PerHost are the figures of every host in log, by host name; start is
// the run's start.
func PerHost(log []Entry, paces map[string]Paces, start time.Time) []HostFigures {
	log = slices.Clone(log)
	slices.SortStableFunc(log, func(a, b Entry) int { return a.Start.Compare(b.Start) })
	by := map[string]*HostFigures{}
	for _, e := range log {
		h := by[e.Host]
		if h == nil {
			h = &HostFigures{Host: e.Host, Status: map[int]int{}, First: e.Start.Sub(start)}
			by[e.Host] = h
		}
		pace := paces[e.Host].Single
		if e.List {
			h.List++
			pace = paces[e.Host].List
		} else {
			h.Single++
		}
		h.Floor += max(e.Service, pace)
		h.paced = max(e.Service, pace) - e.Service
		h.First = min(h.First, e.Start.Sub(start))
		h.Last = max(h.Last, e.End.Sub(start))
		h.Identities += e.Items
		h.Status[e.Status]++
		h.AnswerBytes += e.Bytes
		h.ServiceTime += e.Service
	}
	var out []HostFigures
	for _, h := range by {
		h.Floor -= h.paced // no gap follows its last request
		out = append(out, *h)
	}
	slices.SortFunc(out, func(a, b HostFigures) int { return strings.Compare(a.Host, b.Host) })
	return out
}

// HostHeader is the head of the per-host table, in Markdown.
const HostHeader = "| host | list | single | identities | statuses | answer MB | floor | first request | last answer |\n" +
	"|---|---|---|---|---|---|---|---|---|"

// Markdown is h as a row of the per-host table.
func (h HostFigures) Markdown() string {
	var codes []int
	for c := range h.Status {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	var st []string
	for _, c := range codes {
		st = append(st, fmt.Sprintf("%d×%d", h.Status[c], c))
	}
	return fmt.Sprintf("| %s | %d | %d | %s | %s | %.1f | %s | %s | %s |", h.Host, h.List, h.Single, thousands(h.Identities),
		strings.Join(st, " "), float64(h.AnswerBytes)/(1<<20), seconds(h.Floor), seconds(h.First), seconds(h.Last))
}

package orchestrator

import (
	"errors"
	"net/url"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/transport"
)

// The run hands the story facts in report's own types; this file is
// where the adapters' types are read into them, so report needs to know
// neither the transport nor the providers.

// providerFacts is what the story tells of the run's providers, in
// registry order.
func providerFacts(specs []providers.Spec) []report.Provider {
	out := make([]report.Provider, len(specs))
	for i, s := range specs {
		p := report.Provider{Name: s.Name, Title: s.Title, Host: s.Host, MailtoBenefit: s.MailtoBenefit}
		if s.APIKey != nil {
			p.KeyEnv, p.KeyBenefit = s.APIKey.Env, s.APIKey.Benefit
		}
		if r := s.Redundant; r != nil {
			p.Redundant = &report.Redundancy{What: r.What, After: r.After, Why: r.Why}
		}
		out[i] = p
	}
	return out
}

// hostFigures is what the transport spent on each host.
func hostFigures(stats []transport.HostStats) []report.HostFigures {
	out := make([]report.HostFigures, len(stats))
	for i, h := range stats {
		out[i] = report.HostFigures(h)
	}
	return out
}

// withFault is o with what its error says beyond its words.
func withFault(o report.Outcome) report.Outcome {
	if o.Err != nil {
		o.Fault = faultOf(o.Err)
	}
	return o
}

// faultOf names the facts the story reads of a job's error: the status
// behind it, a missing contact e-mail, a stopped host, and the one fact
// its reason is told from. nil when it carries none (an interrupt's
// skips, a quarter of a million in a large run, allocate nothing).
func faultOf(err error) *report.Fault {
	var (
		te *transport.StatusError
		pe *providers.StatusError
		se *transport.StoppedError
		to *transport.TimeoutError
	)
	f := report.Fault{
		NeedsMailto: errors.Is(err, providers.ErrNeedsMailto),
		HostStopped: errors.Is(err, transport.ErrHostStopped),
	}
	switch {
	case errors.As(err, &te):
		f.Code = te.Code
	case errors.As(err, &pe):
		f.Code = pe.Code
	case errors.As(err, &se):
		f.Code = se.Code
	}
	// The reason is told from the error a *url.Error wraps, as far down
	// as they go: its own words repeat the request's URL.
	inner := err
	for {
		ue, ok := inner.(*url.Error)
		if !ok {
			break
		}
		inner = ue.Err
	}
	switch {
	case errors.As(err, &to):
		f.Told, f.Words = report.ToldTimedOut, to.Error()
	case errors.As(err, &te):
		f.Told, f.Status, f.Attempts = report.ToldGaveUp, te.Code, te.Attempts
	case errors.As(err, &se):
		f.Told, f.Words = report.ToldStopped, se.Reason
	case errors.As(inner, &pe) && inner == error(pe):
		f.Told, f.Status = report.ToldAnswered, pe.Code
	}
	if f == (report.Fault{}) {
		return nil
	}
	return &f
}

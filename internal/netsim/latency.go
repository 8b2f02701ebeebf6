package netsim

import "time"

// Latency is how long a simulated service takes to answer a request
// carrying n identities: a fixed part plus a part per record, as list
// answers take longer to build and to send.
type Latency struct{ Base, Per time.Duration }

// Of is the service time of a request carrying n identities.
func (l Latency) Of(n int) time.Duration { return l.Base + time.Duration(n)*l.Per }

// Latencies are rough figures seen from Europe for each service, by host.
func Latencies() map[string]Latency {
	return map[string]Latency{
		"pub.orcid.org":           {300 * time.Millisecond, 100 * time.Microsecond},
		"doi.org":                 {150 * time.Millisecond, 2 * time.Millisecond},
		"api.crossref.org":        {200 * time.Millisecond, 15 * time.Millisecond},
		"api.openalex.org":        {150 * time.Millisecond, 5 * time.Millisecond},
		"www.ebi.ac.uk":           {300 * time.Millisecond, 10 * time.Millisecond},
		"api.semanticscholar.org": {400 * time.Millisecond, 2 * time.Millisecond},
		"api.unpaywall.org":       {150 * time.Millisecond, 0},
		"api.datacite.org":        {300 * time.Millisecond, 5 * time.Millisecond},
	}
}

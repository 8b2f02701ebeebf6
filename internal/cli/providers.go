package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
)

// providerInfo is one provider as `about providers --json` prints it. The
// field names are a contract (docs/commands.md, "about providers").
type providerInfo struct {
	Name       string `json:"name"`
	Title      string `json:"title"`
	Host       string `json:"host"`
	IntervalMS int64  `json:"interval_ms"` // least gap between two requests
	// BatchIntervalMS is the least gap while a run asks the provider in
	// lists (a batch form or a discovery listing): the host keeps it for
	// every request then, as Crossref paces lists more strictly than
	// single records. Absent when the provider has no list form.
	BatchIntervalMS int64 `json:"batch_interval_ms,omitempty"`
	// KeyedIntervalMS is the least gap while api_key_env is set, when the
	// service documents a keyed allowance (KeyedRateSource); else absent.
	KeyedIntervalMS int64    `json:"keyed_interval_ms,omitempty"`
	KeyedRateSource string   `json:"keyed_rate_source,omitempty"`
	TimeoutMS       int64    `json:"timeout_ms"` // per attempt
	Accepts         []string `json:"accepts"`    // identity kinds
	BatchSize       int      `json:"batch_size"` // identities per request
	Default         bool     `json:"default"`    // asked unless the manifest or --only names providers
	NeedsMailto     bool     `json:"needs_mailto"`
	MailtoBenefit   string   `json:"mailto_benefit,omitempty"`
	APIKeyEnv       string   `json:"api_key_env,omitempty"`
	SlowDown        []int    `json:"slow_down"` // statuses besides 429 that mean "slow down"
	Terms           string   `json:"terms"`
	Attribution     string   `json:"attribution"`
	RateSource      string   `json:"rate_source"`
	Agency          string   `json:"agency,omitempty"` // the registration agency whose DOIs it is asked about
	Serves          string   `json:"serves,omitempty"` // a fallback's agencies, and what they give
}

func providerInfos() []providerInfo {
	var out []providerInfo
	for _, s := range providers.All() {
		p := providerInfo{
			Name: s.Name, Title: s.Title, Host: s.Host,
			IntervalMS: s.MinInterval.Milliseconds(), TimeoutMS: s.Timeout.Milliseconds(),
			Accepts: []string{}, BatchSize: max(s.BatchSize, 1), Default: !s.Optional,
			NeedsMailto: s.NeedsMailto, MailtoBenefit: s.MailtoBenefit, SlowDown: append([]int{}, s.SlowDown...),
			Terms: s.Terms, Attribution: s.Attribution, RateSource: s.RateSource,
			Agency: s.Agency, Serves: s.Serves,
		}
		if s.BatchSize > 1 || s.Discover != nil {
			p.BatchIntervalMS = max(s.MinInterval, s.BatchInterval).Milliseconds()
		}
		for _, k := range s.Accepts {
			p.Accepts = append(p.Accepts, string(k))
		}
		if s.APIKey != nil {
			p.APIKeyEnv = s.APIKey.Env
			p.KeyedIntervalMS, p.KeyedRateSource = s.APIKey.MinInterval.Milliseconds(), s.APIKey.RateSource
		}
		out = append(out, p)
	}
	return out
}

func providersCommand() *cli.Command {
	return &cli.Command{
		Name:  "providers",
		Usage: "list the providers about can ask, with their pace and terms",
		Description: `Lists the registry: each provider's name (as used in the manifest's
providers list and in --only), the host it asks, the least interval
between two requests to that host (and, under LISTS EVERY, the least
interval while the run asks it in lists, which the host then keeps for
every request), the identity kinds it answers for, how
many identities one request carries, its API key variable, and its terms
of use and the attribution they ask for (which about writes into the
snapshots).

Providers marked "when named" run only when the manifest's providers list
or --only names them.

Examples:
   about providers
   about providers --json | jq -r '.[] | select(.api_key_env != null) | .api_key_env'`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print the registry as JSON (stable field names) for machines"},
		},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help providers")
		},
		Action: func(c *cli.Context) error {
			infos := providerInfos()
			w := c.App.Writer
			if c.Bool("json") {
				data, err := snapshots.Encode(infos)
				if err != nil {
					return err
				}
				_, err = w.Write(data)
				return err
			}
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "NAME\tHOST\tEVERY\tLISTS EVERY\tACCEPTS\tBATCH\tRUNS\tAPI KEY")
			for _, p := range infos {
				runs := "by default"
				if !p.Default {
					runs = "when named"
				}
				if p.NeedsMailto {
					runs += ", needs mailto"
				}
				key := p.APIKeyEnv
				if key == "" {
					key = "-"
				}
				every := time.Duration(p.IntervalMS) * time.Millisecond
				lists := "-"
				if p.BatchIntervalMS > 0 {
					lists = (time.Duration(p.BatchIntervalMS) * time.Millisecond).String()
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", p.Name, p.Host, every, lists, strings.Join(p.Accepts, ","), p.BatchSize, runs, key)
			}
			tw.Flush()
			printAgencies(w, infos)
			fmt.Fprintln(w, "\nTerms of use, and the attribution each asks for (written into the snapshots):")
			for _, p := range infos {
				fmt.Fprintf(w, "  %s  %s\n      %s\n", p.Name, p.Terms, p.Attribution)
			}
			return nil
		},
	}
}

// printAgencies says which provider a DOI goes to, by the registration
// agency doi.org's Which RA? names for it.
func printAgencies(w io.Writer, infos []providerInfo) {
	fmt.Fprintln(w, "\nDOIs go to their registration agency's provider (doi.org's Which RA? says which agency):")
	for _, p := range infos {
		switch {
		case p.Agency != "":
			fmt.Fprintf(w, "  %s  %s's DOIs\n", p.Name, p.Agency)
		case p.Serves != "":
			fmt.Fprintf(w, "  %s  %s\n", p.Name, wrapText(p.Serves, 90, "      "))
		}
	}
}

// wrapText breaks text at spaces into lines of at most width bytes, the
// lines after the first led by indent.
func wrapText(text string, width int, indent string) string {
	var b strings.Builder
	line := 0
	for i, word := range strings.Fields(text) {
		switch {
		case i == 0:
		case line+1+len(word) > width:
			b.WriteString("\n" + indent)
			line = 0
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(word)
		line += len(word)
	}
	return b.String()
}

package wire

import (
	"strconv"
	"testing"
)

// TestFundersOfAHostileLength: a service's answer may be up to 32 MiB
// (transport.DefaultMaxBody), room for two million funders or award
// numbers; each Add compared against every entry so far, so such a list
// took hours (20,000 took 2.3 s). A work's funders and a funder's awards
// are cut at MaxFunders and MaxAwards, far beyond any real deposit's, the
// first ones kept in their order.
func TestFundersOfAHostileLength(t *testing.T) {
	var f Funders
	for i := range 3 * MaxFunders {
		f.Add("Funder number "+strconv.Itoa(i), "", "", "A"+strconv.Itoa(i))
	}
	list := f.List()
	if len(list) != MaxFunders || list[len(list)-1].Funder != "Funder number "+strconv.Itoa(MaxFunders-1) {
		t.Errorf("%d funders, the last %q; want the first %d", len(list), list[len(list)-1].Funder, MaxFunders)
	}
	var g Funders
	for i := range 3 * MaxAwards {
		g.Add("National Institutes of Health", "", "", "R01GM"+strconv.Itoa(i))
	}
	if a := g.List()[0].Awards; len(a) != MaxAwards || a[0] != "R01GM0" || a[len(a)-1] != "R01GM"+strconv.Itoa(MaxAwards-1) {
		t.Errorf("%d awards, from %q to %q; want the first %d", len(a), a[0], a[len(a)-1], MaxAwards)
	}
}

package main

import "testing"

// TestCollectorPaceIsTheUsers: about sets the collector's pace only when
// the user has not chosen one with GOGC, which the runtime honours.
func TestCollectorPaceIsTheUsers(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == "GOGC" {
				return v
			}
			return ""
		}
	}
	if p, ok := collectorPercent(env("")); !ok || p != gcPercent {
		t.Errorf("GOGC unset: %d, %v; want %d, set", p, ok, gcPercent)
	}
	for _, v := range []string{"100", "off", "200"} {
		if _, ok := collectorPercent(env(v)); ok {
			t.Errorf("GOGC=%s: about sets its own pace over the user's", v)
		}
	}
}

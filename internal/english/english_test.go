package english

import "testing"

func TestPluralIsSingularOnlyForOne(t *testing.T) {
	for n, want := range map[int]string{0: "jobs were", 1: "job was", 2: "jobs were", -1: "jobs were"} {
		if got := Plural(n, "job was", "jobs were"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
	}
}

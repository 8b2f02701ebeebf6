package manifest

import (
	"errors"
	"testing"
)

// parseError parses src as m.toml and returns the *Error it must fail
// with: every manifest mistake names its file, line and value.
func parseError(t *testing.T, src string) *Error {
	t.Helper()
	_, err := Parse("m.toml", []byte(src))
	var me *Error
	if !errors.As(err, &me) {
		t.Fatalf("%q: error %v is not a *Error", src, err)
	}
	return me
}

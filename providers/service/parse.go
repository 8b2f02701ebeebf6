package service

import (
	"unsafe"

	"github.com/tidwall/gjson"
)

// ParseBody parses an answer's JSON without copying it. gjson.ParseBytes
// copies the whole body into a string first: a second copy of every list
// answer (a megabyte or two) while it is read, -j of them at once. The
// body is the transport's own bytes (whole.Read), which nothing writes
// once read, so a string over them stays valid. As with ParseBytes, a
// string read from the result is a piece of the body: what outlives the
// call is copied (reply.encodeRecord, Claim.detached).
func ParseBody(b []byte) gjson.Result {
	if len(b) == 0 {
		return gjson.Result{}
	}
	return gjson.Parse(unsafe.String(&b[0], len(b)))
}

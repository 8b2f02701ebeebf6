package snapshots

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"strings"
)

// ReadPrevious reads a snapshot file the last run wrote into v. existed
// is false only when there is no file; damage says what is wrong with one
// that could not be read or decoded (Damage), "" when it was read.
// fetch rewrites a damaged file from the run's answers and says so,
// rather than rewriting it without a word.
//
// A file that is not a regular file (a symbolic link, which git can
// commit pointing anywhere on the machine) is damaged without being read:
// its target is neither the work's last snapshot nor anything to quote.
func ReadPrevious(path string, v any) (existed bool, damage string) {
	data, err := readRegular(path)
	var notRegular notRegularError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, ""
	case errors.As(err, &notRegular):
		return true, notRegular.Error()
	case err != nil:
		return true, "unreadable: " + err.Error()
	}
	if err := json.Unmarshal(data, v); err != nil {
		return true, Damage(err, len(data))
	}
	return true, ""
}

// Damage says in words what is wrong with a snapshot file of size bytes
// that could not be decoded: where its JSON breaks, or which field is
// not of the kind its schema says (docs/snapshots.md).
func Damage(err error, size int) string {
	var syn *json.SyntaxError
	switch {
	case size == 0:
		return "empty: not JSON"
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &syn) && strings.Contains(syn.Error(), "end of JSON input"):
		return fmt.Sprintf("not JSON: it ends inside the document at byte %d, as a file cut short by a full disk, an interrupted copy or a hand edit does", size)
	case errors.As(err, &syn):
		return fmt.Sprintf("not JSON at byte %d: %s", syn.Offset, syn.Error())
	}
	if what, ok := SchemaMismatch(err); ok {
		return what
	}
	return err.Error()
}

// SchemaMismatch says which field of a file that is JSON is not of the
// kind the snapshot schema gives it; ok is false for any other error.
func SchemaMismatch(err error) (what string, ok bool) {
	var typ *json.UnmarshalTypeError
	if !errors.As(err, &typ) {
		return "", false
	}
	field := typ.Field
	if field == "" {
		field = "the document"
	}
	return fmt.Sprintf("not of the snapshot schema: %s at byte %d is a JSON %s, where the schema has %s", field, typ.Offset, typ.Value, jsonKind(typ.Type)), true
}

// jsonKind names the JSON a Go type decodes from, for a person.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "a number"
}

package service

import (
	"fmt"
	"reflect"
	"testing"
)

// TestCleanReachesEveryText fills every string a Result can hold (each
// exported field, through pointers and lists) with control characters
// and cleans it: none is left anywhere, so a field added to Result or
// record.Record later is cleaned without a word here.
func TestCleanReachesEveryText(t *testing.T) {
	var res Result
	fill(reflect.ValueOf(&res).Elem(), 0)
	Clean(&res)
	n := 0
	walkStrings(reflect.ValueOf(res), "Result", func(path, s string) {
		n++
		if s != "ab c" {
			t.Errorf("%s = %q after Clean, want %q", path, s, "ab c")
		}
	})
	if n < 40 {
		t.Errorf("only %d strings were filled; the walk misses fields", n)
	}
}

func TestCleanText(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                    "plain",
		"  kept as it is  ":        "  kept as it is  ", // no control: untouched
		"\x1b[31mred\x1b[0m":       "[31mred[0m",
		"a\x00b\x07c\x7fd\u0085e":  "abcd e",
		"line one\r\nline two\t.":  "line one line two .",
		"\u009b2J\u0080x\u009fy":   "2Jxy",
		" \x1b leading and trail ": "leading and trail",
	} {
		if got := CleanText(in); got != want {
			t.Errorf("CleanText(%q) = %q, want %q", in, got, want)
		}
	}
}

// fill sets every settable string under v to "a\x1bb\u0085\x00c\n", and
// gives every pointer a value and every slice one element.
func fill(v reflect.Value, depth int) {
	if depth > 8 {
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString("a\x1bb\u0085\x00c\n")
	case reflect.Pointer:
		if v.Type().Elem().Kind() == reflect.Func {
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), depth+1)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), depth+1)
			}
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0), depth+1)
	}
}

// walkStrings calls f with every string under v and its path.
func walkStrings(v reflect.Value, path string, f func(path, s string)) {
	switch v.Kind() {
	case reflect.String:
		f(path, v.String())
	case reflect.Pointer:
		if !v.IsNil() {
			walkStrings(v.Elem(), path, f)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				walkStrings(v.Field(i), path+"."+v.Type().Field(i).Name, f)
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			walkStrings(v.Index(i), fmt.Sprintf("%s[%d]", path, i), f)
		}
	}
}

// Package keyname gives a citation key the forms it takes where it is
// not a citation: a file name every system holds, and names unique among
// the keys of one render. A key about makes is only a-z and 0-9 and is
// its own file name; a key a [[work]] keeps may hold punctuation
// (manifest.CheckKey says which), and this is where it is mapped.
package keyname

import (
	"slices"
	"strconv"
	"strings"
)

// File is a key as a file name every system and site builder takes
// (works/<key>.html, a Hugo Blox bundle's folder, an academicpages
// file): ASCII letters, digits and - _ . are kept, every other character
// ("smith2019:deep", "a/b", "a+b") becomes -; so does a first . or _
// (hidden files, and ones Jekyll leaves out of a site) and a last .
// (Windows drops it). A Windows device name (con, aux, nul, com1, …)
// gets a - after it. Names may still meet: Unique parts them.
func File(key string) string {
	b := []byte(key)
	for i, c := range b {
		keep := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
		if !keep || (i == 0 && (c == '.' || c == '_')) || (i == len(b)-1 && c == '.') {
			b[i] = '-'
		}
	}
	name := string(b)
	if stem, _, _ := strings.Cut(name, "."); windowsDevices[strings.ToLower(stem)] {
		name = stem + "-" + strings.TrimPrefix(name, stem)
	}
	return name
}

// windowsDevices are the names Windows keeps for devices, whatever the
// extension after them.
var windowsDevices = map[string]bool{
	"con": true, "prn": true, "aux": true, "nul": true,
	"com1": true, "com2": true, "com3": true, "com4": true, "com5": true, "com6": true, "com7": true, "com8": true, "com9": true,
	"lpt1": true, "lpt2": true, "lpt3": true, "lpt4": true, "lpt5": true, "lpt6": true, "lpt7": true, "lpt8": true, "lpt9": true,
}

// Unique is each key's name as form maps it, no two equal letter case
// aside (macOS and Windows file systems do not tell them apart). Keys,
// unique letter case aside, that are their own name keep it; a mapped name
// another key's name already is gets -2, -3, …, the keys in byte order.
func Unique(keys []string, form func(string) string) map[string]string {
	sorted := slices.Sorted(slices.Values(keys))
	names := make(map[string]string, len(keys))
	taken := map[string]bool{}
	for _, k := range sorted {
		if form(k) == k {
			names[k] = k
			taken[strings.ToLower(k)] = true
		}
	}
	for _, k := range sorted {
		if _, ok := names[k]; ok {
			continue
		}
		name := form(k)
		for n := 2; taken[strings.ToLower(name)]; n++ {
			name = form(k) + "-" + strconv.Itoa(n)
		}
		names[k] = name
		taken[strings.ToLower(name)] = true
	}
	return names
}

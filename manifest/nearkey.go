package manifest

import (
	"reflect"
	"strings"

	"github.com/aboutscholar/about/internal/english"
)

// nearKey is the known key an unknown one is a typo of ("member.orcd" →
// "orcid"), among the keys of its own table (or the top level), read from
// the raw structs' toml tags so the list cannot drift from what loads;
// "" when none is within two edits.
func nearKey(parts []string) string {
	if len(parts) == 2 && parts[0] == "work" {
		if k, ok := themeWorkKeys[strings.ToLower(parts[1])]; ok {
			return k
		}
	}
	t := reflect.TypeOf(rawManifest{})
	if len(parts) == 2 {
		f, ok := fieldByKey(t, parts[0])
		if !ok {
			return ""
		}
		t = f.Type
		for t.Kind() == reflect.Slice || t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
	} else if len(parts) != 1 {
		return ""
	}
	if t.Kind() != reflect.Struct {
		return ""
	}
	var keys []string
	for i := range t.NumField() {
		if k := tomlKey(t.Field(i)); k != "" {
			keys = append(keys, k)
		}
	}
	return english.Nearest(strings.ToLower(parts[len(parts)-1]), keys)
}

// themeWorkKeys are the site generators' names for [[work]] keys, which
// someone moving their list from al-folio or Hugo Blox will type: al-folio's
// bib.liquid fields and Hugo Blox's url_* front matter.
var themeWorkKeys = map[string]string{
	"supp": "supplement", "preview": "image", "annotation": "note", "html": "website",
	"url_pdf": "pdf", "url_slides": "slides", "url_video": "video", "url_poster": "poster", "url_code": "code",
	"url_dataset": "data", "url_project": "project", "url_source": "code", "image_preview": "image",
	"citekey": "key", "citation_key": "key", "bibtex_key": "key", "cite_key": "key",
}

func fieldByKey(t reflect.Type, key string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		if tomlKey(t.Field(i)) == key {
			return t.Field(i), true
		}
	}
	return reflect.StructField{}, false
}

func tomlKey(f reflect.StructField) string {
	k, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
	return k
}

package importbib

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/pelletier/go-toml/v2"
	"go.yaml.in/yaml/v3"
)

// frontMatter reads a Markdown page's front matter, as Hugo and Jekyll
// do: YAML between "---" lines, or (Hugo, as older Academic themes wrote
// it) TOML between "+++" lines, at the very start of the file. Each key
// becomes a field in file order, its value a string, bool, int64 or
// []string (manifest.CustomField's types): a float and a date as written,
// a table's keys as "table.key" fields, a list of tables as a list of
// each one's JSON text. Nulls are left out. ok is false when the page has
// no front matter; err says why what it has cannot be read.
func frontMatter(src []byte) (fields []manifest.CustomField, ok bool, err error) {
	src = bytes.TrimPrefix(src, []byte("\uFEFF"))
	text := strings.ReplaceAll(string(src), "\r\n", "\n")
	delim := ""
	switch {
	case strings.HasPrefix(text, "---\n"):
		delim = "---"
	case strings.HasPrefix(text, "+++\n"):
		delim = "+++"
	default:
		return nil, false, nil
	}
	body, _, found := strings.Cut(text[len(delim)+1:], "\n"+delim+"\n")
	if !found {
		if strings.HasSuffix(text, "\n"+delim) || text[len(delim)+1:] == delim {
			body = strings.TrimSuffix(strings.TrimSuffix(text[len(delim)+1:], delim), "\n")
		} else if strings.HasPrefix(text[len(delim)+1:], delim+"\n") {
			body = ""
		} else {
			return nil, true, fmt.Errorf("its front matter has no closing %s line", delim)
		}
	}
	if delim == "+++" {
		fields, err = tomlFields(body)
	} else {
		fields, err = yamlFields(body)
	}
	return fields, true, err
}

// yamlFields are a YAML mapping's keys, lines counted from the file's
// first line (the opening "---" is line 1).
func yamlFields(body string) ([]manifest.CustomField, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(body), &doc); err != nil {
		return nil, fmt.Errorf("its YAML front matter: %w", shiftYAMLError(err))
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	root := deref(doc.Content[0])
	if root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("its YAML front matter is not a mapping of keys")
	}
	var out []manifest.CustomField
	yamlMapping(root, "", &out)
	return out, nil
}

var yamlLine = regexp.MustCompile(`line ([0-9]+)`)

// shiftYAMLError counts a YAML error's line from the file's start.
func shiftYAMLError(err error) error {
	msg := yamlLine.ReplaceAllStringFunc(err.Error(), func(m string) string {
		n, _ := strconv.Atoi(strings.TrimPrefix(m, "line "))
		return fmt.Sprintf("line %d", n+1)
	})
	return fmt.Errorf("%s", strings.TrimPrefix(msg, "yaml: "))
}

func deref(n *yaml.Node) *yaml.Node {
	for depth := 0; n.Kind == yaml.AliasNode && n.Alias != nil && depth < 8; depth++ {
		n = n.Alias
	}
	return n
}

func yamlMapping(m *yaml.Node, prefix string, out *[]manifest.CustomField) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], deref(m.Content[i+1])
		name := prefix + k.Value
		if v.Kind == yaml.MappingNode {
			yamlMapping(v, name+".", out)
			continue
		}
		if value, ok := yamlValue(v); ok {
			*out = append(*out, manifest.CustomField{Name: name, Value: value, Line: k.Line + 1})
		}
	}
}

// yamlValue is a scalar's or a sequence's value; false for a null.
func yamlValue(v *yaml.Node) (any, bool) {
	switch v.Kind {
	case yaml.ScalarNode:
		switch v.ShortTag() {
		case "!!null":
			return nil, false
		case "!!bool":
			var b bool
			if v.Decode(&b) == nil {
				return b, true
			}
		case "!!int":
			var n int64
			if v.Decode(&n) == nil {
				return n, true
			}
		}
		return v.Value, true
	case yaml.SequenceNode:
		if tables, ok := yamlTables(v); ok {
			return tables, true
		}
		list := []string{}
		for _, item := range v.Content {
			item = deref(item)
			if item.Kind == yaml.ScalarNode {
				if item.ShortTag() != "!!null" {
					list = append(list, item.Value)
				}
				continue
			}
			list = append(list, jsonText(nodeText(item, 0)))
		}
		return list, true
	}
	return nil, false
}

// yamlTables is a sequence of mappings (Hugo Blox's links list) as a
// list of tables whose values are their text as written; false for any
// other sequence.
func yamlTables(v *yaml.Node) ([]map[string]any, bool) {
	var out []map[string]any
	for _, item := range v.Content {
		m, ok := nodeText(item, 0).(map[string]any)
		if !ok {
			return nil, false
		}
		out = append(out, m)
	}
	return out, len(out) > 0
}

// nodeText is a YAML node as Go values whose scalars are their text as
// written (an arXiv id 2101.00010 stays that, not the float 2101.0001).
func nodeText(n *yaml.Node, depth int) any {
	n = deref(n)
	if depth > 32 {
		return nil
	}
	switch n.Kind {
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = nodeText(n.Content[i+1], depth+1)
		}
		return m
	case yaml.SequenceNode:
		l := []any{}
		for _, c := range n.Content {
			l = append(l, nodeText(c, depth+1))
		}
		return l
	}
	return n.Value
}

// jsonText is a decoded value as compact JSON, keys sorted (encoding/json's way).
func jsonText(x any) string {
	b, err := json.Marshal(normalizeMaps(x))
	if err != nil {
		return fmt.Sprint(x)
	}
	return string(b)
}

// normalizeMaps makes YAML's map[any]any and TOML's dates encodable.
func normalizeMaps(x any) any {
	switch v := x.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range v {
			out[k] = normalizeMaps(e)
		}
		return out
	case map[any]any:
		out := map[string]any{}
		for k, e := range v {
			out[fmt.Sprint(k)] = normalizeMaps(e)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = normalizeMaps(e)
		}
		return out
	case time.Time, toml.LocalDate, toml.LocalDateTime, toml.LocalTime:
		return fmt.Sprint(v)
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return fmt.Sprint(v)
		}
	}
	return x
}

// tomlFields are a TOML document's keys, in the order they are written
// (go-toml's map keeps none: each key's line is found in the text).
func tomlFields(body string) ([]manifest.CustomField, error) {
	var m map[string]any
	if err := toml.Unmarshal([]byte(body), &m); err != nil {
		return nil, fmt.Errorf("its TOML front matter: %w", err)
	}
	var out []manifest.CustomField
	tomlTable(m, "", body, &out)
	slices.SortStableFunc(out, func(a, b manifest.CustomField) int { return a.Line - b.Line })
	return out, nil
}

func tomlTable(m map[string]any, prefix, body string, out *[]manifest.CustomField) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		name := prefix + k
		if sub, ok := m[k].(map[string]any); ok {
			tomlTable(sub, name+".", body, out)
			continue
		}
		if v, ok := tomlValue(m[k]); ok {
			*out = append(*out, manifest.CustomField{Name: name, Value: v, Line: tomlLine(body, k)})
		}
	}
}

// tomlLine is the line of key's first assignment (the opening "+++" is line 1).
func tomlLine(body, key string) int {
	re := regexp.MustCompile(`(?m)^[ \t]*(?:"` + regexp.QuoteMeta(key) + `"|` + regexp.QuoteMeta(key) + `)[ \t]*=`)
	if loc := re.FindStringIndex(body); loc != nil {
		return strings.Count(body[:loc[0]], "\n") + 2
	}
	return 0
}

func tomlValue(x any) (any, bool) {
	switch v := x.(type) {
	case nil:
		return nil, false
	case string, bool, int64:
		return v, true
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64), true
	case []any:
		list := []string{}
		for _, item := range v {
			if s, ok := tomlValue(item); ok {
				if str, isStr := s.(string); isStr {
					list = append(list, str)
				} else {
					list = append(list, jsonText(item))
				}
			}
		}
		return list, true
	}
	return fmt.Sprint(x), true
}

// markdownInline is the inline Markdown a venue or title is written
// with on these sites: *emphasis*, _emphasis_, **strong**, `code`.
var markdownInline = regexp.MustCompile(`\*\*|__|[*` + "`" + `]|\b_|_\b`)

// plainMarkdown is s without its inline Markdown markers.
func plainMarkdown(s string) string {
	return strings.Join(strings.Fields(markdownInline.ReplaceAllString(s, "")), " ")
}

// fieldString is a field's value as one string: a list's items joined.
func fieldString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []string:
		return strings.Join(x, ", ")
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	}
	return ""
}

// fieldList is a field's value as a list: a string is a one-item list.
func fieldList(v any) []string {
	switch x := v.(type) {
	case []string:
		return x
	case string:
		if strings.TrimSpace(x) != "" {
			return []string{x}
		}
	}
	return nil
}

// isEmpty reports a value that says nothing: "", an empty list.
func isEmpty(v any) bool {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x) == ""
	case []string:
		return len(x) == 0
	}
	return v == nil
}

// sortLinks puts links in manifest.WorkLinkKinds order, as Entry.Links holds them.
func sortLinks(links []manifest.WorkLink) {
	kinds := manifest.WorkLinkKinds()
	slices.SortStableFunc(links, func(a, b manifest.WorkLink) int {
		return slices.Index(kinds, a.Kind) - slices.Index(kinds, b.Kind)
	})
}

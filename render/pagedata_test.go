package render

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

const pageDataSchema = "../docs/page-data.schema.json"

// readPageDataSchema is docs/page-data.schema.json, decoded, and a
// validator rooted at it.
func readPageDataSchema(t *testing.T) (map[string]any, schemaValidator) {
	t.Helper()
	raw, err := os.ReadFile(pageDataSchema)
	if err != nil {
		t.Fatal(err)
	}
	var schema map[string]any
	if err := json.Unmarshal(raw, &schema); err != nil {
		t.Fatalf("the schema is not JSON: %v", err)
	}
	return schema, schemaValidator{root: schema}
}

// The json page data of the fixture (by year, by type with counts), the
// example and the synthetic record is valid against
// docs/page-data.schema.json, and docs/page-data.md names every field the
// schema has.
func TestPageDataMatchesItsSchema(t *testing.T) {
	schema, v := readPageDataSchema(t)
	corpora := citationCorpora(t)
	_, person := fixture(t)
	for _, name := range sortedNames(corpora) {
		for _, opts := range []Options{{Format: JSON, Person: person}, {Format: JSON, Person: person, Group: ByType, Counts: true}} {
			var doc any
			if err := json.Unmarshal([]byte(renderString(t, corpora[name], opts)), &doc); err != nil {
				t.Fatal(err)
			}
			for _, p := range v.check("$", doc, schema) {
				t.Errorf("%s %s: %s", name, opts.Group, p)
			}
		}
	}
	reference, err := os.ReadFile("../docs/page-data.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, field := range schemaFields(schema) {
		if !strings.Contains(string(reference), "| `"+field+"` |") {
			t.Errorf("docs/page-data.md does not describe %s", field)
		}
	}
}

// The validator rejects what the schema forbids, so a pass means something.
func TestPageDataSchemaCheckRejectsWhatTheSchemaForbids(t *testing.T) {
	schema, v := readPageDataSchema(t)
	good := `{"title":"t","person":{"names":[],"orcids":[]},"group_by":"year","summary":"s","count":1,"attribution":[],
		"groups":[{"id":"2020","title":"2020","works":[{"id":"doi:10.1/x","type":"book","type_label":"Book","title":"X","authors":[{"name":"A","self":true}],"issued":"2020-01"}]}]}`
	var doc any
	if err := json.Unmarshal([]byte(good), &doc); err != nil {
		t.Fatal(err)
	}
	if p := v.check("$", doc, schema); len(p) != 0 {
		t.Fatalf("a valid page fails: %v", p)
	}
	for _, bad := range []struct{ from, to string }{
		{`"group_by":"year"`, `"group_by":"month"`},
		{`"count":1`, `"count":"1"`},
		{`"self":true`, `"self":true,"extra":1`},
		{`"issued":"2020-01"`, `"issued":"January 2020"`},
		{`"title":"X",`, ``},
		{`"attribution":[]`, `"attribution":[{"provider":"x","attribution":"y","terms":"javascript:alert(1)"}]`},
	} {
		var d any
		if err := json.Unmarshal([]byte(strings.Replace(good, bad.from, bad.to, 1)), &d); err != nil {
			t.Fatal(err)
		}
		if len(v.check("$", d, schema)) == 0 {
			t.Errorf("%s → %s passes", bad.from, bad.to)
		}
	}
}

// schemaValidator checks the JSON Schema keywords docs/page-data.schema.json
// uses: type, properties, required, additionalProperties false, items,
// $ref to #/definitions, enum, pattern, minimum, format uri (http or https).
type schemaValidator struct{ root map[string]any }

func (v schemaValidator) check(at string, doc any, s map[string]any) []string {
	if ref, ok := s["$ref"].(string); ok {
		def, _ := v.root["definitions"].(map[string]any)[strings.TrimPrefix(ref, "#/definitions/")].(map[string]any)
		if def == nil {
			return []string{at + ": unknown $ref " + ref}
		}
		return v.check(at, doc, def)
	}
	if p := scalarProblem(at, doc, s); p != "" {
		return []string{p}
	}
	switch d := doc.(type) {
	case map[string]any:
		return v.checkObject(at, d, s)
	case []any:
		var problems []string
		if items, ok := s["items"].(map[string]any); ok {
			for i, x := range d {
				problems = append(problems, v.check(fmt.Sprintf("%s[%d]", at, i), x, items)...)
			}
		}
		return problems
	}
	return nil
}

func (v schemaValidator) checkObject(at string, d map[string]any, s map[string]any) []string {
	var problems []string
	props, _ := s["properties"].(map[string]any)
	required, _ := s["required"].([]any)
	for _, r := range required {
		if _, ok := d[r.(string)]; !ok {
			problems = append(problems, fmt.Sprintf("%s: required %s missing", at, r))
		}
	}
	keys := make([]string, 0, len(d))
	for k := range d {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		sub, ok := props[k].(map[string]any)
		if !ok {
			if s["additionalProperties"] == false {
				problems = append(problems, fmt.Sprintf("%s: property %s not allowed", at, k))
			}
			continue
		}
		problems = append(problems, v.check(at+"."+k, d[k], sub)...)
	}
	return problems
}

// scalarProblem checks type, enum, pattern, minimum and format; "" when
// the value passes them.
func scalarProblem(at string, doc any, s map[string]any) string {
	if typ, ok := s["type"].(string); ok && !hasJSONType(doc, typ) {
		return fmt.Sprintf("%s: %v is not %s", at, doc, typ)
	}
	if enum, ok := s["enum"].([]any); ok {
		found := false
		for _, e := range enum {
			found = found || e == doc
		}
		if !found {
			return fmt.Sprintf("%s: %v not in %v", at, doc, enum)
		}
	}
	str, isString := doc.(string)
	if pat, ok := s["pattern"].(string); ok && isString && !regexp.MustCompile(pat).MatchString(str) {
		return fmt.Sprintf("%s: %q does not match %s", at, str, pat)
	}
	if s["format"] == "uri" && isString && !strings.HasPrefix(str, "https://") && !strings.HasPrefix(str, "http://") {
		return fmt.Sprintf("%s: %q is not a web URI", at, str)
	}
	if minimum, ok := s["minimum"].(float64); ok {
		if n, ok := doc.(float64); ok && n < minimum {
			return fmt.Sprintf("%s: %v below %v", at, n, minimum)
		}
	}
	return ""
}

func hasJSONType(doc any, typ string) bool {
	switch typ {
	case "object":
		_, ok := doc.(map[string]any)
		return ok
	case "array":
		_, ok := doc.([]any)
		return ok
	case "string":
		_, ok := doc.(string)
		return ok
	case "boolean":
		_, ok := doc.(bool)
		return ok
	case "integer":
		n, ok := doc.(float64)
		return ok && n == float64(int64(n))
	case "number":
		_, ok := doc.(float64)
		return ok
	}
	return false
}

// schemaFields are every property name of the schema and its definitions.
func schemaFields(schema map[string]any) []string {
	var fields []string
	add := func(s map[string]any) {
		for k := range s["properties"].(map[string]any) {
			fields = append(fields, k)
		}
	}
	add(schema)
	for _, d := range schema["definitions"].(map[string]any) {
		add(d.(map[string]any))
	}
	sort.Strings(fields)
	return fields
}

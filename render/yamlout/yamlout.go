// Package yamlout writes the YAML of the data and site formats: a value
// through its JSON (HTML escaping off) into YAML nodes, keys in the JSON's
// order, every string double-quoted and a key plain only when YAML 1.1 and
// 1.2 read it back as the same string, indented by two and never wrapped;
// an item of a list written alone, so a page of 10,000 works is never one
// tree.
package yamlout

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"go.yaml.in/yaml/v3"
)

// Keys holds each object key's node once made, shared by the items of a
// list written one at a time: a page repeats a few dozen keys thousands of
// times.
type Keys map[string]*yaml.Node

// WriteItem writes v as an item of a block sequence whose dashes are
// at indent: encoded alone, its first line after "- ", the others
// indented two more.
func WriteItem(buf *bufio.Writer, v any, indent string, keys Keys, set ...Field) error {
	var one bytes.Buffer
	if err := EncodeData(&one, v, keys, set...); err != nil {
		return err
	}
	for i, line := range bytes.SplitAfter(bytes.TrimSuffix(one.Bytes(), []byte("\n")), []byte("\n")) {
		if i == 0 {
			buf.WriteString(indent + "- ")
		} else {
			buf.WriteString(indent + "  ")
		}
		buf.Write(line)
	}
	return buf.WriteByte('\n')
}

// Field is a key and value set on an object after its own: a user's
// custom field written back into a site's front matter.
type Field struct {
	Name  string
	Value any // string, bool, int64, float64 or []string
}

// EncodeData writes v as the page data is written: through its JSON
// (HTML escaping off) into YAML nodes, with the key nodes made so far
// (TreeKeys); v must be an object. Each of set replaces v's key of its
// name, or is added after v's keys.
func EncodeData(w io.Writer, v any, keys Keys, set ...Field) error {
	var data bytes.Buffer
	enc := json.NewEncoder(&data)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	root, err := TreeKeys(data.Bytes(), keys)
	if err != nil {
		return err
	}
	if root.Kind != yaml.MappingNode {
		return errors.New("yaml: page data is not an object")
	}
	for _, f := range set {
		if err := setKey(root, f, keys); err != nil {
			return err
		}
	}
	return Encode(w, root)
}

// setKey replaces or adds the key f.Name of the mapping root.
func setKey(root *yaml.Node, f Field, keys Keys) error {
	var data bytes.Buffer
	enc := json.NewEncoder(&data)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(map[string]any{f.Name: f.Value}); err != nil {
		return err
	}
	one, err := TreeKeys(data.Bytes(), keys) // the key made as every key is
	if err != nil {
		return err
	}
	value := one.Content[1]
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == f.Name {
			root.Content[i+1] = value
			return nil
		}
	}
	root.Content = append(root.Content, one.Content...)
	return nil
}

// Encode writes one YAML document holding n, indented by two spaces
// (lists under their key, as before) and never line-wrapped.
func Encode(w io.Writer, n *yaml.Node) error {
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return err
	}
	return enc.Close()
}

// Tree reads a JSON document as YAML nodes, object keys in document
// order.
func Tree(data []byte) (*yaml.Node, error) {
	return TreeKeys(data, Keys{})
}

// TreeKeys is Tree with the key nodes made so far (keys, added
// to): a page written a work at a time reads the same keys thousands of
// times.
func TreeKeys(data []byte, keys Keys) (*yaml.Node, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	r := yamlReader{dec: dec, keys: keys}
	return r.readNode()
}

// yamlReader turns JSON tokens into YAML nodes; keys holds each object
// key's node once made (a page repeats a few dozen keys thousands of
// times).
type yamlReader struct {
	dec  *json.Decoder
	keys Keys
}

// readNode reads one JSON value as a YAML node.
func (r *yamlReader) readNode() (*yaml.Node, error) {
	tok, err := r.dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		return r.readCollection(t)
	case string:
		return yamlString(t), nil
	case json.Number:
		return yamlNumber(t), nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(t)}, nil
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
	}
	return nil, fmt.Errorf("yaml: unexpected token %v", tok)
}

// readCollection reads the rest of an object or array whose opening
// delimiter open was just read, and its closing one.
func (r *yamlReader) readCollection(open json.Delim) (*yaml.Node, error) {
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	if open == '{' {
		n.Kind, n.Tag = yaml.MappingNode, "!!map"
	} else if open != '[' {
		return nil, fmt.Errorf("yaml: unexpected %v", open)
	}
	for r.dec.More() {
		if n.Kind == yaml.MappingNode {
			k, err := r.readKey()
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, k)
		}
		v, err := r.readNode()
		if err != nil {
			return nil, err
		}
		n.Content = append(n.Content, v)
	}
	_, err := r.dec.Token() // '}' or ']'
	return n, err
}

// readKey reads an object key as the library writes a Go string: plain
// when that reads back as the same string in YAML 1.1 and 1.2 (the page's
// keys are lower-case words), quoted otherwise (no, on, ~, 0123, *x, …);
// double-quoted then, as the values are, so a line separator is escaped
// rather than written raw in single quotes.
func (r *yamlReader) readKey() (*yaml.Node, error) {
	kt, err := r.dec.Token()
	if err != nil {
		return nil, err
	}
	k, ok := kt.(string)
	if !ok {
		return nil, fmt.Errorf("yaml: object key %v is not a string", kt)
	}
	if n := r.keys[k]; n != nil {
		return n, nil
	}
	n := &yaml.Node{}
	if err := n.Encode(k); err != nil {
		return nil, err
	}
	if n.Style != 0 {
		n.Style = yaml.DoubleQuotedStyle
	}
	r.keys[k] = n
	return n, nil
}

// yamlString is s as a double-quoted scalar; the emitter escapes what a
// double-quoted scalar may not hold raw (controls, DEL, C1 controls, line
// and paragraph separators, the byte-order mark, non-characters) and
// keeps everything else, non-ASCII letters included, as UTF-8.
func yamlString(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Style: yaml.DoubleQuotedStyle, Value: s}
}

// yamlNumber is a JSON number as YAML's int or float, written as JSON
// wrote it.
func yamlNumber(n json.Number) *yaml.Node {
	tag := "!!float"
	if _, err := n.Int64(); err == nil {
		tag = "!!int"
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: n.String()}
}

// EncodeValue writes v as YAML the way the page data is written:
// through its JSON (so the keys are the json tags, in field order) into
// YAML nodes, every string double-quoted, so no value can read back as
// another type (a title "No", a date-like string).
func EncodeValue(buf io.Writer, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	root, err := Tree(data)
	if err != nil {
		return err
	}
	return Encode(buf, root)
}

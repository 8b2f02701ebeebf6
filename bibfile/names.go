package bibfile

import "strings"

// Name is one name of a name list (author, editor, ...), its parts as
// BibTeX's name parser finds them, each read as text.
type Name struct {
	First, Von, Last, Jr string
	Raw                  string // the name as written in the value, LaTeX kept
	Corporate            bool   // written whole in braces, {Corporate Name}: all of it is Last
	Others               bool   // "and others": the list goes on unnamed (et al.)
}

// Names splits a name-list value (Field.Value) as BibTeX does: on the
// word "and" (any case) between spaces outside braces; each name read
// as "First von Last", "von Last, First" or "von Last, Jr, First",
// the von part being the words that start in lower case (a brace group
// has no case, an accent command in braces the case of its letter).
func Names(value string) []Name {
	var out []Name
	for _, raw := range splitAnd(value) {
		out = append(out, parseName(raw))
	}
	return out
}

// splitAnd cuts the list at " and " outside braces.
func splitAnd(s string) []string {
	words := splitWords(s, " \t\n~")
	var names []string
	var cur []string
	for _, w := range words {
		if strings.EqualFold(w, "and") {
			names = append(names, strings.Join(cur, " "))
			cur = nil
			continue
		}
		cur = append(cur, w)
	}
	names = append(names, strings.Join(cur, " "))
	out := names[:0]
	for _, n := range names {
		if n != "" {
			out = append(out, n)
		}
	}
	return out
}

// splitWords cuts s at runs of the separator bytes outside braces.
func splitWords(s, seps string) []string {
	var words []string
	depth, from := 0, -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		}
		sep := depth == 0 && strings.IndexByte(seps, c) >= 0
		if sep && from >= 0 {
			words = append(words, s[from:i])
			from = -1
		} else if !sep && from < 0 {
			from = i
		}
	}
	if from >= 0 {
		words = append(words, s[from:])
	}
	return words
}

func parseName(raw string) Name {
	n := Name{Raw: raw}
	if strings.EqualFold(raw, "others") {
		n.Others = true
		return n
	}
	if isOneGroup(raw) {
		n.Corporate = true
		n.Last = Text(raw)
		return n
	}
	parts := splitCommas(raw)
	switch len(parts) {
	case 1:
		words := splitWords(parts[0], " \t\n~")
		first, von, last := firstVonLast(words)
		n.First, n.Von, n.Last = join(first), join(von), join(last)
	default:
		von, last := vonLast(splitWords(parts[0], " \t\n~"))
		n.Von, n.Last = join(von), join(last)
		if len(parts) == 2 {
			n.First = Text(parts[1])
		} else {
			n.Jr = Text(parts[1])
			n.First = Text(strings.Join(parts[2:], ", "))
		}
	}
	return n
}

// isOneGroup reports whether s is a single brace group: {Name Inc.}.
func isOneGroup(s string) bool {
	return strings.HasPrefix(s, "{") && braceEnd(s, 0) == len(s)
}

// splitCommas cuts a name at its commas outside braces, trimmed.
func splitCommas(s string) []string {
	var parts []string
	depth, from := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '{':
			depth++
		case s[i] == '}' && depth > 0:
			depth--
		case s[i] == ',' && depth == 0:
			parts = append(parts, strings.TrimSpace(s[from:i]))
			from = i + 1
		}
	}
	return append(parts, strings.TrimSpace(s[from:]))
}

// firstVonLast reads "First von Last": von runs from the first to the
// last lower-case word before the last word.
func firstVonLast(w []string) (first, von, last []string) {
	if len(w) <= 1 {
		return nil, nil, w
	}
	i, j := -1, -1
	for k := 0; k < len(w)-1; k++ {
		if wordCase(w[k]) == 'l' {
			if i < 0 {
				i = k
			}
			j = k
		}
	}
	if i < 0 {
		return w[:len(w)-1], nil, w[len(w)-1:]
	}
	return w[:i], w[i : j+1], w[j+1:]
}

// vonLast reads "von Last" before a comma: von is up to the last
// lower-case word that leaves one for Last.
func vonLast(w []string) (von, last []string) {
	j := -1
	for k := 0; k < len(w)-1; k++ {
		if wordCase(w[k]) == 'l' {
			j = k
		}
	}
	if j < 0 || wordCase(w[0]) != 'l' {
		return nil, w
	}
	return w[:j+1], w[j+1:]
}

// wordCase is 'l' or 'u' by a word's first letter outside braces (an
// accent command in braces counts by its letter), or 0 when it has none.
func wordCase(w string) byte {
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= 'a' && c <= 'z':
			return 'l'
		case c >= 'A' && c <= 'Z':
			return 'u'
		case c == '{' && i+1 < len(w) && w[i+1] == '\\':
			return specialCase(w[i+1 : braceEnd(w, i)])
		case c == '{':
			i = braceEnd(w, i) - 1
		}
	}
	return 0
}

// specialCase is the case of a special character such as {\'E} or {\ss}:
// its first letter after the command (\ss, \o and the like are lower
// case, \O upper).
func specialCase(s string) byte {
	t := Text("{" + s)
	for _, r := range t {
		switch {
		case r >= 'a' && r <= 'z' || r > 0x7f && strings.ToLower(string(r)) == string(r) && strings.ToUpper(string(r)) != string(r):
			return 'l'
		case r >= 'A' && r <= 'Z' || r > 0x7f && strings.ToUpper(string(r)) == string(r) && strings.ToLower(string(r)) != string(r):
			return 'u'
		}
	}
	return 0
}

func join(words []string) string {
	if len(words) == 0 {
		return ""
	}
	return Text(strings.Join(words, " "))
}

package jsonschema

import (
	"math/big"
	"strconv"
	"strings"
)

// decimal is a JSON number read exactly, without expanding its exponent
// (1e999999999 costs nothing): 0.digits × 10^exp, negative when neg.
// digits has no leading or trailing zeros; zero has none at all.
type decimal struct {
	neg    bool
	digits string
	exp    int
}

// maxExponent bounds the exponents a decimal keeps: past it, a number is
// beyond any bound a schema sets in practice and saturates.
const maxExponent = 1 << 30

// parseDecimal reads the text of a JSON number.
func parseDecimal(text string) decimal {
	var d decimal
	if strings.HasPrefix(text, "-") {
		d.neg, text = true, text[1:]
	}
	mantissa, exponent, _ := strings.Cut(strings.ToLower(text), "e")
	whole, frac, _ := strings.Cut(mantissa, ".")
	digits := whole + frac
	exp := len(whole)
	trimmed := strings.TrimLeft(digits, "0")
	exp -= len(digits) - len(trimmed)
	d.digits = strings.TrimRight(trimmed, "0")
	if d.digits == "" {
		return decimal{}
	}
	if exponent != "" {
		e, err := strconv.ParseInt(exponent, 10, 64)
		if err != nil || e > maxExponent || e < -maxExponent {
			e = maxExponent
			if strings.HasPrefix(exponent, "-") {
				e = -maxExponent
			}
		}
		exp += int(e)
	}
	d.exp = min(max(exp, -maxExponent), maxExponent)
	return d
}

func (d decimal) isZero() bool { return d.digits == "" }

// isInt reports whether d is a whole number.
func (d decimal) isInt() bool { return d.isZero() || d.exp >= len(d.digits) }

// cmp compares two decimals: -1, 0 or +1.
func (d decimal) cmp(e decimal) int {
	switch {
	case d.isZero() && e.isZero():
		return 0
	case d.isZero():
		return e.sign() * -1
	case e.isZero():
		return d.sign()
	case d.neg != e.neg:
		return d.sign()
	}
	c := 0
	switch {
	case d.exp > e.exp:
		c = 1
	case d.exp < e.exp:
		c = -1
	default:
		c = strings.Compare(d.digits, e.digits) // no trailing zeros: the shorter is smaller
	}
	return c * d.sign()
}

func (d decimal) sign() int {
	switch {
	case d.isZero():
		return 0
	case d.neg:
		return -1
	}
	return 1
}

// int returns d as an int when it is a whole number that fits.
func (d decimal) int() (int, bool) {
	if !d.isInt() || d.exp > 18 {
		return 0, false
	}
	n, err := strconv.ParseInt(d.digits+strings.Repeat("0", d.exp-len(d.digits)), 10, 64)
	if d.isZero() {
		n, err = 0, nil
	}
	if d.neg {
		n = -n
	}
	return int(n), err == nil
}

// rat is d as a fraction, when its exponent is small enough to expand.
func (d decimal) rat() (*big.Rat, bool) {
	if d.isZero() {
		return new(big.Rat), true
	}
	if d.exp > maxExactExponent || d.exp < -maxExactExponent || len(d.digits) > maxExactExponent {
		return nil, false
	}
	sign := ""
	if d.neg {
		sign = "-"
	}
	return new(big.Rat).SetString(sign + "0." + d.digits + "e" + strconv.Itoa(d.exp))
}

// maxExactExponent bounds the numbers multipleOf expands to fractions.
const maxExactExponent = 4096

// exactSize is about how many digits d has as a fraction: what checking
// it against multipleOf costs.
func (d decimal) exactSize() int {
	return len(d.digits) + min(max(d.exp, -d.exp), maxExactExponent)
}

// multipleOf reports whether d, at least m in magnitude, is a whole
// multiple of m (m > 0), whose fraction mr, parsed once with the schema, is
// nil when m is out of range for exact arithmetic.
func (d decimal) multipleOf(m decimal, mr *big.Rat) bool {
	a, ok := d.rat()
	if !ok || mr == nil {
		// Out of range for exact arithmetic: as near as floats get.
		x, _ := strconv.ParseFloat(d.String(), 64)
		y, _ := strconv.ParseFloat(m.String(), 64)
		q := x / y
		return q == float64(int64(q))
	}
	return new(big.Rat).Quo(a, mr).IsInt()
}

// magnitude is d without its sign.
func magnitude(d decimal) decimal {
	d.neg = false
	return d
}

// String writes d as a JSON number.
func (d decimal) String() string { return string(d.appendJSON(nil)) }

// appendJSON appends d as a JSON number, in the one form every equal
// number has.
func (d decimal) appendJSON(b []byte) []byte {
	if d.isZero() {
		return append(b, '0')
	}
	if d.neg {
		b = append(b, '-')
	}
	b = append(append(b, "0."...), d.digits...)
	return strconv.AppendInt(append(b, 'e'), int64(d.exp), 10)
}

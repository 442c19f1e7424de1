package engine

import (
	"math/bits"
	"strings"
)

// Digits is a set of the digits 1-9, with digit d stored at bit d. It is the
// candidate set of a cell, or the set of digits seen in a unit.
type Digits uint16

// AllDigits holds every digit 1-9.
const AllDigits Digits = 0x3FE

// DigitSet returns the set holding the given digits.
func DigitSet(ds ...uint8) Digits {
	var s Digits
	for _, d := range ds {
		s |= 1 << d
	}
	return s
}

// Has reports whether d is in the set.
func (s Digits) Has(d uint8) bool { return s&(1<<d) != 0 }

// With returns the set with d added.
func (s Digits) With(d uint8) Digits { return s | 1<<d }

// Without returns the set with d removed.
func (s Digits) Without(d uint8) Digits { return s &^ (1 << d) }

// Count returns the number of digits in the set.
func (s Digits) Count() int { return bits.OnesCount16(uint16(s)) }

// First returns the smallest digit in the set, or 0 when it is empty.
func (s Digits) First() uint8 {
	if s == 0 {
		return 0
	}
	return uint8(bits.TrailingZeros16(uint16(s)))
}

// Slice returns the digits in increasing order.
func (s Digits) Slice() []uint8 {
	out := make([]uint8, 0, s.Count())
	for x := s; x != 0; x &= x - 1 {
		out = append(out, uint8(bits.TrailingZeros16(uint16(x))))
	}
	return out
}

// String writes the digits in increasing order, e.g. "257".
func (s Digits) String() string {
	var b strings.Builder
	for _, d := range s.Slice() {
		b.WriteByte('0' + d)
	}
	return b.String()
}

// Package codecheck holds tests of the repository's own shape: rules from
// the developers' guide that a reviewer would otherwise have to check by
// hand, such as the length of functions.
package codecheck

//go:build js

package main

// runCommand is never reached in the browser: RunWhenOnBrowser does not return.
func runCommand() {}

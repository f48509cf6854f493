package app

// What the browser tests (package app_test) need to see of the page.
const (
	AutosaveKey  = autosaveKey
	PersistDelay = persistDelay
)

package reshape

import "strconv"

// appendIndex extends the JSON Pointer of a document's array to one of its
// items.
func appendIndex(ptr string, i int) string { return ptr + "/" + strconv.Itoa(i) }

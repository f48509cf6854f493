package reshape

import (
	"fmt"
	"math/rand"
	"testing"
	"time"
)

func TestZZHang(t *testing.T) {
	alphabet := []string{"a", "b", ":", " ", "\n", "\t", "-", "?", "[", "]", "{", "}", ",", "\"", "'", "\\", "#", "&", "*", "!", "|", ">", "%", "@", "  ", "---", "1", "\r"}
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 2000000; n++ {
		var b []byte
		for l := r.Intn(16); l > 0; l-- {
			b = append(b, alphabet[r.Intn(len(alphabet))]...)
		}
		text := string(b)
		done := make(chan bool)
		go func() { ParseYAML(text); close(done) }()
		select {
		case <-done:
		case <-time.After(2 * time.Second):
			fmt.Printf("HANG %q\n", text)
			t.FailNow()
		}
	}
}

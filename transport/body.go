package transport

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
)

// cappedBody fails a read that goes past max bytes, so a runaway or hostile
// response cannot fill memory. Close runs hook once (ending the attempt's
// deadline).
type cappedBody struct {
	rc       io.ReadCloser     // underlying body
	max      int64             // the cap, for the error message
	left     int64             // bytes still allowed; -1 once over the cap
	expired  func(error) error // turns a read error into a *TimeoutError when the attempt's deadline ended it
	timeout  *TimeoutError     // the first read that timed out, returned again by later reads
	timedOut atomic.Bool       // timeout is set (Close may run on another goroutine)
	hook     func()            // run once on Close
	once     sync.Once         // guards hook
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, b.tooLarge()
	}
	// Ask for one byte past the cap so we can tell "exactly max" from "more".
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	if b.timedOut.Load() {
		return 0, b.timeout
	}
	n, err := b.rc.Read(p)
	if err != nil && err != io.EOF && b.expired != nil {
		if err = b.expired(err); errors.As(err, &b.timeout) {
			b.timedOut.Store(true)
		}
	}
	if int64(n) > b.left {
		n = int(b.left)
		b.left = -1
		return n, b.tooLarge()
	}
	b.left -= int64(n)
	return n, err
}

func (b *cappedBody) tooLarge() error {
	return fmt.Errorf("%w: over %d bytes", ErrTooLarge, b.max)
}

func (b *cappedBody) Close() error {
	err := b.rc.Close()
	b.once.Do(b.hook)
	return err
}

// closeHook runs hook once when the body is closed (releasing a host's gate).
type closeHook struct {
	rc   io.ReadCloser // underlying body
	hook func()        // run once on Close
	once sync.Once     // guards hook
}

func (b *closeHook) Read(p []byte) (int, error) { return b.rc.Read(p) }

func (b *closeHook) Close() error {
	err := b.rc.Close()
	b.once.Do(b.hook)
	return err
}

// recordingBody keeps a copy of what the caller reads and hands it to emit
// once, on Close.
type recordingBody struct {
	rc   io.ReadCloser // underlying body
	buf  bytes.Buffer  // bytes read so far; MaxBody bounds it (cappedBody is beneath)
	emit func([]byte)  // called once on Close
	once sync.Once     // guards emit
}

func (b *recordingBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	b.buf.Write(p[:n])
	return n, err
}

func (b *recordingBody) Close() error {
	err := b.rc.Close()
	b.once.Do(func() { b.emit(b.buf.Bytes()) })
	return err
}

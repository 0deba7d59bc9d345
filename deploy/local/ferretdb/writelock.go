package main

// FerretDB 1.24 applies an update as read, modify in Go, then an unconditional write of the whole
// document by _id (handler/msg_update.go, backends/sqlite UpdateAll). Two concurrent writes to one
// document therefore lose one of them, and a conditional filter such as {version: 3} is checked
// against the read, not at the write. MongoDB guarantees both, and our services rely on it
// (DESIGN.md: one single-document write carries a change and its events).
//
// So FerretDB listens on a private Unix socket, and this proxy serves the public TCP address:
// it passes the MongoDB wire protocol through untouched, but lets only one write command
// (insert, update, delete, findAndModify) be in flight at a time, from its request until its
// reply. Each write's read-modify-write then runs alone, which restores single-document
// atomicity. Reads are never held. It is for local runs and tests; production runs MongoDB.

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
)

const (
	opMsg           = 2013
	moreToComeFlag  = 1 << 1
	maxMessageBytes = 48 << 20
)

// Commands that modify documents; their first BSON key names them.
var writeCommands = map[string]bool{
	"insert": true, "update": true, "delete": true, "findAndModify": true, "findandmodify": true,
}

type writeProxy struct {
	backend string // Unix socket path of FerretDB
	logger  *slog.Logger
	writes  sync.Mutex
}

func (p *writeProxy) serve(ctx context.Context, listener net.Listener) error {
	go func() {
		<-ctx.Done()
		listener.Close()
	}()
	for {
		client, err := listener.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		go p.handle(client)
	}
}

func (p *writeProxy) handle(client net.Conn) {
	defer client.Close()
	backend, err := net.Dial("unix", p.backend)
	if err != nil {
		p.logger.Error("proxy: cannot reach FerretDB", "error", err)
		return
	}
	defer backend.Close()

	// The request id of the write holding the lock on this connection, 0 when none.
	var holding atomic.Int32
	release := func() {
		if holding.Swap(0) != 0 {
			p.writes.Unlock()
		}
	}
	defer release()

	// Commands awaiting a reply, by request id: named in the log if FerretDB drops the connection.
	var pendingMu sync.Mutex
	pending := map[int32]string{}

	done := make(chan struct{})
	go func() { // FerretDB -> client: a reply to the held write releases the lock.
		defer close(done)
		defer client.Close()
		for {
			msg, err := readMessage(backend)
			if err != nil {
				pendingMu.Lock()
				if len(pending) > 0 && !errors.Is(err, net.ErrClosed) {
					p.logger.Warn("proxy: FerretDB closed a connection with commands unanswered", "commands", fmt.Sprint(pending), "error", err)
				}
				pendingMu.Unlock()
				return
			}
			pendingMu.Lock()
			delete(pending, int32(binary.LittleEndian.Uint32(msg[8:12])))
			pendingMu.Unlock()
			if _, err := client.Write(msg); err != nil {
				return
			}
			responseTo := int32(binary.LittleEndian.Uint32(msg[8:12]))
			if id := holding.Load(); id != 0 && id == responseTo && !hasMoreToCome(msg) {
				release()
			}
		}
	}()

	for { // client -> FerretDB: a write waits for the lock first.
		msg, err := readMessage(client)
		if err != nil {
			break
		}
		name := commandName(msg)
		if !hasMoreToCome(msg) {
			pendingMu.Lock()
			pending[int32(binary.LittleEndian.Uint32(msg[4:8]))] = name
			pendingMu.Unlock()
		}
		isWrite := writeCommands[name]
		if isWrite {
			p.writes.Lock()
			holding.Store(int32(binary.LittleEndian.Uint32(msg[4:8])))
		}
		if _, err := backend.Write(msg); err != nil {
			break
		}
		if isWrite && hasMoreToCome(msg) { // unacknowledged write: no reply will come
			release()
		}
	}
	backend.Close()
	<-done
}

// readMessage reads one whole wire message: a 16-byte header whose first int32 is its length.
func readMessage(r io.Reader) ([]byte, error) {
	var header [16]byte
	if _, err := io.ReadFull(r, header[:]); err != nil {
		return nil, err
	}
	length := int(binary.LittleEndian.Uint32(header[:4]))
	if length < 16 || length > maxMessageBytes {
		return nil, fmt.Errorf("wire message of %d bytes", length)
	}
	msg := make([]byte, length)
	copy(msg, header[:])
	if _, err := io.ReadFull(r, msg[16:]); err != nil {
		return nil, err
	}
	return msg, nil
}

func hasMoreToCome(msg []byte) bool {
	return len(msg) >= 20 && binary.LittleEndian.Uint32(msg[12:16]) == opMsg && binary.LittleEndian.Uint32(msg[16:20])&moreToComeFlag != 0
}

// commandName is the first key of an OP_MSG's body section (kind 0); "" for anything else.
func commandName(msg []byte) string {
	if len(msg) < 21 || binary.LittleEndian.Uint32(msg[12:16]) != opMsg {
		return ""
	}
	for pos := 20; pos < len(msg); {
		kind := msg[pos]
		pos++
		if pos+4 > len(msg) {
			return ""
		}
		size := int(binary.LittleEndian.Uint32(msg[pos : pos+4]))
		switch kind {
		case 0: // body document: int32 size, then the first element's type byte and name
			start := pos + 5
			end := start
			for end < len(msg) && msg[end] != 0 {
				end++
			}
			if start >= len(msg) || end >= len(msg) {
				return ""
			}
			return string(msg[start:end])
		case 1: // document sequence: int32 size including itself
			pos += size
		default:
			return ""
		}
	}
	return ""
}

var errNoBackend = errors.New("FerretDB socket did not appear")

// Command ferretdb-local runs FerretDB (MongoDB wire protocol over SQLite) for local runs and tests.
//
// We embed FerretDB as a library instead of installing its CLI: a plain `go install` of
// github.com/FerretDB/FerretDB panics at start-up because build/version/version.txt is generated
// by FerretDB's own build and is absent from the module. The embeddable package skips that check.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/build/version"
	"github.com/FerretDB/FerretDB/ferretdb"
)

const ferretModule = "github.com/FerretDB/FerretDB"

// ferretVersion reads FerretDB's version from the build info: in embedded mode
// version.Get().Version stays "unknown", but the module version is recorded by the Go toolchain.
func ferretVersion() string {
	if v := version.Get().Version; v != "" && v != "unknown" {
		return v
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, d := range bi.Deps {
		if d.Path == ferretModule {
			if d.Replace != nil {
				return d.Replace.Version
			}
			return d.Version
		}
	}
	return "unknown"
}

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	data := flag.String("data", "", "directory for the SQLite databases and the private socket (required unless -version)")
	postgresURL := flag.String("postgresql", "", "store in this PostgreSQL database (postgres://...) instead of SQLite files under -data")
	showVersion := flag.Bool("version", false, "print the FerretDB version and exit")
	flag.Parse()

	if *showVersion {
		fmt.Printf("%s (MongoDB wire version %s)\n", ferretVersion(), version.Get().MongoDBVersion)
		return
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))

	if err := run(*listen, *data, *postgresURL, logger); err != nil {
		logger.Error("ferretdb-local failed", "error", err)
		os.Exit(1)
	}
}

func run(listen, data, postgresURL string, logger *slog.Logger) error {
	if data == "" {
		return errors.New("-data is required")
	}
	dir, err := filepath.Abs(data)
	if err != nil {
		return err
	}
	if err = os.MkdirAll(dir, 0o755); err != nil {
		return err
	}

	// Stamp the real release so clients asking buildInfo see it (the test log prints it).
	version.Get().Version = ferretVersion()

	// FerretDB itself listens on a private socket; clients reach it through the write-serializing
	// proxy on the public address (writelock.go says why).
	socket := filepath.Join(dir, "ferretdb.sock")
	if err = os.Remove(socket); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	config := &ferretdb.Config{
		Listener: ferretdb.ListenerConfig{Unix: socket},
		Logger:   logger,
		Handler:  "sqlite",
		// The sqlite handler wants a directory URI with a trailing slash; one file per database.
		SQLiteURL: "file:" + dir + "/",
	}
	backend := "sqlite"
	if postgresURL != "" {
		// On PostgreSQL, FerretDB pushes top-level equality filters down to SQL; on SQLite it
		// reads and decodes the whole collection for any filter but _id (issue 14).
		config.Handler, config.SQLiteURL, config.PostgreSQLURL = "postgresql", "", postgresURL
		backend = "postgresql"
	}
	f, err := ferretdb.New(config)
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	logger.Info("ferretdb-local starting", "version", ferretVersion(), "listen", listen, "data", dir, "backend", backend)
	ferretDone := make(chan error, 1)
	go func() { ferretDone <- f.Run(ctx) }()
	if err = waitForSocket(ctx, socket, ferretDone); err != nil {
		return err
	}
	listener, err := net.Listen("tcp", listen)
	if err != nil {
		return err
	}
	proxy := &writeProxy{backend: socket, logger: logger}
	go func() {
		if serveErr := proxy.serve(ctx, listener); serveErr != nil {
			logger.Error("proxy stopped", "error", serveErr)
			stop()
		}
	}()
	err = <-ferretDone
	logger.Info("ferretdb-local stopped")
	return err
}

// waitForSocket waits until FerretDB listens on its socket, so the public address never accepts a
// client it cannot serve.
func waitForSocket(ctx context.Context, socket string, ferretDone <-chan error) error {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if conn, err := net.Dial("unix", socket); err == nil {
			conn.Close()
			return nil
		}
		select {
		case err := <-ferretDone:
			return fmt.Errorf("FerretDB stopped during start-up: %w", err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	return errNoBackend
}

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
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"

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
	data := flag.String("data", "", "directory for the SQLite databases (required unless -version)")
	showVersion := flag.Bool("version", false, "print the FerretDB version and exit")
	flag.Parse()

	if *showVersion {
		fmt.Printf("%s (MongoDB wire version %s)\n", ferretVersion(), version.Get().MongoDBVersion)
		return
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))

	if err := run(*listen, *data, logger); err != nil {
		logger.Error("ferretdb-local failed", "error", err)
		os.Exit(1)
	}
}

func run(listen, data string, logger *slog.Logger) error {
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

	f, err := ferretdb.New(&ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: listen},
		Logger:   logger,
		Handler:  "sqlite",
		// The sqlite handler wants a directory URI with a trailing slash; one file per database.
		SQLiteURL: "file:" + dir + "/",
	})
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	logger.Info("ferretdb-local starting", "version", ferretVersion(), "listen", listen, "data", dir)
	err = f.Run(ctx)
	logger.Info("ferretdb-local stopped")
	return err
}

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/*
 * schemathesis lives in a Python virtual environment of its own, scripts/fuzz/.venv (git-ignored),
 * installed from PyPI with every package pinned by scripts/fuzz/requirements.txt. Made on the
 * first run, and again whenever the pinned schemathesis differs from the one installed.
 */

export interface Venv {
  schemathesis: string;
  version: string;
}

function run(command: string, args: string[], what: string): string {
  const result = spawnSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.error || result.status !== 0) {
    const detail = result.error?.message ?? `${result.stderr}${result.stdout}`.trim().split("\n").slice(-15).join("\n");
    throw new Error(`${what} failed (${command} ${args.join(" ")}):\n${detail}`);
  }
  return result.stdout.trim();
}

/**
 * The newest Python 3.10+ on the PATH (or $PYTHON): schemathesis needs 3.10, and a newer CPython
 * is the better bet (3.11.7 once failed a coverage phase with "AST constructor recursion depth
 * mismatch", a thread-safety error inside CPython's parser, with two workers).
 */
function pickPython(): { command: string; version: string } {
  const candidates = process.env.PYTHON ? [process.env.PYTHON] : ["python3.13", "python3.12", "python3.11", "python3.10", "python3"];
  for (const command of candidates) {
    const probe = spawnSync(command, ["-c", "import sys, venv; print('%d.%d' % sys.version_info[:2])"], { encoding: "utf8" });
    const version = probe.status === 0 ? probe.stdout.trim() : "";
    const [major = 0, minor = 0] = version.split(".").map(Number);
    if (major === 3 && minor >= 10) return { command, version };
  }
  throw new Error(`schemathesis needs Python 3.10 or newer with its venv module; none of ${candidates.join(", ")} is (set PYTHON to one)`);
}

export function ensureSchemathesis(fuzzDir: string): Venv {
  const requirements = join(fuzzDir, "requirements.txt");
  const pinned = /^schemathesis==(\S+)$/m.exec(readFileSync(requirements, "utf8"))?.[1];
  if (!pinned) throw new Error(`${requirements} does not pin schemathesis (schemathesis==<version>)`);
  const venv = join(fuzzDir, ".venv");
  const python = join(venv, "bin", "python");
  const schemathesis = join(venv, "bin", "schemathesis");

  const installed = existsSync(schemathesis) ? /version (\S+)/.exec(spawnSync(schemathesis, ["--version"], { encoding: "utf8" }).stdout ?? "")?.[1] : undefined;
  if (installed === pinned) return { schemathesis, version: installed };

  const { command: system, version: pythonVersion } = pickPython();
  console.log(
    installed ? `schemathesis ${installed} is not the pinned ${pinned}: reinstalling into ${venv}` : `Installing schemathesis ${pinned} from PyPI into ${venv} with Python ${pythonVersion} (once)...`,
  );
  if (!existsSync(python)) run(system, ["-m", "venv", venv], "Creating the virtual environment");
  run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", requirements], "Installing schemathesis");
  const version = /version (\S+)/.exec(run(schemathesis, ["--version"], "Running schemathesis"))?.[1] ?? "unknown";
  return { schemathesis, version };
}

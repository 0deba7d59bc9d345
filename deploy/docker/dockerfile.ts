/**
 * deploy/docker/Dockerfile read as its stages and instructions, for the tests that stand in for
 * `docker build` (no Docker engine runs on our machines): enough of the format for what the file
 * uses — comments, `\` line continuations, `FROM image AS name`, one instruction per line.
 */
export interface DockerInstruction {
  keyword: string;
  /** The rest of the instruction, continuations joined with a space. */
  text: string;
}

export interface DockerStage {
  /** The stage's `AS` name (lower case), or its position when it has none. */
  name: string;
  /** The image or earlier stage it starts from. */
  from: string;
  instructions: DockerInstruction[];
}

export function dockerfileStages(dockerfile: string): DockerStage[] {
  const logicalLines = dockerfile
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: DockerStage[] = [];
  for (const line of logicalLines) {
    const [, keyword = "", text = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === "FROM") {
      const [, from = "", name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(text) ?? [];
      stages.push({ name: (name ?? String(stages.length)).toLowerCase(), from, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), text });
    }
  }
  return stages;
}

/** The stage and every stage it builds on, itself first (what ends up in its image). */
export function stageChain(stages: readonly DockerStage[], name: string): DockerStage[] {
  const chain: DockerStage[] = [];
  for (let stage = stages.find((s) => s.name === name); stage; stage = stages.find((s) => s.name === stage!.from.toLowerCase())) chain.push(stage);
  return chain;
}

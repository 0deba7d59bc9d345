import { z } from "zod";
import { envPort, loadConfig } from "@amia/kit";
import { createOpenAiStandIn } from "./stand-in.ts";

// `npm start -w @amia/openai-stand-in`: a local model that answers every chat with a short text.
// Point the agent at it with OPENAI_BASE_URL=http://127.0.0.1:4090/v1 and any OPENAI_API_KEY.
const ZOpenAiStandInEnvSchema = z.object({ PORT: envPort.default(4090), HOST: z.string().min(1).default("127.0.0.1") });
const env = loadConfig("openai-stand-in", ZOpenAiStandInEnvSchema);
const standIn = await createOpenAiStandIn({ port: env.PORT, host: env.HOST });
console.log(`OpenAI stand-in listening on ${standIn.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void standIn.close().then(() => process.exit(0)));

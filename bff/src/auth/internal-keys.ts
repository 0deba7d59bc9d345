import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import { createTokenMinter, type Logger, type TInternalUser } from "@amia/kit";
import type { TBffEnv, TPrivateJwk } from "../env.ts";

/**
 * The keys the BFF signs internal JWTs with (DESIGN.md "Secrets"): the current private key from
 * config, its public half and any previous public keys published at /.well-known/jwks.json, so
 * services can verify tokens signed just before a rotation (README "Key rotation").
 */
export interface InternalKeys {
  kid: string;
  /** The JWKS document: the current public key first, then the previous ones. */
  jwks: { keys: JWK[] };
  /** A token for `user`, addressed to one service (`audience` = the service's name). */
  mint: (user: TInternalUser, audience: string | string[]) => Promise<string>;
}

/** How long a minted token lives; services refuse anything older than 2 minutes anyway. */
export const INTERNAL_TOKEN_TTL_SECONDS = 60;

export async function loadInternalKeys(env: TBffEnv, logger: Logger): Promise<InternalKeys> {
  const configured = env.INTERNAL_JWT_PRIVATE_JWK;
  const { privateKey, publicJwk } = configured ? await importConfiguredKey(configured) : await generateEphemeralKey();
  if (!configured) {
    // Expected outside production (npm start, tests): said, not warned, so a local start logs no
    // warning. In production it was allowed explicitly (INTERNAL_JWT_ALLOW_EPHEMERAL_KEY) and stays a warning.
    logger[env.NODE_ENV === "production" ? "warn" : "info"](
      { kid: publicJwk.kid },
      "INTERNAL_JWT_PRIVATE_JWK is not set: signing internal JWTs with a key generated for this start only (fine for one local replica; set a key for anything else)",
    );
  }
  const previous = env.INTERNAL_JWT_PREVIOUS_PUBLIC_JWKS.filter((jwk) => jwk.kid !== publicJwk.kid) as JWK[];
  const alg = publicJwk.alg === "EdDSA" ? "EdDSA" : "ES256";
  return {
    kid: publicJwk.kid!,
    jwks: { keys: [publicJwk, ...previous] },
    mint: createTokenMinter({ privateKey, kid: publicJwk.kid!, alg, issuer: env.INTERNAL_JWT_ISSUER, ttlSeconds: INTERNAL_TOKEN_TTL_SECONDS }),
  };
}

async function importConfiguredKey(jwk: TPrivateJwk): Promise<{ privateKey: CryptoKey; publicJwk: JWK }> {
  const alg = jwk.kty === "EC" ? "ES256" : "EdDSA";
  const privateKey = (await importJWK({ ...jwk, alg }, alg)) as CryptoKey;
  // The public half is the private JWK without its private part.
  const { d: _private, ...publicPart } = jwk;
  return { privateKey, publicJwk: { ...publicPart, alg, use: "sig" } };
}

async function generateEphemeralKey(): Promise<{ privateKey: CryptoKey; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const publicJwk = { ...(await exportJWK(publicKey)), kid: `ephemeral-${randomUUID()}`, alg: "ES256", use: "sig" };
  return { privateKey, publicJwk };
}

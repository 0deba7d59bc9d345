import { randomUUID } from "node:crypto";
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTVerifyGetKey } from "jose";
import { createTokenMinter, type TInternalUser } from "../auth/internal-jwt.ts";

export interface TestAuthority {
  issuer: string;
  keys: JWTVerifyGetKey;
  /** A token for `user`, addressed to the service `audience`, as the BFF would mint it. */
  mint: (user: TInternalUser, audience: string | string[]) => Promise<string>;
}

/** A key pair of its own, standing where the BFF's keys stand in production. */
export async function createTestAuthority(issuer = "amia-bff"): Promise<TestAuthority> {
  const { publicKey, privateKey } = await generateKeyPair("ES256");
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" };
  return {
    issuer,
    keys: createLocalJWKSet({ keys: [jwk] }),
    mint: createTokenMinter({ privateKey, kid, alg: "ES256", issuer }),
  };
}

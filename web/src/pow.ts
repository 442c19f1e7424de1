// The Activity sign-in's proof of work (webapi/challenge.go): when the
// bot is flooded with made-up codes from the player's address, it answers
// a sign-in 429 with a challenge, and the page proves work before sending
// its code again: a nonce such that SHA-256(challenge ":" nonce) starts
// with `bits` zero bits. A player's phone pays this only under a flood;
// a flooder pays it for every code.

import type { SignInChallenge, SignInProof } from "./contract.gen";

/** leadingZeroBits counts the zero bits a digest starts with. */
export function leadingZeroBits(d: Uint8Array): number {
  let n = 0;
  for (const b of d) {
    if (b === 0) {
      n += 8;
      continue;
    }
    return n + Math.clz32(b) - 24;
  }
  return n;
}

// batch digests go to Web Crypto at once: one digest at a time waits on
// a promise each, several times slower than the hashing itself.
const batch = 256;

/**
 * solve finds the proof of a challenge with Web Crypto's SHA-256 (the
 * nonce is a decimal number, tried from 0 up). signal stops it.
 */
export async function solve(ch: SignInChallenge, signal?: AbortSignal): Promise<SignInProof> {
  const enc = new TextEncoder();
  const subtle = globalThis.crypto.subtle;
  for (let base = 0; ; base += batch) {
    signal?.throwIfAborted();
    const sums = await Promise.all(
      Array.from({ length: batch }, (_, i) => subtle.digest("SHA-256", enc.encode(ch.challenge + ":" + (base + i)))),
    );
    for (let i = 0; i < batch; i++) {
      if (leadingZeroBits(new Uint8Array(sums[i]!)) >= ch.bits) {
        return { challenge: ch.challenge, nonce: String(base + i) };
      }
    }
  }
}

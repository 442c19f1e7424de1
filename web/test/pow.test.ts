// Unit tests of the sign-in's proof of work (pow.ts) against the bot's
// check (webapi/challenge.go).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { leadingZeroBits, solve } from "../src/pow";

test("leadingZeroBits counts whole and partial bytes", () => {
  assert.equal(leadingZeroBits(new Uint8Array([0x80])), 0);
  assert.equal(leadingZeroBits(new Uint8Array([0x01, 0xff])), 7);
  assert.equal(leadingZeroBits(new Uint8Array([0, 0, 0x20])), 18);
  assert.equal(leadingZeroBits(new Uint8Array([0, 0])), 16);
});

test("solve finds the nonce the bot's own search finds", async () => {
  // The first nonce from 0 up with 14 zero bits, found by Go's
  // crypto/sha256 (the same search as webapi's solvePoW): 9539,
  // whose digest starts 000263f4.
  const challenge = "7.1900000000.14.c2Fsdy1zYWx0.bm90LWEtcmVhbC1zaWc";
  const p = await solve({ challenge, bits: 14 });
  assert.deepEqual(p, { challenge, nonce: "9539" });
  const sum = createHash("sha256").update(challenge + ":" + p.nonce).digest();
  assert.equal(sum.subarray(0, 4).toString("hex"), "000263f4");
});

test("solve stops when asked", async () => {
  const stop = new AbortController();
  stop.abort();
  await assert.rejects(solve({ challenge: "x", bits: 30 }, stop.signal));
});

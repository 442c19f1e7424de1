// The live stream's parser: events from text in any pieces.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SSEParser } from "../src/live";

const stream = 'retry: 1000\n\n: hb\n\nid: 7\nevent: state\ndata: {"a":1}\n\r\ndata: x\r\ndata: y\r\r: c\n\nid: 8\ndata: cut';

test("events in one piece", () => {
  const p = new SSEParser();
  assert.deepEqual(p.push(stream), [
    { id: "7", type: "state", data: '{"a":1}' },
    // The id carries over, as the standard says: it is the stream's last id.
    { id: "7", type: "message", data: "x\ny" },
  ]);
  assert.equal(p.retry, 1000);
});

test("the same events a character at a time", () => {
  const p = new SSEParser();
  const got = [...stream].flatMap((ch) => p.push(ch));
  assert.deepEqual(
    got.map((e) => e.data),
    ['{"a":1}', "x\ny"],
  );
});

test("a \\r\\n split between pieces is one line end", () => {
  const p = new SSEParser();
  assert.deepEqual(p.push("data: a\r"), []);
  assert.deepEqual(p.push("\n\r\n"), [{ id: "", type: "message", data: "a" }]);
});

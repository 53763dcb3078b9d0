// stream_consumers.js: Node's `stream/consumers`: arrayBuffer, buffer, text
// and json read a whole stream (any async iterable: a Readable, a web
// ReadableStream) of strings and byte views. No blob() (weft has no Blob).
// Loaded on first require.
'use strict';

function chunkBytes(chunk) {
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  internal.throwInvalidArgType('chunk', ['string', 'Buffer', 'TypedArray', 'DataView', 'ArrayBuffer'], chunk);
}

async function buffer(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunkBytes(chunk));
  return Buffer.concat(chunks);
}

async function arrayBuffer(stream) {
  const buf = await buffer(stream);
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
}

// byte chunks decoded as UTF-8 across chunk boundaries; string chunks as they are
async function text(stream) {
  const decoder = new TextDecoder();
  let out = '';
  for await (const chunk of stream) {
    if (typeof chunk === 'string') out += decoder.decode() + chunk;
    else out += decoder.decode(chunkBytes(chunk), { stream: true });
  }
  return out + decoder.decode();
}

async function json(stream) {
  return JSON.parse(await text(stream));
}

internal.streamConsumers = { arrayBuffer, buffer, text, json };

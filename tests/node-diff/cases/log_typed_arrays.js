// Typed arrays and ArrayBuffer.
console.log(new Uint8Array([1, 2, 3]));
console.log(new Float64Array([1.5, -0]));
console.log(new Int16Array(0));
console.log(new BigInt64Array([1n, -1n]));
console.log(new ArrayBuffer(4));
console.log(new Uint8Array([255, 16, 0, 1]).buffer);

// BigInt formatting.
console.log(123n, -5n, 0n);
console.log(2n ** 70n);
console.log([1n, -2n], { big: 10n });
